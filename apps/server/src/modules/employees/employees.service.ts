import type { AuditChange } from '@salary/shared/audit/audit.contract';
import { ENTRY_REVERT_ERRORS } from '@salary/shared/audit/entry-revert.contract';
import { addDays } from '@salary/shared/common/calendar-day';
import { type Cents, fromCents } from '@salary/shared/common/money';
import { type Actor, can, canReadPersonalData, inTeam } from '@salary/shared/common/permissions';
import type { PayPeriod, ScheduledChange } from '@salary/shared/employees/dated.contract';
import {
  type EmployeeFilters,
  type EmployeeInput,
  type EmployeeView,
  LEAVE_BEFORE_HIRE,
  leavesBeforeHire,
  shownBy,
} from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS, fieldsOfKind } from '@salary/shared/employees/employee-fields';
import type { BackPay } from '@salary/shared/impact/impact.contract';
import type { Settings } from '@salary/shared/settings/settings.contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import { backPayFor, type StoredBackPay } from '../impact/back-pay.service.ts';
import type { EmployeeRecord } from './employee.model.ts';
import type { EmployeeAudit, EmployeeEntry, EmployeePayBaseline } from './employee-audit.model.ts';
import type { ListPage, RowFilters } from './employee-list.repository.ts';
import type {
  EmployeeListCache,
  EmployeePricing,
  PricedRecord as PricedEmployee,
} from './employee-pricing.model.ts';
import type { EmployeeVersionsRepository, KeptVersion } from './employee-versions.repository.ts';
import { DATED_FIELDS, FIRST_DAY } from './employee-versions.repository.ts';
import type { EmployeesRepository } from './employees.repository.ts';

const REFERENCE_FIELDS = fieldsOfKind('reference');
/** The form's label of each field the audit names by its API name. */
const EMPLOYEE_LABELS: Record<string, string> = {
  ...Object.fromEntries(EMPLOYEE_FIELDS.map((f) => [f.wire, f.label])),
  customMultipliers: 'Custom Multipliers',
};
const LAST_REFERENCE = REFERENCE_FIELDS[REFERENCE_FIELDS.length - 1];

/** The figures of a priced employee the views show. */
export type Pricing = Pick<PricedEmployee, 'calculatedSalary' | 'accumulatedCost'> &
  Partial<Pick<PricedEmployee, 'compaRatio' | 'bandPosition'>>;

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

/*
 * The read shape as ONE object literal for every reader: every view then has the same compact
 * shape, which a list of 100,000 builds and serializes several times faster than views built
 * key by key from the field list. A reader without personal data gets the personal keys as
 * undefined, which JSON leaves out, so the answer has no such key at all. The literal must say
 * what the field list says, in its order (each field under its API name, the references' named
 * objects after the last reference id): checked below when the module loads.
 */
const viewOf = (e: EmployeeRecord, personal: boolean | undefined) => ({
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
  gender: personal ? e.gender : undefined,
  hireDate: e.hireDate,
  careerStartDate: e.careerStartDate,
  leaveDate: e.leaveDate,
  weeklyHours: e.weeklyHours,
  employmentStatus: e.employmentStatus,
  customMultipliers: e.customMultiplierIds,
  managerId: e.managerId,
});

/** The read shape; salary keys and personal data only for those allowed to see them. */
export function toEmployeeView(
  e: EmployeeRecord,
  pricing: Pricing | undefined,
  visibility: Visibility,
): EmployeeView {
  const view: EmployeeView = viewOf(e, visibility.personal);
  // The API's decimals: the priced figures are cents.
  if (visibility.salary) {
    view.calculatedSalary = decimalOrNull(pricing?.calculatedSalary);
    view.compaRatio = pricing?.compaRatio == null ? null : pricing.compaRatio / 100;
    view.bandPosition = pricing?.bandPosition ?? null;
  }
  if (visibility.cost) view.accumulatedCost = decimalOrNull(pricing?.accumulatedCost);
  return view;
}

