import type { User } from '@salary/shared/auth/auth.contract';
import type { QueryClient } from '@tanstack/react-query';
import { employeesQueryOptions } from '../features/employees/api/get-employees.ts';
import { insightsQueryOptions } from '../features/insights/api/get-insights.ts';
import { companyQueryOptions } from '../lib/company-format.tsx';
import { filtersFromParams } from '../lib/directory-filters.ts';
import { prefetchOpeningData } from '../lib/opening-data.ts';
import { canSeeInsights } from '../lib/permissions.ts';

/**
 * The data of the page the app opened on, for the confirmed user: the directory (every
 * signed-in user) and the Pay Overview (only for whom it opens). The page uses the answer for
 * its first visit (`reloadOnVisit`).
 */
export function prefetchPageData(
  queryClient: QueryClient,
  user: User,
  pathname: string,
  search: string,
): void {
  // Every signed-in page formats its figures with the company record: asked for beside the page's data.
  void queryClient.prefetchQuery(companyQueryOptions());
  const filters = filtersFromParams(new URLSearchParams(search));
  const page = pathname.split('/')[1] ?? '';
  if (page === '' || page === 'dashboard') prefetchOpeningData(queryClient, employeesQueryOptions(filters));
  else if (page === 'insights' && canSeeInsights(user))
    prefetchOpeningData(queryClient, insightsQueryOptions(filters));
}
