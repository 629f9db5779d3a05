import { ENTRY_REVERT_ERRORS } from '@salary/shared/audit/entry-revert.contract';
import { type Cents, fromCents } from '@salary/shared/common/money';
import { type Actor, can, canReadPersonalData } from '@salary/shared/common/permissions';
import {
  type EmployeeFilters,
  type EmployeeInput,
  type EmployeeView,
  LEAVE_BEFORE_HIRE,
  leavesBeforeHire,
  shownBy,
} from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS, fieldsOfKind } from '@salary/shared/employees/employee-fields';
import type { Settings } from '@salary/shared/settings/settings.contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { EmployeeRecord } from './employee.model.ts';
import type { EmployeeAudit, EmployeePayBaseline } from './employee-audit.ts';
import type { ListPage, RowFilters } from './employee-list.repository.ts';
import type {
  EmployeeListCache,
  EmployeePricing,
  PricedRecord as PricedEmployee,
} from './employee-pricing.ts';
import type { EmployeesRepository } from './employees.repository.ts';

const REFERENCE_FIELDS = fieldsOfKind('reference');
/** The form's label of each field the audit names by its API name. */
const EMPLOYEE_LABELS: Record<string, string> = {
  ...Object.fromEntries(EMPLOYEE_FIELDS.map((f) => [f.wire, f.label])),
  customMultipliers: 'Custom Multipliers',
};
const LAST_REFERENCE = REFERENCE_FIELDS[REFERENCE_FIELDS.length - 1];

/** The figures of a priced employee the views show. */
export type Pricing = Pick<PricedEmployee, 'calculatedSalary' | 'accumulatedCost'>;

/** Rows as read: priced (each with its figures) or not priced at all. */
type ReadRows =
  | { priced: PricedEmployee[]; rows?: undefined; snapshot: string }
  | { priced?: undefined; rows: EmployeeRecord[]; snapshot: string };

const EMPLOYEE_REFERENCE_FIELDS = {
  jobId: 'technologyId',
  positionId: 'specializationId',
  gradeId: 'gradeId',
  levelId: 'levelId',
};

/** Who sees what: salary, cost, and personal data (gender). */
export interface Visibility {
  salary: boolean;
  cost: boolean;
  /** Absent counts as false: personal fields are left out. */
  personal?: boolean;
}

const decimalOrNull = (cents: Cents | null | undefined) =>
  cents === null || cents === undefined ? null : fromCents(cents);

/** The read shape; salary keys and personal data only for those allowed to see them. */
export function toEmployeeView(
  e: EmployeeRecord,
  pricing: Pricing | undefined,
  visibility: Visibility,
): EmployeeView {
  const view: Record<string, unknown> = { id: e.id };
  for (const f of EMPLOYEE_FIELDS) {
    if ('personal' in f && f.personal && !visibility.personal) continue;
    view[f.wire] = e[f.input];
    // The references' named objects follow their ids, as the spec's read shape has them.
    if (f === LAST_REFERENCE)
      for (const r of REFERENCE_FIELDS)
        view[r.reference.view] = { id: e[r.input], name: e[r.reference.nameKey] };
  }
  view.employmentStatus = e.employmentStatus;
  view.customMultipliers = e.customMultiplierIds;
  // The API's decimals: the priced figures are cents.
  if (visibility.salary) view.calculatedSalary = decimalOrNull(pricing?.calculatedSalary);
  if (visibility.cost) view.accumulatedCost = decimalOrNull(pricing?.accumulatedCost);
  return view as unknown as EmployeeView;
}

/** A leave date before the hire date is a 400, the days a write leaves out taken as stored. */
function assertDaysInOrder(input: EmployeeInput, stored: EmployeeRecord | undefined): void {
  const hireDate = input.hireDate === undefined ? stored?.hireDate : input.hireDate;
  const leaveDate = input.leaveDate === undefined ? stored?.leaveDate : input.leaveDate;
  if (leavesBeforeHire(hireDate, leaveDate))
    throw badRequest(LEAVE_BEFORE_HIRE, [{ field: 'leaveDate', message: LEAVE_BEFORE_HIRE }]);
}

/** Who writes: the signed-in actor's email (requests carry it), recorded as `updated_by`. */
export const authorOf = (actor: Actor): string | null => (actor as { email?: string }).email ?? null;