/** The views as the field list makes them, key by key: what the literal above must equal. */
function viewByFields(e: EmployeeRecord, personal: boolean): Record<string, unknown> {
  const view: Record<string, unknown> = { id: e.id };
  for (const f of EMPLOYEE_FIELDS) {
    if ('personal' in f && f.personal && !personal) continue;
    view[f.wire] = e[f.input];
    if (f === LAST_REFERENCE)
      for (const r of REFERENCE_FIELDS)
        view[r.reference.view] = { id: e[r.input], name: e[r.reference.nameKey] };
  }
  view.employmentStatus = e.employmentStatus;
  view.customMultipliers = e.customMultiplierIds;
  view.managerId = e.managerId;
  return view;
}

{
  // A record whose every value is its own, so a field shown under another's name shows.
  const sample = Object.fromEntries(
    [
      'id',
      ...EMPLOYEE_FIELDS.map((f) => f.input),
      ...REFERENCE_FIELDS.map((r) => r.reference.nameKey),
      'employmentStatus',
      'customMultiplierIds',
      'managerId',
    ].map((key) => [key, `<${key}>`]),
  ) as unknown as EmployeeRecord;
  for (const personal of [true, false])
    if (
      JSON.stringify(toEmployeeView(sample, undefined, { salary: false, cost: false, personal })) !==
      JSON.stringify(viewByFields(sample, personal))
    )
      throw new Error('employee views: the view literal does not follow the field list');
}

/** A leave date before the hire date is a 400, the days a write leaves out taken as stored. */
function assertDaysInOrder(input: EmployeeInput, stored: EmployeeRecord | undefined): void {
  const hireDate = input.hireDate === undefined ? stored?.hireDate : input.hireDate;
  const leaveDate = input.leaveDate === undefined ? stored?.leaveDate : input.leaveDate;
  if (leavesBeforeHire(hireDate, leaveDate))
    throw badRequest(LEAVE_BEFORE_HIRE, [{ field: 'leaveDate', message: LEAVE_BEFORE_HIRE }]);
}

const DATED_INPUTS = new Set<string>([...DATED_FIELDS.map((f) => f.input), 'customMultiplierIds']);
const WIRE_OF: Record<string, string> = {
  ...Object.fromEntries(EMPLOYEE_FIELDS.map((f) => [f.input, f.wire])),
  customMultiplierIds: 'customMultipliers',
};
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields (API names) whose values differ between `before` and `after`, among `inputs`. */
function fieldChanges(was: object, now: object, inputs: Iterable<string>): AuditChange[] {
  const before = was as Record<string, unknown>;
  const after = now as Record<string, unknown>;
  const changes: AuditChange[] = [];
  for (const key of inputs) {
    if (after[key] === undefined) continue;
    if (!sameValue(before[key], after[key]))
      changes.push({ field: WIRE_OF[key] ?? key, before: before[key] ?? null, after: after[key] ?? null });
  }
  return changes;
}

/** "Cannot cancel a change that has already taken effect": its day has come. */
export const SCHEDULED_ALREADY_IN_FORCE =
  'This change has already taken effect and can no longer be cancelled';

/** The back pay of an employee write dated in the past (impact/back-pay.service.ts's `backPayOf`). */
export interface EmployeeBackPay {
  backPayOf(
    uow: UnitOfWork,
    from: string,
    scope: readonly number[],
    write: () => Promise<void>,
  ): Promise<StoredBackPay | undefined>;
}

/** Who writes: the signed-in actor's email (requests carry it), recorded as `updated_by`. */
export const authorOf = (actor: Actor): string | null => (actor as { email?: string }).email ?? null;

