import { lazy } from 'react';

// One chunk per page: the login screen never downloads the shell, the tables or the forms.
export const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
export const SsoCallbackPage = lazy(() => import('../features/auth/sso-callback-page.tsx'));
export const AppLayout = lazy(() => import('./layout/app-layout.tsx'));
export const EmployeesPage = lazy(() => import('../features/employees/employees-page.tsx'));
export const EmployeeFormPage = lazy(() => import('../features/employees/employee-form-page.tsx'));
export const CalculatorPage = lazy(() => import('../features/calculator/calculator-page.tsx'));
export const SettingsHub = lazy(() => import('./settings/settings-hub.tsx'));
export const PayTransparencyPage = lazy(
  () => import('../features/pay-transparency/pay-transparency-page.tsx'),
);
export const InsightsPage = lazy(() => import('../features/insights/insights-page.tsx'));
