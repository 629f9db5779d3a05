import { type ComponentType, lazy } from 'react';

type PageModule = { default: ComponentType };

/**
 * A page in a chunk of its own (the login screen never downloads the shell, the tables or the
 * forms) that can be asked for early. Once its code is here it renders at once: React.lazy
 * gets a thenable that resolves synchronously, so no Suspense fallback is shown and React's
 * 300 ms throttle on revealing content after a fallback never applies.
 */
export function lazyPage(load: () => Promise<PageModule>) {
  let loaded: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  const preload = (): Promise<PageModule> => {
    loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // a later visit downloads it again
        throw error;
      },
    );
    return loading;
  };
  const Page = lazy(() =>
    loaded
      ? // A thenable, not a Promise: React.lazy reads its value in the same call.
        ({
          // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose (see above).
          then: (resolve: (module: PageModule) => void) => resolve(loaded!),
        } as unknown as Promise<PageModule>)
      : preload(),
  );
  return Object.assign(Page, { preload });
}

export const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx'));
export const SsoCallbackPage = lazyPage(() => import('../features/auth/sso-callback-page.tsx'));
export const AppLayout = lazyPage(() => import('./layout/app-layout.tsx'));
export const EmployeesPage = lazyPage(() => import('../features/employees/employees-page.tsx'));
export const EmployeeFormPage = lazyPage(() => import('../features/employees/employee-form-page.tsx'));
export const CalculatorPage = lazyPage(() => import('../features/calculator/calculator-page.tsx'));
export const SettingsHub = lazyPage(() => import('./settings/settings-hub.tsx'));
export const PayTransparencyPage = lazyPage(
  () => import('../features/pay-transparency/pay-transparency-page.tsx'),
);
export const PostingRangePage = lazyPage(() => import('../features/pay-transparency/posting-range-page.tsx'));
export const PayRequestsPage = lazyPage(() => import('../features/pay-requests/pay-requests-page.tsx'));
export const RaiseCyclesPage = lazyPage(() => import('../features/raise-cycles/raise-cycles-page.tsx'));
export const InsightsPage = lazyPage(() => {
  // Its chart library with it, not after it: the page asks for it only once its code has run.
  import('../features/insights/insight-charts.tsx').catch(() => {});
  return import('../features/insights/insights-page.tsx');
});

/** The signed-in page an address shows (the router's table, by first segment). */
export function pageAt(pathname: string) {
  switch (pathname.split('/')[1] ?? '') {
    case 'calculator':
      return CalculatorPage;
    case 'settings':
      return SettingsHub;
    case 'insights':
      return InsightsPage;
    case 'pay-transparency':
      return pathname.split('/')[2] === 'posting-range' ? PostingRangePage : PayTransparencyPage;
    case 'worker-requests':
      return PayRequestsPage;
    case 'raise-cycles':
      return RaiseCyclesPage;
    case 'employees':
      return EmployeeFormPage;
    default:
      return EmployeesPage;
  }
}