export function createEmployeesService<Pay extends EmployeePayBaseline>(deps: {
  employees: RepositoryOn<EmployeesRepository>;
  /** The dated fields' versions (docs/decisions/0025). */
  versions: RepositoryOn<EmployeeVersionsRepository>;
  pricing: EmployeePricing;
  /** Where the priced lists and their views are kept between reads (pricing/pricing.read-model.ts). */
  readModel: EmployeeListCache;
  settings(tx?: DbOrTx): Promise<Settings>;
  /** Every create, update and delete records its entry, with the employee's pay history. */
  audit: EmployeeAudit<Pay>;
  /**
   * What a write dated before today owes (impact/back-pay.service.ts): runs the write and
   * answers the back pay its entry keeps, or undefined.
   */
  backPay?: EmployeeBackPay;
  /** Every day a dated rule starts (base salaries, factors, settings): the pay timeline splits there. */
  ruleDays?: () => Promise<string[]>;
}) {
  const { audit } = deps;
  const { pricing } = deps;
  const employees = deps.employees();

  /**
   * Locks employee `id`'s row for this write and answers its version: 404 when it is gone,
   * 409 naming who changed what when `version` (the one the form was read at) is not it.
   */
  async function lockAtVersion(uow: UnitOfWork, id: number, version?: number): Promise<number> {
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
    return stored;
  }

  /**
   * The entry of a write of employee `id` (named `name`): with `pay` (read before the write),
   * the audit works out the field changes and the pay-history row; without, `changes` says them.
   */
  function recordWrite(
    uow: UnitOfWork,
    entry: Omit<EmployeeEntry, 'entityType' | 'entityId' | 'label'> & { id: number; name: string | number },
    pay?: Pay,
  ) {
    const { id, name, ...rest } = entry;
    const written = { ...rest, entityType: 'employee' as const, entityId: id, label: `Employee ${name}` };
    return pay ? audit.record(uow, written, { pay, employeeChanges: 'entry' }) : audit.record(uow, written);
  }

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
    const salaryFilter =
      filters.salaryFrom !== undefined || filters.salaryTo !== undefined || filters.outsideBand === true;
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
        if (filters.outsideBand && (priced.bandPosition ?? 'INSIDE') === 'INSIDE') continue;
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

  /**
   * An update from a day still to come: the dated fields wait in a version of their own from
   * that day (later versions stay); the others (name, gender, days) are not dated and are
   * written now. Nothing as of today moves unless those did.
   */
  async function scheduleUpdate(
    uow: UnitOfWork,
    actor: Actor,
    id: number,
    input: EmployeeInput,
    day: string,
    today: string,
  ): Promise<EmployeeView> {
    const inUnit = deps.employees(uow.tx);
    const versions = deps.versions(uow.tx);
    const stored = (await inUnit.listAt({ id })).employees[0];
    const now = await versions.onDay(id, today);
    if (!stored || !now) throw notFound('Employee not found');
    assertDaysInOrder(input, stored);
    const by = authorOf(actor);
    const undated = EMPLOYEE_FIELDS.map((f) => f.input).filter((k) => !DATED_INPUTS.has(k));
    const rowChanges = fieldChanges(stored, input, undated);
    // The row keeps today's dated fields (as stored, typed years included) and takes the rest.
    if (rowChanges.length) await inUnit.update(id, { ...input, ...now.values } as EmployeeInput, by);
    const onDay = await versions.onDay(id, day);
    await versions.writeFrom([{ id, input }], day, today, by);
    const scheduled = fieldChanges(onDay?.values ?? {}, input, DATED_INPUTS);
    await recordWrite(uow, {
      action: 'update',
      id,
      name: stored.name,
      changes: [...rowChanges, ...scheduled],
      details: { effectiveFrom: day },
    });
    return service.get(actor, id, uow.tx);
  }

  const service = {
    /**
     * Every matching employee priced live: rules loaded once, the engine run per row, no
     * query per employee. Salary filters need showSalary (they would reveal salaries). The
     * answer may be shared with other callers (the list cache): read it, never change it.
     * `asOf` another day than today: each employee's version in force then, priced with the
     * rules then, kept as today's list is (the last other day asked).
     */
    async list(actor: Actor, filters: EmployeeFilters, asOf?: string): Promise<EmployeeView[]> {
      const access = listAccess(actor, filters);
      const { visibility } = access;
      const day = asOf !== undefined && asOf !== (await employees.today()) ? asOf : undefined;
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
        filters.outsideBand,
        filters.status,
        day,
      ]);
      // Kept per (visibility, filters, day) for the snapshot it was read at (pricing/pricing.read-model.ts).
      const list = await deps.readModel.list(key, employees.snapshot, async () => {
        const rows = await read(day === undefined ? filters : { ...filters, asOf: day }, access.priced);
        return { list: viewsOf(rows, filters, access), snapshot: rows.snapshot };
      });
      // A user limited to a team reads its members only (plugins/team-scope.plugin.ts).
      return actor.team === undefined ? list : list.filter((view) => inTeam(actor, view.id));
    },

    /** `asOf` when it names another day than the company's today; today or none: undefined. */
    async otherDay(asOf: string | undefined): Promise<string | undefined> {
      return asOf !== undefined && asOf !== (await employees.today()) ? asOf : undefined;
    },

    /**
     * The same list as `list`, a page at a time (keyset by id, `pageSize` rows a read), each
     * page priced with the rules read in the same statement: for the export, whose memory
     * then holds a page, not the list. The permission check runs now, before the first page.
     */
    listInPages(
      actor: Actor,
      filters: EmployeeFilters,
      pageSize = 5000,
      /** Another day than today (see `otherDay`): each employee's version in force then. */
      asOf?: string,
    ): AsyncIterable<EmployeeView> {
      const access = listAccess(actor, filters);
      return (async function* () {
        let after = 0;
        for (;;) {
          const rows = await read(asOf === undefined ? filters : { ...filters, asOf }, access.priced, {
            after,
            limit: pageSize,
          });
          const [count, last] = [readCount(rows), readCount(rows) ? lastId(rows) : after];
          // The page's rows are let go before its views are written (views are copies): held
          // through the writing, they lived long enough to reach V8's old generation.
          for (const view of viewsOf(rows, filters, access, false)) if (inTeam(actor, view.id)) yield view;
          if (count < pageSize) return;
          after = last;
        }
      })();
    },

    /**
     * One employee with the version it was read at (the form sends it back with its save);
     * on `tx` when given (a write answering what it wrote).
     */
    async get(actor: Actor, id: number, tx?: DbOrTx, asOf?: string): Promise<EmployeeView> {
      const visibility = visibilityOf(actor);
      const day = asOf !== undefined && asOf !== (await deps.employees(tx).today()) ? asOf : undefined;
      const [rows, version] = await Promise.all([
        read({ id, asOf: day }, visibility.salary || visibility.cost, undefined, tx),
        deps.employees(tx).versionOf(id),
      ]);
      const priced = rows.priced?.[0];
      const row = priced?.employee ?? rows.rows?.[0];
      // Outside a reader's team, as if there were no such employee.
      if (!row || version === undefined || !inTeam(actor, id)) throw notFound('Employee not found');
      return { ...toEmployeeView(row, priced, visibility), version };
    },

    async create(uow: UnitOfWork, actor: Actor, input: EmployeeInput): Promise<EmployeeView> {
      requirePermission(actor, 'manageEmployee');
      await validate(input, uow.tx);
      const id = await deps.employees(uow.tx).insert(input, authorOf(actor));
      await recordWrite(uow, { action: 'create', id, name: input.name }, audit.payOfNew(id));
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
      effectiveFrom?: string,
    ): Promise<EmployeeView & { backPay?: BackPay }> {
      requirePermission(actor, 'manageEmployee');
      const inUnit = deps.employees(uow.tx);
      const today = await inUnit.today();
      const day = effectiveFrom ?? today;
      await lockAtVersion(uow, id, version);
      await validate(input, uow.tx);
      const versions = deps.versions(uow.tx);
      if (day > today) return scheduleUpdate(uow, actor, id, input, day, today);
      const pay = await audit.payBefore(uow, { id });
      assertDaysInOrder(input, pay.before.get(id)?.employee);
      const by = authorOf(actor);
      const write = async () => {
        await inUnit.update(id, input, by);
        // From a past day: a later version that has come since still holds today.
        await versions.writeFrom([{ id, input }], day, today, by);
      };
      // From a past day: what it owes for the days since, kept in its entry.
      let backPay: StoredBackPay | undefined;
      if (day < today && deps.backPay) backPay = await deps.backPay.backPayOf(uow, day, [id], write);
      else await write();
      const name = pay.before.get(id)?.employee.name ?? input.name;
      const dated =
        effectiveFrom === undefined
          ? {}
          : { details: { effectiveFrom: day, ...(backPay ? { backPay } : {}) } };
      await recordWrite(uow, { action: 'update', id, name, ...dated }, pay);
      const view = await this.get(actor, id, uow.tx);
      return backPay
        ? {
            ...view,
            backPay: backPayFor(backPay, { salary: can(actor, 'showSalary'), cost: can(actor, 'showCost') }),
          }
        : view;
    },

    /**
     * A deleted employee back under its own id (a restore from the Audit Log, which checked
     * the entry and the references first): as deleting, needs deleteEmployee. Its pay history
     * was never removed; the restore adds its first row again. 409 when the id is taken.
     * `versions`: the dated versions its delete kept, put back exactly (past and scheduled);
     * none (a delete recorded before deletes kept them): one version from the start.
     */
    async restore(
      uow: UnitOfWork,
      actor: Actor,
      id: number,
      input: EmployeeInput,
      versions: readonly KeptVersion[] = [],
    ): Promise<void> {
      requirePermission(actor, 'deleteEmployee');
      const inUnit = deps.employees(uow.tx);
      if ((await inUnit.versionOf(id)) !== undefined)
        throw new AppError(409, ENTRY_REVERT_ERRORS.idTaken, `Cannot restore: employee ${id} exists already`);
      await inUnit.insertMany([input], authorOf(actor), [id]);
      const inForce = deps.versions(uow.tx);
      await inForce.putBack(id, versions);
      // The row takes its version in force today whole (the own pay components are no input).
      if (versions.length) await inForce.applyToRows([id], await inUnit.today(), false);
      await recordWrite(uow, { action: 'restore', id, name: input.name }, audit.payOfNew(id));
    },

    /**
     * Applies every version whose day has come by `today` (written for a day then still to
     * come): each employee's row takes its version in force today, with one audit entry per
     * employee (by the system) and its pay-history row. Answers how many employees moved.
     */
    async applyDue(uow: UnitOfWork, today: string): Promise<number> {
      const versions = deps.versions(uow.tx);
      const ids = await versions.dueIds(today);
      for (const id of ids) {
        const pay = await audit.payBefore(uow, { id });
        await versions.applyToRows([id], today, true);
        const name = pay.before.get(id)?.employee.name ?? String(id);
        await recordWrite(
          uow,
          { action: 'update', id, name, details: { scheduledChangeApplied: today } },
          pay,
        );
      }
      await versions.markApplied(today);
      return ids.length;
    },

    /**
     * The employee's pay period by period: one per version, from its day to the day before the
     * next, split again where a dated rule starts and moves this employee's pay (cause `rule`).
     * Each is priced with its version and the rules in force as of its first day (the first,
     * open one as of the day before the next period, or today if earlier). Gross with
     * showSalary, cost with showCost; 403 with neither.
     */
    async payTimeline(actor: Actor, id: number): Promise<PayPeriod[]> {
      const salary = can(actor, 'showSalary');
      const cost = can(actor, 'showCost');
      if (!salary && !cost) throw forbidden('You do not have permission to see pay history');
      const [versions, ruleDays] = await Promise.all([
        deps.versions().ofEmployee(id),
        deps.ruleDays ? deps.ruleDays() : Promise.resolve([]),
      ]);
      if (!versions.length) throw notFound('Employee not found');
      const today = await employees.today();
      // Each version's start, and each rule day inside a version: where pay may move.
      const starts: Array<{ from: string | null; version: number; rule: boolean }> = [];
      const sortedRuleDays = [...new Set(ruleDays)].sort();
      for (const [i, v] of versions.entries()) {
        const from = v.effectiveFrom === FIRST_DAY ? null : v.effectiveFrom;
        const until = versions[i + 1]?.effectiveFrom;
        starts.push({ from, version: i, rule: false });
        for (const day of sortedRuleDays)
          if ((from === null || day > from) && (until === undefined || day < until))
            starts.push({ from: day, version: i, rule: true });
      }
      // The days priced, all in one read: each period's first day (the first period's: the day
      // before the next, or today if earlier), and the day before each rule's day.
      const spans = starts.map((s, k) => {
        const next = starts[k + 1];
        const to = next ? addDays(next.from!, -1) : null;
        return { to, asOf: s.from ?? (to !== null && to < today ? to : today) };
      });
      const days = new Set(spans.map((p) => p.asOf));
      for (const s of starts) if (s.rule) days.add(addDays(s.from!, -1));
      const pay = await pricing.priceOnDays(id, [...days], today);
      const periods: PayPeriod[] = [];
      for (const [k, s] of starts.entries()) {
        const { to, asOf } = spans[k]!;
        const priced = pay.get(asOf);
        const key = `${priced?.calculatedSalary}:${priced?.accumulatedCost}`;
        // A rule that does not move this employee's pay that day (the day before priced the
        // same) starts no period of its own.
        if (s.rule) {
          const before = pay.get(addDays(s.from!, -1));
          if (`${before?.calculatedSalary}:${before?.accumulatedCost}` === key) {
            periods.at(-1)!.to = to;
            continue;
          }
        }
        const v = versions[s.version]!;
        const period: PayPeriod = {
          from: s.from,
          to,
          cause: {
            kind: s.rule ? 'rule' : s.version === 0 ? 'first' : 'change',
            changes:
              s.rule || s.version === 0
                ? []
                : fieldChanges(versions[s.version - 1]!.values, v.values, DATED_INPUTS),
            scheduled: s.rule ? s.from! > today : !v.applied,
          },
        };
        if (salary) period.grossSalary = decimalOrNull(priced?.calculatedSalary);
        if (cost) period.totalCost = decimalOrNull(priced?.accumulatedCost);
        periods.push(period);
      }
      return periods;
    },

    /**
     * Whether the answers of `list` are read for that answer alone (caches off): their rows'
     * JSON is then worth making in one go rather than kept row by row (employees.wire.ts).
     */
    readOnce: (): boolean => !deps.readModel.caches,

    /** When the next waiting version starts (null: none) and the company's zone, for the check before reads. */
    nextWaiting: () => deps.versions().nextWaiting(),

    /** The changes waiting for their day, soonest first: readable by whoever may read employees. */
    async scheduled(actor: Actor): Promise<ScheduledChange[]> {
      const waiting = (await deps.versions().waiting()).filter((w) => inTeam(actor, w.employeeId));
      return waiting.map((w) => ({
        id: w.id,
        kind: 'employee' as const,
        subjectName: w.employeeName,
        employeeId: w.employeeId,
        employeeName: w.employeeName,
        effectiveFrom: w.effectiveFrom,
        changes: fieldChanges(w.before ?? {}, w.values, DATED_INPUTS),
        recordedBy: w.recordedBy,
        recordedAt: w.recordedAt,
      }));
    },

    /** Cancels a change before its day (manageEmployee); its day come → 409; audited. */
    async cancelScheduled(uow: UnitOfWork, actor: Actor, id: number): Promise<void> {
      requirePermission(actor, 'manageEmployee');
      const versions = deps.versions(uow.tx);
      const today = await deps.employees(uow.tx).today();
      const found = await versions.byId(id);
      if (!found) throw notFound('Scheduled change not found');
      if (found.effectiveFrom <= today || found.applied)
        throw new AppError(409, 'ALREADY_IN_FORCE', SCHEDULED_ALREADY_IN_FORCE);
      const before = await versions.onDay(found.employeeId, found.effectiveFrom);
      const cancelled = await versions.cancelWaiting(id, today);
      if (!cancelled) throw notFound('Scheduled change not found');
      const record = (await deps.employees(uow.tx).listAt({ id: found.employeeId })).employees[0];
      const previous = await versions.onDay(found.employeeId, found.effectiveFrom);
      await recordWrite(uow, {
        action: 'update',
        id: found.employeeId,
        name: record?.name ?? found.employeeId,
        changes: fieldChanges(before?.values ?? {}, previous?.values ?? {}, DATED_INPUTS),
        details: { scheduledChangeCancelled: found.effectiveFrom },
      });
    },

    /** `version`, when sent, must still be the employee's (as `update`). */
    async remove(uow: UnitOfWork, actor: Actor, id: number, version?: number): Promise<void> {
      requirePermission(actor, 'deleteEmployee');
      const inUnit = deps.employees(uow.tx);
      if (version !== undefined) await lockAtVersion(uow, id, version);
      // Its pay history stays (no foreign key): only the entry says it is gone. Its versions
      // go with the row; the entry keeps them (details.versions), so a restore puts them back.
      const pay = await audit.payBefore(uow, { id });
      const kept: KeptVersion[] = (await deps.versions(uow.tx).ofEmployee(id)).map(
        ({ id: _id, employeeId: _employee, ...version }) => version,
      );
      if (!(await inUnit.delete(id))) throw notFound('Employee not found');
      const name = pay.before.get(id)?.employee.name ?? String(id);
      await recordWrite(uow, { action: 'delete', id, name, details: { versions: kept } }, pay);
    },
  };
  return service;
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;
