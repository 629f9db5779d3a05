import { canReadMoneyRules } from '@salary/shared/common/permissions';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import {
  canOpenEmployeeForms,
  canSeeInsights,
  canSeePayTransparency,
  canSeeRaiseCycles,
  canSeeSettings,
} from '../lib/permissions.ts';
import { RequireAccess } from './guards/require-access.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import {
  CalculatorPage,
  EmployeeFormPage,
  EmployeesPage,
  InsightsPage,
  LoginPage,
  PayRequestsPage,
  PayTransparencyPage,
  PostingRangePage,
  RaiseCyclesPage,
  SettingsHub,
  SsoCallbackPage,
} from './lazy-pages.ts';

/** Routes; everything but /login sits behind the login guard inside the layout. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <Suspense fallback={<FullPageLoader />}>
            <LoginPage />
          </Suspense>
        }
      />
      <Route
        path="/login/sso"
        element={
          <Suspense fallback={<FullPageLoader label="Signing in..." />}>
            <SsoCallbackPage />
          </Suspense>
        }
      />
      <Route element={<RequireAuth />}>
        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route path="dashboard" element={<EmployeesPage />} />
        <Route path="calculator" element={<CalculatorPage />} />
        <Route element={<RequireAccess allow={canSeeSettings} />}>
          <Route path="settings/*" element={<SettingsHub />} />
        </Route>
        <Route element={<RequireAccess allow={canSeeInsights} />}>
          <Route path="insights" element={<InsightsPage />} />
        </Route>
        <Route element={<RequireAccess allow={canOpenEmployeeForms} />}>
          <Route path="employees/new" element={<EmployeeFormPage />} />
          <Route path="employees/edit/:id" element={<EmployeeFormPage />} />
        </Route>
        <Route element={<RequireAccess allow={canSeePayTransparency} />}>
          <Route path="pay-transparency" element={<PayTransparencyPage />} />
          <Route path="worker-requests" element={<PayRequestsPage />} />
        </Route>
        <Route element={<RequireAccess allow={canSeeRaiseCycles} />}>
          <Route path="raise-cycles" element={<RaiseCyclesPage />} />
          <Route path="raise-cycles/:id" element={<RaiseCyclesPage />} />
        </Route>
        <Route element={<RequireAccess allow={canReadMoneyRules} />}>
          <Route path="pay-transparency/posting-range" element={<PostingRangePage />} />
        </Route>
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  );
}
