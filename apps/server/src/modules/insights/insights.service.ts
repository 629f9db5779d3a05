import { fromCents, type MoneyFormat } from '@salary/shared/common/money';
import { type Actor, can, inTeam } from '@salary/shared/common/permissions';
import type { EmployeeFilters } from '@salary/shared/employees/employee.contract';
import type { Breakdown, Insights } from '@salary/shared/insights/insights.contract';
import { notFound } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import { breakdownOf } from './breakdown.calc.ts';
import { aggregate } from './insights.aggregate.ts';
import type { InsightsRepository } from './insights.repository.ts';

const NEED_SALARY = 'You do not have permission to see salaries';

/**
 * Pay insights: the whole priced list aggregated on the server (one priced read, the same as
 * the directory's, with its filters), and one employee's salary explained line by line.
 * Both need admin or showSalary; cost figures only with showCost.
 */
export function createInsightsService(deps: {
  pricing: PricingService;
  insights: InsightsRepository;
  /** How money reads in this company: the breakdown's rule texts name amounts. */
  format: () => Promise<MoneyFormat>;
  /** `asOf` when it names another day than the company's today; today or none: undefined. */
  otherDay: (asOf: string | undefined) => Promise<string | undefined>;
}) {
  const { pricing } = deps;
  return {
    /**
     * `asOf` (YYYY-MM-DD): the employees as of that day (their version then, the rules in force
     * then) and only those employed that day; absent or today: today's list.
     */
    async overview(actor: Actor, filters: EmployeeFilters, asOf?: string): Promise<Insights> {
      requirePermission(actor, 'showSalary', NEED_SALARY);
      const day = await deps.otherDay(asOf);
      const [{ employees }, axes] = await Promise.all([
        pricing.priceEmployees(day === undefined ? filters : { ...filters, asOf: day }),
        deps.insights.axes(),
      ]);
      const salaryFilter = filters.salaryFrom !== undefined || filters.salaryTo !== undefined;
      const from = filters.salaryFrom ?? Number.NEGATIVE_INFINITY;
      const to = filters.salaryTo ?? Number.POSITIVE_INFINITY;
      // The directory's salary filter, exactly as the list applies it (employees.service.ts).
      // Only those employed on the day count (leavers and hires still to start do not).
      // A user limited to a team: its members only (plugins/team-scope.plugin.ts).
      const active = employees.filter(
        (p) => p.employee.employmentStatus === 'ACTIVE' && inTeam(actor, p.employee.id),
      );
      const matching = salaryFilter
        ? active.filter(
            (p) =>
              p.calculatedSalary !== null &&
              fromCents(p.calculatedSalary) >= from &&
              fromCents(p.calculatedSalary) <= to,
          )
        : active;
      return aggregate(matching, axes, can(actor, 'showCost'));
    },

    async breakdown(actor: Actor, id: number): Promise<Breakdown> {
      requirePermission(actor, 'showSalary', NEED_SALARY);
      const explained = await pricing.explainEmployee(id);
      if (!explained) throw notFound('Employee not found');
      const { employee, result, factor, settings } = explained;
      return breakdownOf(employee, result, factor, settings, can(actor, 'showCost'), await deps.format());
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
