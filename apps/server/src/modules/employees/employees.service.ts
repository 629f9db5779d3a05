import { calculateWithPrepared } from '@salary/salary-engine/calculate-salary';
import { SalaryEngineError } from '@salary/salary-engine/salary-engine-error';
import { type Actor, can } from '@salary/shared/common/permissions';
import type {
  EmployeeFilters,
  EmployeeInput,
  EmployeeView,
} from '@salary/shared/employees/employee.contract';
import type { Settings } from '@salary/shared/settings/settings.contract';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import type { CalculatorRepository } from '../calculator/calculator.repository.ts';
import { createCalculatorRepository } from '../calculator/calculator.repository.ts';
import { checkReferences } from '../calculator/calculator.service.ts';
import { RuleBook } from '../calculator/salary-rules.ts';
import { SnapshotCache } from '../calculator/snapshot-cache.ts';
import { createSettingsRepository, toSettings } from '../settings/settings.repository.ts';
import {
  createEmployeesRepository,
  type EmployeeRecord,
  type EmployeesRepository,
  type ListPage,
} from './employees.repository.ts';

/** Distinct (visibility, filters) lists kept for the current snapshot. */
const LIST_CACHE_ENTRIES = 4;

export interface Pricing {
  calculatedSalary: number | null;
  accumulatedCost: number | null;
}

/** Prices one employee with the shared rules; no base salary → nulls, never a failure. */
export function priceEmployee(book: RuleBook, e: EmployeeRecord): Pricing {
  try {
    const { details } = calculateWithPrepared(book.forEmployee(e), e);
    return { calculatedSalary: details.grossSalary, accumulatedCost: details.totalCost };
  } catch (error) {
    if (error instanceof SalaryEngineError) return { calculatedSalary: null, accumulatedCost: null };
    throw error;
  }
}

/** The read shape of spec §3; salary keys only for those allowed to see them. */
export function toEmployeeView(
  e: EmployeeRecord,
  pricing: Pricing | undefined,
  visibility: { salary: boolean; cost: boolean },
): EmployeeView {
  const view: EmployeeView = {
    id: e.id,
    name: e.name,
    technologyId: e.jobId,
    specializationId: e.positionId,
    gradeId: e.gradeId,
    levelId: e.levelId,
    technology: { id: e.jobId, name: e.jobName },
    position: { id: e.positionId, name: e.positionName },
    grade: { id: e.gradeId, name: e.gradeName },
    level: { id: e.levelId, name: e.levelName },
    yearsExperience: e.yearsExperience,
    yearsWithCompany: e.yearsWithCompany,
    offshoreProject: e.offshoreProject,
    actingAsDifferentGrade: e.actingAsDifferentGrade,
    pillar: e.pillar,
    remote: e.remote,
    customMultipliers: e.customMultiplierIds,
  };
  if (visibility.salary) view.calculatedSalary = pricing?.calculatedSalary ?? null;
  if (visibility.cost) view.accumulatedCost = pricing?.accumulatedCost ?? null;
  return view;
}

