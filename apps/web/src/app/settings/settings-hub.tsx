import { Suspense } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { useCurrentUser } from '../../lib/auth/auth-context.ts';
import { SettingsNav } from './settings-nav.tsx';
import { listedSections, SETTINGS_SECTIONS } from './settings-sections.ts';

/** /settings/*: section cards above, the chosen section below; unknown paths → first visible one. */
export default function SettingsHub() {
  const user = useCurrentUser();
  const sections = listedSections(user);
  const currentPath = useParams()['*']?.split('/')[0];
  const first = sections[0] ?? SETTINGS_SECTIONS[0]!;

  return (
    <>
      <PageHeader
        title="Settings"
        description="Salary rules, company settings and user accounts."
        documentTitle={[SETTINGS_SECTIONS.find((s) => s.path === currentPath)?.label ?? '', 'Settings']}
      />
      <SettingsNav sections={sections} currentPath={currentPath} />
      {/* Sections draw their own surfaces (panels, tables, forms). */}
      <Suspense fallback={<SectionLoader />}>
        <Routes>
          {SETTINGS_SECTIONS.map((section) => (
            <Route key={section.path} path={`${section.path}/*`} element={<section.component />} />
          ))}
          <Route path="*" element={<Navigate to={`/settings/${first.path}`} replace />} />
        </Routes>
      </Suspense>
    </>
  );
}
