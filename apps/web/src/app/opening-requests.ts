import type { User } from '@salary/shared/auth/auth.contract';
import { can } from '@salary/shared/common/permissions';
import type { Worksheet } from '@salary/shared/raise-cycles/raise-cycles.contract';
import type { QueryClient } from '@tanstack/react-query';
import { employeesQueryOptions } from '../features/employees/api/get-employees.ts';
import { insightsQueryOptions } from '../features/insights/api/get-insights.ts';
import { worksheetQueryOptions } from '../features/raise-cycles/api/raise-cycles.ts';
import { companyQueryOptions } from '../lib/company-format.tsx';
import { filtersFromParams } from '../lib/directory-filters.ts';
import { prefetchOpeningData } from '../lib/opening-data.ts';
import { canSeeInsights } from '../lib/permissions.ts';
import type { EarlyRead } from './opening-page.ts';

/**
 * The data of the page the app opened on, for the confirmed user: the directory (every
 * signed-in user), the Pay Overview (only for whom it opens) and a raise cycle's worksheet
 * (for whom may see salaries). The page uses the answer for
 * its first visit (`reloadOnVisit`).
 */
export function prefetchPageData(
  queryClient: QueryClient,
  user: User,
  pathname: string,
  search: string,
  /** The page's read sent beside the session check, if it had one: its answer is used here. */
  early?: EarlyRead,
): void {
  // Every signed-in page formats its figures with the company record: asked for beside the page's data.
  void queryClient.prefetchQuery(companyQueryOptions());
  const filters = filtersFromParams(new URLSearchParams(search));
  const page = pathname.split('/')[1] ?? '';
  if (page === '' || page === 'dashboard') prefetchOpeningData(queryClient, employeesQueryOptions(filters));
  else if (page === 'insights' && canSeeInsights(user))
    prefetchOpeningData(queryClient, insightsQueryOptions(filters));
  else if (page === 'raise-cycles' && can(user, 'showSalary')) {
    // A cycle's worksheet (10,000 rows is the page's long pole); the page keeps it 30 s like any query.
    const id = Number(pathname.split('/')[2]);
    if (Number.isSafeInteger(id) && id > 0) {
      const options = worksheetQueryOptions(id);
      const sent = early?.path === `/raise-cycles/${id}/worksheet` ? early.answer : undefined;
      void queryClient.prefetchQuery(
        sent ? { ...options, queryFn: () => sent as Promise<Worksheet> } : options,
      );
    }
  }
}