export function createEmployeesService(deps: {
  employees: EmployeesRepository;
  rules: CalculatorRepository;
  settings: { get(): Promise<Settings> };
  /** Runs work in one transaction; every repository it hands over is bound to it. */
  transaction<T>(
    work: (repos: {
      employees: EmployeesRepository;
      rules: CalculatorRepository;
      settings: { get(): Promise<Settings> };
    }) => Promise<T>,
  ): Promise<T>;
}) {
  const { employees, rules } = deps;

  async function loadRuleBook(): Promise<RuleBook> {
    const [settings, bases, factors] = await Promise.all([
      deps.settings.get(),
      rules.allBaseSalaries(),
      rules.allFactors(),
    ]);
    return new RuleBook(settings, bases, factors);
  }

  /**
   * The matching employees and, when they are to be priced, their rules — in one statement,
   * so rows and rules come from one snapshot and a list costs one round trip.
   */
  async function read(
    filters: EmployeeFilters & { id?: number },
    priced: boolean,
    page?: ListPage,
  ): Promise<{ rows: EmployeeRecord[]; book: RuleBook | undefined; snapshot: string }> {
    if (!priced) {
      const { employees: rows, snapshot } = await employees.listAt(filters, page);
      return { rows, book: undefined, snapshot };
    }
    const { employees: rows, rules, snapshot } = await employees.listWithRules(filters, page);
    const settings = rules.settings ? toSettings(rules.settings) : await deps.settings.get();
    return { rows, book: new RuleBook(settings, rules.baseSalaries, rules.factors), snapshot };
  }

  /**
   * Lists already built, per (visibility, filters), for the snapshot they were read at: a
   * list asked for again while nothing was written anywhere is answered without reading and
   * pricing every row again — exact, and across replicas (see SnapshotCache). A handful of
   * entries at most, all dropped by the first write.
   */
  const lists = new SnapshotCache<EmployeeView[]>(LIST_CACHE_ENTRIES);

  const visibilityOf = (actor: Actor) => ({ salary: can(actor, 'showSalary'), cost: can(actor, 'showCost') });

  /** Who sees what, after the salary-filter check (salary filters would reveal salaries). */
  function listAccess(actor: Actor, filters: EmployeeFilters) {
    const salaryFilter = filters.salaryFrom !== undefined || filters.salaryTo !== undefined;
    if (salaryFilter)
      requirePermission(actor, 'showSalary', 'You do not have permission to filter by salary');
    const visibility = visibilityOf(actor);
    return { visibility, salaryFilter, priced: visibility.salary || visibility.cost || salaryFilter };
  }

  /** Read rows → their views: priced with the rules read with them, salary filters applied. */
  function viewsOf(
    rows: EmployeeRecord[],
    book: RuleBook | undefined,
    filters: EmployeeFilters,
    access: ReturnType<typeof listAccess>,
  ): EmployeeView[] {
    const out: EmployeeView[] = [];
    const from = filters.salaryFrom ?? Number.NEGATIVE_INFINITY;
    const to = filters.salaryTo ?? Number.POSITIVE_INFINITY;
    for (const row of rows) {
      const pricing = book ? priceEmployee(book, row) : undefined;
      if (access.salaryFilter) {
        const salary = pricing?.calculatedSalary;
        if (salary === null || salary === undefined || salary < from || salary > to) continue;
      }
      out.push(toEmployeeView(row, pricing, access.visibility));
    }
    return out;
  }

  async function validate(
    input: EmployeeInput,
    repo: CalculatorRepository,
    settings: Settings,
  ): Promise<void> {
    await checkReferences(repo, input, {
      jobId: 'technologyId',
      positionId: 'specializationId',
      gradeId: 'gradeId',
      levelId: 'levelId',
    });
    const known = new Set(settings.customMultipliers.map((m) => m.id));
    const unknown = input.customMultiplierIds.filter((id) => !known.has(id));
    if (unknown.length)
      throw badRequest(`Unknown custom multiplier: ${unknown.join(', ')}`, [
        { field: 'customMultipliers', message: `Unknown custom multiplier: ${unknown.join(', ')}` },
      ]);
  }

  return {
    loadRuleBook,

    /**
     * Every matching employee priced live: rules loaded once, the engine run per row, no
     * query per employee. Salary filters need showSalary (they would reveal salaries). The
     * answer may be shared with other callers (the list cache): read it, never change it.
     */
    async list(actor: Actor, filters: EmployeeFilters): Promise<EmployeeView[]> {
      const access = listAccess(actor, filters);
      const { visibility } = access;
      const key = JSON.stringify([
        visibility.salary,
        visibility.cost,
        filters.jobId,
        filters.positionId,
        filters.gradeId,
        filters.levelId,
        filters.salaryFrom,
        filters.salaryTo,
      ]);
      const cached = lists.get(await employees.snapshot(), key);
      if (cached) return cached;
      const { rows, book, snapshot } = await read(filters, access.priced);
      const out = viewsOf(rows, book, filters, access);
      lists.set(snapshot, key, out);
      return out;
    },

    /**
     * The same list as `list`, a page at a time (keyset by id, `pageSize` rows a read), each
     * page priced with the rules read in the same statement: for the export, whose memory
     * then holds a page, not the list. The permission check runs now, before the first page.
     */
    listInPages(actor: Actor, filters: EmployeeFilters, pageSize = 5000): AsyncIterable<EmployeeView> {
      const access = listAccess(actor, filters);
      return (async function* () {
        let after = 0;
        for (;;) {
          const { rows, book } = await read(filters, access.priced, { after, limit: pageSize });
          yield* viewsOf(rows, book, filters, access);
          if (rows.length < pageSize) return;
          after = rows[rows.length - 1]!.id;
        }
      })();
    },

    async get(actor: Actor, id: number): Promise<EmployeeView> {
      const visibility = visibilityOf(actor);
      const { rows, book } = await read({ id }, visibility.salary || visibility.cost);
      const row = rows[0];
      if (!row) throw notFound('Employee not found');
      return toEmployeeView(row, book ? priceEmployee(book, row) : undefined, visibility);
    },

    async create(actor: Actor, input: EmployeeInput): Promise<EmployeeView> {
      requirePermission(actor, 'manageEmployee');
      const id = await deps.transaction(async (tx) => {
        await validate(input, tx.rules, await tx.settings.get());
        return tx.employees.insert(input);
      });
      return this.get(actor, id);
    },

    async update(actor: Actor, id: number, input: EmployeeInput): Promise<EmployeeView> {
      requirePermission(actor, 'manageEmployee');
      await deps.transaction(async (tx) => {
        if (!(await tx.employees.exists(id))) throw notFound('Employee not found');
        await validate(input, tx.rules, await tx.settings.get());
        await tx.employees.update(id, input);
      });
      return this.get(actor, id);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      requirePermission(actor, 'deleteEmployee');
      if (!(await employees.delete(id))) throw notFound('Employee not found');
    },
  };
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;

/** The service wired to a database: the employees and Excel routes both use it. */
export function employeesServiceFor(db: Db): EmployeesService {
  return createEmployeesService({
    employees: createEmployeesRepository(db),
    rules: createCalculatorRepository(db),
    settings: createSettingsRepository(db),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          employees: createEmployeesRepository(tx),
          rules: createCalculatorRepository(tx),
          settings: createSettingsRepository(tx),
        }),
      ),
  });
}
