// Every Mantine component's styles (in the `mantine` layer): the first visit only loads those
// of /login (app/first-visit-styles.ts); the signed-in shell brings the rest.
import '@mantine/core/styles.layer.css';
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SectionLoader } from '../../components/section-loader.tsx';
import { focusPageHeadingWhenShown } from '../../lib/a11y/page-focus.ts';
import { CompanyFormatProvider } from '../../lib/company-format.tsx';
import { Brand } from './brand.tsx';
import { Sidebar } from './sidebar.tsx';

const NAV_ID = 'app-navigation';

/**
 * Shared layout: sidebar from 768 px up, a header with a burger below that. A skip link leads
 * past the navigation; the closed phone menu is `inert` (no invisible Tab stops) and Escape
 * closes it; every navigation (and the first page after sign-in) moves focus to the new
 * page's h1, so a screen reader announces where the user is.
 */
export default function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const burgerRef = useRef<HTMLButtonElement>(null);

  // A navigation on a phone should reveal the page, not leave the menu over it.
  useEffect(() => {
    if (pathname) close();
  }, [pathname, close]);

  useEffect(() => (pathname ? focusPageHeadingWhenShown() : undefined), [pathname]);

  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      burgerRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, close]);

  return (
    <AppShell
      header={{ height: { base: 56, sm: 0 } }}
      navbar={{ width: 256, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <AppShell.Header hiddenFrom="sm" px="md">
        <Group h="100%" gap="sm" wrap="nowrap">
          <Burger
            ref={burgerRef}
            opened={opened}
            onClick={toggle}
            size="sm"
            aria-label={opened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={opened}
            aria-controls={NAV_ID}
          />
          <Brand />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" id={NAV_ID} inert={!wide && !opened}>
        <Sidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <div style={{ maxWidth: 1200, marginInline: 'auto' }}>
          <CompanyFormatProvider>
            <Suspense fallback={<SectionLoader />}>
              <Outlet />
            </Suspense>
          </CompanyFormatProvider>
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