export function createEmployeesService<Pay extends EmployeePayBaseline>(deps: {
  employees: RepositoryOn<EmployeesRepository>;
  pricing: EmployeePricing;
  /** Where the priced lists and their views are kept between reads (pricing/read-model.ts). */
  readModel: EmployeeListCache;
  settings(tx?: DbOrTx): Promise<Settings>;
  /** Every create, update and delete records its entry, with the employee's pay history. */
  audit: EmployeeAudit<Pay>;
}) {
  const { audit } = deps;
  const { pricing } = deps;
  const employees = deps.employees();

  /**
   * The matching employees, priced when they are to be (rows and rules in one statement, so
   * they come from one snapshot and a list costs one round trip); read on `tx` when given
   * (a write answering what it wrote), else on the database.
   */
  async function read(filters: RowFilters, priced: boolean, page?: ListPage, tx?: DbOrTx): Promise<ReadRows> {
    if (!priced) {
      const { employees: rows, snapshot } = await deps.employees(tx).listAt(filters, page);
      return { rows, snapshot };
    }
    const { employees: rows, snapshot } = await pricing.priceEmployees(filters, { page, tx });
    return { priced: rows, snapshot };
  }

  const readCount = (read: ReadRows) => (read.priced ?? read.rows).length;
  const lastId = (read: ReadRows) =>
    read.priced ? read.priced[read.priced.length - 1]!.employee.id : read.rows[read.rows.length - 1]!.id;

  const visibilityOf = (actor: Actor): Required<Visibility> => ({
    salary: can(actor, 'showSalary'),
    cost: can(actor, 'showCost'),
    personal: canReadPersonalData(actor),
  });

  /** Who sees what, after the salary-filter check (salary filters would reveal salaries). */
  function listAccess(actor: Actor, filters: EmployeeFilters) {
    const salaryFilter = filters.salaryFrom !== undefined || filters.salaryTo !== undefined;
    if (salaryFilter)
      requirePermission(actor, 'showSalary', 'You do not have permission to filter by salary');
    const visibility = visibilityOf(actor);
    return { visibility, salaryFilter, priced: visibility.salary || visibility.cost || salaryFilter };
  }

  /** Read rows → their views: salary filters applied, figures only where visible. */
  function viewsOf(
    read: ReadRows,
    filters: EmployeeFilters,
    access: ReturnType<typeof listAccess>,
    /** Keep each view with its priced employee (the whole list); pages of the export do not. */
    remember = true,
  ): EmployeeView[] {
    const out: EmployeeView[] = [];
    if (!read.priced) {
      // Unpriced reads never carry a salary filter (a salary filter asks for pricing).
      for (const row of read.rows)
        if (shownBy(filters.status, row.employmentStatus))
          out.push(toEmployeeView(row, undefined, access.visibility));
      return out;
    }
    const from = filters.salaryFrom ?? Number.NEGATIVE_INFINITY;
    const to = filters.salaryTo ?? Number.POSITIVE_INFINITY;
    const { visibility } = access;
    const key = `${visibility.salary}:${visibility.cost}:${visibility.personal}`;
    for (const priced of read.priced) {
      if (!shownBy(filters.status, priced.employee.employmentStatus)) continue;
      if (access.salaryFilter) {
        const salary = decimalOrNull(priced.calculatedSalary);
        if (salary === null || salary < from || salary > to) continue;
      }
      const make = () => toEmployeeView(priced.employee, priced, visibility);
      // The views of the whole list are kept with its priced rows (read model), when caches are on.
      out.push(remember ? deps.readModel.viewOf(key, priced, make) : make());
    }
    return out;
  }

  async function validate(input: EmployeeInput, tx: DbOrTx): Promise<void> {
    await pricing.checkReferences(input, EMPLOYEE_REFERENCE_FIELDS, tx);
    const settings = await deps.settings(tx);
    const known = new Set(settings.customMultipliers.map((m) => m.id));
    const unknown = input.customMultiplierIds.filter((id) => !known.has(id));
    if (unknown.length)
      throw badRequest(`Unknown custom multiplier: ${unknown.join(', ')}`, [
        { field: 'customMultipliers', message: `Unknown custom multiplier: ${unknown.join(', ')}` },
      ]);
  }

  return {
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
        visibility.personal,
        filters.name,
        filters.jobId,
        filters.positionId,
        filters.gradeId,
        filters.levelId,
        filters.salaryFrom,
        filters.salaryTo,
        filters.status,
      ]);
      // Kept per (visibility, filters) for the snapshot it was read at (pricing/read-model.ts).
      return deps.readModel.list(key, employees.snapshot, async () => {
        const rows = await read(filters, access.priced);
        return { list: viewsOf(rows, filters, access), snapshot: rows.snapshot };
      });
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
          const rows = await read(filters, access.priced, { after, limit: pageSize });
          const [count, last] = [readCount(rows), readCount(rows) ? lastId(rows) : after];
          // The page's rows are let go before its views are written (views are copies): held
          // through the writing, they lived long enough to reach V8's old generation.
          yield* viewsOf(rows, filters, access, false);
          if (count < pageSize) return;
          after = last;
        }
      })();
    },

    /**
     * One employee with the version it was read at (the form sends it back with its save);
     * on `tx` when given (a write answering what it wrote).
     */
    async get(actor: Actor, id: number, tx?: DbOrTx): Promise<EmployeeView> {
      const visibility = visibilityOf(actor);
      const [rows, version] = await Promise.all([
        read({ id }, visibility.salary || visibility.cost, undefined, tx),
        deps.employees(tx).versionOf(id),
      ]);
      const priced = rows.priced?.[0];
      const row = priced?.employee ?? rows.rows?.[0];
      if (!row || version === undefined) throw notFound('Employee not found');
      return { ...toEmployeeView(row, priced, visibility), version };
    },

    async create(uow: UnitOfWork, actor: Actor, input: EmployeeInput): Promise<EmployeeView> {
      requirePermission(actor, 'manageEmployee');
      await validate(input, uow.tx);
      const id = await deps.employees(uow.tx).insert(input, authorOf(actor));
      await audit.record(
        uow,
        { action: 'create', entityType: 'employee', entityId: id, label: `Employee ${input.name}` },
        { pay: audit.payOfNew(id), employeeChanges: 'entry' },
      );
      return this.get(actor, id, uow.tx);
    },

    /**
     * `version`: the version the form was read at; another save since answers 409 naming who
     * changed what (the employee's row is locked while this save checks and writes). Without
     * it the last save wins, as it always did for scripts.
     */
    async update(
      uow: UnitOfWork,
      actor: Actor,
      id: number,
      input: EmployeeInput,
      version?: number,
    ): Promise<EmployeeView> {
      requirePermission(actor, 'manageEmployee');
      const inUnit = deps.employees(uow.tx);
      const stored = await inUnit.lockedVersion(id);
      if (stored === undefined) throw notFound('Employee not found');
      if (version !== undefined && version !== stored) {
        const { name } = (await inUnit.listAt({ id })).employees[0]!;
        throw await audit.staleVersion(
          uow,
          { entityType: 'employee', entityId: id, label: `Employee ${name}`, labels: EMPLOYEE_LABELS },
          version,
          stored,
        );
      }
      await validate(input, uow.tx);
      const pay = await audit.payBefore(uow, { id });
      assertDaysInOrder(input, pay.before.get(id)?.employee);
      await inUnit.update(id, input, authorOf(actor));
      const name = pay.before.get(id)?.employee.name ?? input.name;
      await audit.record(
        uow,
        { action: 'update', entityType: 'employee', entityId: id, label: `Employee ${name}` },
        { pay, employeeChanges: 'entry' },
      );
      return this.get(actor, id, uow.tx);
    },

    /**
     * A deleted employee back under its own id (a restore from the Audit Log, which checked
     * the entry and the references first): as deleting, needs deleteEmployee. Its pay history
     * was never removed; the restore adds its first row again. 409 when the id is taken.
     */
    async restore(uow: UnitOfWork, actor: Actor, id: number, input: EmployeeInput): Promise<void> {
      requirePermission(actor, 'deleteEmployee');
      const inUnit = deps.employees(uow.tx);
      if ((await inUnit.versionOf(id)) !== undefined)
        throw new AppError(409, ENTRY_REVERT_ERRORS.idTaken, `Cannot restore: employee ${id} exists already`);
      await inUnit.insertMany([input], authorOf(actor), [id]);
      await audit.record(
        uow,
        { action: 'restore', entityType: 'employee', entityId: id, label: `Employee ${input.name}` },
        { pay: audit.payOfNew(id), employeeChanges: 'entry' },
      );
    },

    /** `version`, when sent, must still be the employee's (as `update`). */
    async remove(uow: UnitOfWork, actor: Actor, id: number, version?: number): Promise<void> {
      requirePermission(actor, 'deleteEmployee');
      const inUnit = deps.employees(uow.tx);
      if (version !== undefined) {
        const stored = await inUnit.lockedVersion(id);
        if (stored === undefined) throw notFound('Employee not found');
        if (version !== stored) {
          const { name } = (await inUnit.listAt({ id })).employees[0]!;
          throw await audit.staleVersion(
            uow,
            { entityType: 'employee', entityId: id, label: `Employee ${name}`, labels: EMPLOYEE_LABELS },
            version,
            stored,
          );
        }
      }
      // Its pay history stays (no foreign key): only the entry says it is gone.
      const pay = await audit.payBefore(uow, { id });
      if (!(await inUnit.delete(id))) throw notFound('Employee not found');
      const name = pay.before.get(id)?.employee.name ?? String(id);
      await audit.record(
        uow,
        { action: 'delete', entityType: 'employee', entityId: id, label: `Employee ${name}` },
        { pay, employeeChanges: 'entry' },
      );
    },
  };
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;
