import type { EntryRevertResult } from '@salary/shared/audit/entry-revert.contract';
import { addDays } from '@salary/shared/common/calendar-day';
import {
  asCents,
  type BasisPoints,
  basisPointsToPercent,
  type Cents,
  changeInPercent,
  fromCents,
  percentToBasisPoints,
  type RuleUnits,
  toCents,
} from '@salary/shared/common/money';
import { type Actor, can, inTeam, teamScoped } from '@salary/shared/common/permissions';
import { EMPLOYEE_FIELDS } from '@salary/shared/employees/employee-fields';
import {
  RAISE_CYCLE_MESSAGES as M,
  type ProposalInput,
  type RaiseCycle,
  type RaiseCycleInput,
  raiseComponentName,
  type Worksheet,
  type WorksheetPreview,
  type WorksheetRow,
} from '@salary/shared/raise-cycles/raise-cycles.contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { settled } from '../../lib/settled.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { EmployeeRecord } from '../employees/employee.model.ts';
import type { DatedWrite, EmployeeVersionsRepository } from '../employees/employee-versions.repository.ts';
import type { BackPayService, StoredBackPay } from '../impact/back-pay.service.ts';
import type { PricedEmployee } from '../pricing/pricing.read-model.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import type { RuleBook } from '../pricing/salary-rules.model.ts';
import type {
  CycleRow,
  CycleValues,
  ProposalRow,
  RaiseCyclesRepository,
  StoredGuidelineRow,
} from './raise-cycles.repository.ts';
import type { RaiseLetter } from './raise-letter.pdf.ts';
import {
  isEligible,
  totalsOf,
  type WorksheetLine,
  type WorksheetPricer,
  worksheetLine,
} from './raise-worksheet.calc.ts';

/*
 * Raise cycles (docs/raise-cycles.md). Reading a cycle and its worksheet: admins and showSalary.
 * Creating and editing a cycle: admins and manageSettings. Proposing and submitting: a reader who
 * may also edit employees or settings — limited to their own team, a manager reads, totals and
 * writes only their team's rows. Approving: an administrator who did not submit; applying: an
 * administrator. Every write records one audit entry in its unit of work.
 */

const ENTITY = 'raiseCycle';
const WIRE_TO_INPUT = new Map<string, string>(EMPLOYEE_FIELDS.map((f) => [f.wire, f.input]));
const label = (c: { name: string }) => `Raise cycle "${c.name}"`;
/** The worksheet's order: by name as people read it (case and accents aside, 2 before 10), then id. */
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
/** A two-decimal number × 100, exactly (a compa-ratio in hundredths, a percent in basis points). */
const hundredths = (v: number) => percentToBasisPoints(v) as number;

/** Letters one .zip holds (each PDF a few KB, the whole built in memory). */
export const MAX_LETTERS_IN_ZIP = 5_000;

const canRead = (a: Actor) => can(a, 'showSalary');
const canEdit = (a: Actor) => can(a, 'manageSettings');
/** Who may propose (save proposals, submit): a reader who may also edit employees or settings. */
export const canPropose = (a: Actor) => canRead(a) && (can(a, 'manageEmployee') || can(a, 'manageSettings'));

export function createRaiseCyclesService(deps: {
  repo: RepositoryOn<RaiseCyclesRepository>;
  /** The dated write every employee change of an application goes through (docs/decisions/0025). */
  versions: RepositoryOn<Pick<EmployeeVersionsRepository, 'writeFrom' | 'applyToRows' | 'dropUnchanged'>>;
  pricing: Pick<PricingService, 'priceEmployees' | 'price'>;
  audit: Pick<AuditService, 'record' | 'entryInSlices' | 'employeesOf'>;
  /** The company's today (on `handle`). */
  today: (handle?: DbOrTx) => Promise<string>;
  /**
   * Entries after `afterId` that changed one of these employees (an edit, delete, import or
   * revert; a scheduled change taking effect is not one), oldest first: a revert's blockers.
   */
  laterTouches: (
    tx: DbOrTx,
    afterId: number,
    ids: number[],
  ) => Promise<Array<{ employeeId: number; at: Date; actorEmail: string; action: string }>>;
  /** What a write from a past day owes for the days since (impact/back-pay.service.ts). */
  backPay: Pick<BackPayService, 'backPayOf'>;
  /** "Nov 24, 2026, 05:12 AM UTC": when a refusal says something happened, in the company's format. */
  when: (tx: DbOrTx, at: Date) => Promise<string>;
}) {
  const { audit, pricing } = deps;

  /**
   * A cycle as `actor` may read it: to a user limited to their own team an AMOUNT budget's
   * whole is hidden (with their share and their team's payroll it would give the company's).
   */
  const view = (c: CycleRow, actor?: Actor): RaiseCycle => ({
    id: c.id,
    name: c.name,
    effectiveDate: c.effectiveDate,
    eligibility: { hiredBefore: c.hiredBefore, jobIds: c.jobIds, gradeIds: c.gradeIds },
    budget: {
      kind: c.budgetKind,
      value:
        c.budgetKind === 'PERCENT'
          ? basisPointsToPercent(c.budgetValue as unknown as BasisPoints)
          : actor && teamScoped(actor)
            ? null
            : fromCents(c.budgetValue as unknown as Cents),
    },
    guideline: c.guideline.map((g) => ({
      compaFrom: g.compaFrom === null ? null : g.compaFrom / 100,
      compaTo: g.compaTo === null ? null : g.compaTo / 100,
      rating: g.rating,
      minPercent: g.minBp / 100,
      maxPercent: g.maxBp / 100,
    })),
    status: c.status,
    submittedBy: c.submittedBy,
    submittedByYou: actor !== undefined && c.submittedById !== null && c.submittedById === actor.id,
    sentBackComment: c.sentBackComment,
    appliedEntryId: c.appliedEntryId,
  });

  const valuesOf = (input: RaiseCycleInput): CycleValues => ({
    name: input.name,
    effectiveDate: input.effectiveDate,
    hiredBefore: input.eligibility.hiredBefore,
    jobIds: input.eligibility.jobIds,
    gradeIds: input.eligibility.gradeIds,
    budgetKind: input.budget.kind,
    budgetValue: (input.budget.kind === 'PERCENT'
      ? hundredths(input.budget.value)
      : toCents(input.budget.value)) as unknown as RuleUnits,
    guideline: input.guideline.map(
      (g): StoredGuidelineRow => ({
        compaFrom: g.compaFrom === null ? null : hundredths(g.compaFrom),
        compaTo: g.compaTo === null ? null : hundredths(g.compaTo),
        rating: g.rating,
        minBp: hundredths(g.minPercent),
        maxBp: hundredths(g.maxPercent),
      }),
    ),
  });

  const found = async (id: number, handle?: DbOrTx) => {
    const c = await deps.repo(handle).find(id);
    if (!c) throw notFound(M.notFound);
    return c;
  };
  const locked = async (uow: UnitOfWork, id: number) => {
    const c = await deps.repo(uow.tx).lock(id);
    if (!c) throw notFound(M.notFound);
    return c;
  };
  const requireStatus = (c: CycleRow, ...allowed: CycleRow['status'][]) => {
    if (!allowed.includes(c.status))
      throw conflict(
        `${label(c)} is ${c.status.toLowerCase()}; this needs it ${allowed.map((s) => s.toLowerCase()).join(' or ')}`,
      );
  };
  const uniqueName = async (uow: UnitOfWork, name: string, exceptId?: number) => {
    if (await deps.repo(uow.tx).nameTaken(name, exceptId))
      throw conflict(`A raise cycle named "${name}" already exists`);
  };

  /** Every eligible employee as of the effective day, priced, with its proposal: the whole worksheet. */
  async function linesOf(cycle: CycleRow, handle?: DbOrTx, replaced?: Map<number, ProposalRow | null>) {
    return (await pricedLinesOf(cycle, handle, replaced)).lines;
  }

  /** The worksheet's lines (see `linesOf`), with the rules they were priced with. */
  async function pricedLinesOf(
    cycle: CycleRow,
    handle?: DbOrTx,
    replaced?: Map<number, ProposalRow | null>,
  ): Promise<{ lines: WorksheetLine[]; book: RuleBook; ratedBefore: ReadonlySet<number> }> {
    // The rules they were priced with (read with them, at one snapshot) price the proposals too.
    // Inside a write, from the list the worksheet's reads keep for that day: only what moved since is read.
    const { employees, book } = await pricing.priceEmployees(
      { asOf: cycle.effectiveDate },
      { tx: handle, fromKept: true },
    );
    const stored = await deps.repo(handle).proposals(cycle.id);
    const proposals = new Map<number, ProposalRow | null>(stored.map((p) => [p.employeeId, p] as const));
    const ratedBefore = new Set(stored.flatMap((p) => (p.rating === null ? [] : [p.employeeId])));
    for (const [id, p] of replaced ?? []) proposals.set(id, p);
    const pricer: WorksheetPricer = {
      price: (record) => pricing.price(book, record),
      band: (record: EmployeeRecord) => book.bandOf(record.gradeId, record.levelId),
      raises: new Map(),
    };
    const before = cycle.status === 'APPLIED' ? await beforeApplication(cycle, proposals, handle) : undefined;
    const lines: WorksheetLine[] = [];
    for (const priced of employees) {
      const proposal = proposals.get(priced.employee.id) ?? null;
      const current = before?.(priced, proposal, pricer) ?? priced;
      if (!isEligible(cycle, current.employee)) continue;
      const line = worksheetLine(cycle, current, proposal, pricer);
      if (line) lines.push(line);
    }
    return { lines, book, ratedBefore };
  }

  /**
   * An applied cycle's worksheet reads as it was decided: each employee it raised or moved as of
   * the effective day without the cycle (its raise taken off; a move's grade and level those of
   * the day before), so the current pay, the proposals on it and the totals are the approved ones,
   * other changes of that day included. Answers how to take the cycle off a priced employee.
   */
  async function beforeApplication(
    cycle: CycleRow,
    proposals: ReadonlyMap<number, ProposalRow | null>,
    handle: DbOrTx | undefined,
  ) {
    const raise = raiseComponentName(cycle.name);
    const moved = [...proposals.values()].flatMap((p) => (p?.kind === 'MOVE' ? [p.employeeId] : []));
    const dayBefore = moved.length
      ? (await pricing.priceEmployees({ asOf: addDays(cycle.effectiveDate, -1), ids: moved }, { tx: handle }))
          .employees
      : [];
    const grades = new Map(
      dayBefore.map(
        (p) => [p.employee.id, { gradeId: p.employee.gradeId, levelId: p.employee.levelId }] as const,
      ),
    );
    return (priced: PricedEmployee, proposal: ProposalRow | null, pricer: WorksheetPricer) => {
      if (!proposal || proposal.kind === 'NONE') return priced;
      const e = priced.employee;
      return pricer.price({
        ...e,
        payComponents: e.payComponents.filter((c) => c.name !== raise),
        ...(proposal.kind === 'MOVE' ? grades.get(e.id) : {}),
      });
    };
  }

  const pct = (bp: number) => bp / 100;
  const proposalValue = (p: ProposalRow) =>
    p.value === null ? null : p.kind === 'PERCENT' ? pct(p.value) : fromCents(p.value as unknown as Cents);

  function rowOf(l: WorksheetLine): WorksheetRow {
    const p = l.proposal;
    return {
      name: l.record.name,
      jobId: l.record.jobId,
      gradeId: l.record.gradeId,
      levelId: l.record.levelId,
      currentGross: fromCents(l.gross),
      basicWage: fromCents(l.basicWage),
      midpoint: fromCents(l.midpoint),
      bandMinimum: fromCents(l.bandMin),
      bandMaximum: fromCents(l.bandMax),
      compaRatio: l.compa / 100,
      rating: l.rating,
      proposal: p && {
        kind: p.kind,
        value: proposalValue(p),
        gradeId: p.gradeId,
        levelId: p.levelId,
        reason: p.reason,
      },
      ...changeOf(l),
      recommended: rangeOf(l),
    };
  }

  const rangeOf = (l: WorksheetLine) =>
    l.recommended && { minPercent: pct(l.recommended.minBp), maxPercent: pct(l.recommended.maxBp) };

  /**
   * What a line's proposal makes of it: its raise, new pay and new compa-ratio, and its range when
   * a rating is in play (`rated`: typed now or saved before; without one the range stays the row's).
   */
  function changeOf(l: WorksheetLine, rated = false): WorksheetPreview['rows'][number] {
    return {
      employeeId: l.record.id,
      ...(rated && { recommended: rangeOf(l) }),
      raisePercent: l.raiseBp === null ? null : pct(l.raiseBp),
      outsideGuideline: l.outside,
      newGross: fromCents(l.newGross),
      newCompaRatio: l.newCompa / 100,
    };
  }

  /** The lines `actor` may see (a limited manager: their team's), and their totals and warnings. */
  function visibleOf(actor: Actor, cycle: CycleRow, all: readonly WorksheetLine[]) {
    const mine = actor.team === undefined ? all : all.filter((l) => inTeam(actor, l.record.id));
    const whole = mine === all ? undefined : totalsOf(cycle, all).payroll;
    const t = totalsOf(cycle, mine, whole);
    return {
      mine,
      totals: {
        eligiblePayroll: fromCents(t.payroll),
        budget: fromCents(t.budget),
        budgetUsed: fromCents(t.used),
        overBudget: t.over,
      },
      warnings: t.over ? [M.overBudget] : [],
    };
  }

  /** The worksheet as `actor` may see it, in name order: a limited manager's rows and totals are their team's. */
  function worksheetOf(actor: Actor, cycle: CycleRow, all: readonly WorksheetLine[]): Worksheet {
    const { mine, totals, warnings } = visibleOf(actor, cycle, all);
    const rows = mine
      .map(rowOf)
      .sort((a, b) => byName.compare(a.name, b.name) || a.employeeId - b.employeeId);
    return { cycle: view(cycle, actor), rows, totals, warnings };
  }

  const rowProblem = (row: number, message: string) =>
    badRequest(`Row ${row}: ${message}`, [{ field: `proposals.${row - 1}`, message }]);

  /** A proposal as stored, checked: its value converted, a move's grade and level given. */
  function storedProposal(row: number, p: ProposalInput): ProposalRow {
    if ((p.kind === 'PERCENT' || p.kind === 'AMOUNT') && (p.value === null || p.value <= 0))
      throw rowProblem(row, 'a raise needs a value above zero');
    if (p.kind === 'MOVE' && (p.gradeId === null || p.levelId === null))
      throw rowProblem(row, 'a move needs a grade and a level');
    return {
      employeeId: p.employeeId,
      rating: p.rating,
      kind: p.kind,
      value:
        p.kind === 'PERCENT'
          ? (hundredths(p.value!) as unknown as RuleUnits)
          : p.kind === 'AMOUNT'
            ? (toCents(p.value!) as unknown as RuleUnits)
            : null,
      gradeId: p.kind === 'MOVE' ? p.gradeId : null,
      levelId: p.kind === 'MOVE' ? p.levelId : null,
      reason: p.reason.length ? p.reason : null,
    };
  }

  const transition = async (
    uow: UnitOfWork,
    actor: Actor,
    cycle: CycleRow,
    action: string,
    values: Parameters<RaiseCyclesRepository['update']>[1],
    details: Record<string, unknown> = {},
  ) => {
    await deps.repo(uow.tx).update(cycle.id, values);
    await audit.record(uow, {
      action,
      entityType: ENTITY,
      entityId: cycle.id,
      label: label(cycle),
      changes: values.status ? [{ field: 'status', before: cycle.status, after: values.status }] : [],
      details,
    });
    return view(await found(cycle.id, uow.tx), actor);
  };

  /**
   * The dated writes of an application or its revert, from `day`, in `uow`: the rows take their
   * version in force today when `day` is today or past. Answers the entry, its employees added
   * (the day's records before → after, and today's when they moved); the caller finishes it.
   */
  async function writeOnDay(
    uow: UnitOfWork,
    day: string,
    today: string,
    writes: DatedWrite[],
    records: Array<{ before: EmployeeRecord; after: EmployeeRecord }>,
    dropUnchanged = false,
    /**
     * The records as priced on `day`, with `book`: on today, the entry compares today's pay
     * from them rather than pricing them again.
     */
    priced?: { book: RuleBook; pairs: ReadonlyArray<{ before: PricedEmployee; after: PricedEmployee }> },
  ) {
    const ids = writes.map((w) => w.id);
    // Today's records before and after, for the pay history, are read only when they are not the
    // day's: from a past day (today holds a later version). On the day itself they are the day's
    // records; from a day to come today's pay does not move.
    const past = day < today;
    const recordsToday = async () => {
      const { employees } =
        past && ids.length ? await pricing.priceEmployees({ ids }, { tx: uow.tx }) : { employees: [] };
      return new Map(employees.map((p) => [p.employee.id, p.employee] as const));
    };
    const before = await recordsToday();
    const versions = deps.versions(uow.tx);
    const write = async () => {
      // From today or a past day the rows take their version in force today (and move their
      // version). A revert first leaves no version the application alone had made (the same as
      // the one before it), so its rows are moved after.
      await versions.writeFrom(writes, day, today, uow.actor?.email ?? null, !dropUnchanged);
      if (dropUnchanged) {
        await versions.dropUnchanged(ids, day);
        if (day <= today) await versions.applyToRows(ids, today, true);
      }
    };
    if (day >= today) {
      // From today or a day to come the entry needs nothing the write changes: its employees are
      // compared (on today from the day's own pricing) while the database writes.
      const onToday = day === today ? priced : undefined;
      const entry = await audit.entryInSlices(uow, { rules: onToday?.book });
      await settled([
        write(),
        entry.add(
          records.map((r, i) => {
            if (onToday) return { ...r, priced: onToday.pairs[i]! };
            if (day > today) return { ...r, today: { before: r.before, after: r.before } };
            return r;
          }),
        ),
      ]);
      return { entry, backPay: {} };
    }
    // From a past day: the back pay it owes (or, reverted, takes back) for the days since, as
    // for any dated write; a preview counts its own.
    let owed: StoredBackPay | undefined;
    if (!uow.preview && ids.length) owed = await deps.backPay.backPayOf(uow, day, ids, write);
    else await write();
    const after = await recordsToday();
    const entry = await audit.entryInSlices(uow);
    await entry.add(
      records.map((r) => {
        const b = before.get(r.after.id);
        const a = after.get(r.after.id);
        return { ...r, ...(b && a && { today: { before: b, after: a } }) };
      }),
    );
    return { entry, backPay: owed?.employees.length ? { backPay: owed } : {} };
  }

  /**
   * Proposals checked against the worksheet they make (only in draft; only eligible employees of
   * the actor's team; a raise outside the recommended range needs a reason, unless `reasons` is
   * 'later': the totals while the user is still typing): its lines, and each employee's proposal
   * as stored (null: removed).
   */
  async function checkedProposals(
    handle: DbOrTx | undefined,
    actor: Actor,
    cycle: CycleRow,
    input: ProposalInput[],
    reasons: 'now' | 'later' = 'now',
  ) {
    if (cycle.status !== 'DRAFT') throw new AppError(409, 'CONFLICT', M.notDraft);
    const replaced = new Map<number, ProposalRow | null>();
    const rowOfEmployee = new Map<number, number>();
    input.forEach((p, i) => {
      const row = i + 1;
      if (rowOfEmployee.has(p.employeeId))
        throw badRequest(
          `Row ${row}: employee ${p.employeeId} is also on row ${rowOfEmployee.get(p.employeeId)}`,
        );
      rowOfEmployee.set(p.employeeId, row);
      const stored = storedProposal(row, p);
      replaced.set(p.employeeId, stored.kind === 'NONE' && stored.rating === null ? null : stored);
    });
    const { lines, ratedBefore } = await pricedLinesOf(cycle, handle, replaced);
    const byId = new Map(lines.map((l) => [l.record.id, l] as const));
    const unexplained: Array<{ row: number; line: WorksheetLine }> = [];
    for (const [employeeId, row] of rowOfEmployee) {
      const line = byId.get(employeeId);
      // One answer for "not eligible" and "not in your team": nothing about an outsider is told.
      if (!line || !inTeam(actor, employeeId))
        throw badRequest(`Row ${row}: employee ${employeeId} is not in this cycle`, [
          { field: `proposals.${row - 1}.employeeId`, message: 'Not in this cycle' },
        ]);
      if (line.unpriced) throw badRequest(`Row ${row}: the new grade and level have no base salary`);
      if (line.outside && !line.proposal?.reason) unexplained.push({ row, line });
    }
    if (reasons === 'now' && unexplained.length) {
      // Every row that lacks one is named to the form; the message names the first and counts the rest.
      const [{ row, line }] = unexplained as [(typeof unexplained)[number]];
      const more = unexplained.length - 1;
      throw badRequest(
        `Row ${row} (${line.record.name}): a raise outside the recommended range (${pct(line.recommended!.minBp)}–${pct(line.recommended!.maxBp)}%) needs a reason${
          more ? `, and ${more} more ${more === 1 ? 'row' : 'rows'} outside it` : ''
        }`,
        unexplained.map(({ row: r }) => ({
          field: `proposals.${r - 1}.reason`,
          message: 'A reason is required outside the recommended range',
        })),
      );
    }
    return { lines, replaced, ratedBefore };
  }

  return {
    async list(actor: Actor): Promise<RaiseCycle[]> {
      if (!canRead(actor)) throw forbidden(M.readForbidden);
      return (await deps.repo().list()).map((c) => view(c, actor));
    },

    async get(actor: Actor, id: number): Promise<RaiseCycle> {
      if (!canRead(actor)) throw forbidden(M.readForbidden);
      return view(await found(id), actor);
    },

    async create(uow: UnitOfWork, actor: Actor, input: RaiseCycleInput): Promise<RaiseCycle> {
      if (!canEdit(actor)) throw forbidden(M.editForbidden);
      await uniqueName(uow, input.name);
      const values = valuesOf(input);
      const id = await deps.repo(uow.tx).insert(values);
      await audit.record(uow, {
        action: 'create',
        entityType: ENTITY,
        entityId: id,
        label: label(values),
        changes: [
          { field: 'name', before: null, after: values.name },
          { field: 'effectiveDate', before: null, after: values.effectiveDate },
        ],
      });
      return view(await found(id, uow.tx), actor);
    },

    async update(uow: UnitOfWork, actor: Actor, id: number, input: RaiseCycleInput): Promise<RaiseCycle> {
      if (!canEdit(actor)) throw forbidden(M.editForbidden);
      const before = await locked(uow, id);
      requireStatus(before, 'DRAFT');
      await uniqueName(uow, input.name, id);
      const values = valuesOf(input);
      await deps.repo(uow.tx).update(id, values);
      await audit.record(uow, {
        action: 'update',
        entityType: ENTITY,
        entityId: id,
        label: label(before),
        changes: (['name', 'effectiveDate', 'hiredBefore', 'budgetKind', 'budgetValue'] as const)
          .filter((f) => before[f] !== values[f])
          .map((field) => ({ field, before: before[field], after: values[field] })),
      });
      return view(await found(id, uow.tx), actor);
    },

    async remove(uow: UnitOfWork, actor: Actor, id: number): Promise<void> {
      if (!canEdit(actor)) throw forbidden(M.editForbidden);
      const before = await locked(uow, id);
      if (before.status === 'APPLIED') throw conflict(`${label(before)} was applied; it cannot be deleted`);
      await deps.repo(uow.tx).delete(id);
      await audit.record(uow, {
        action: 'delete',
        entityType: ENTITY,
        entityId: id,
        label: label(before),
        changes: [{ field: 'name', before: before.name, after: null }],
      });
    },

    /**
     * The letters of an approved or applied cycle: one per employee it raises or moves (to a
     * limited manager, their team's), `employeeId` alone when given. Each names the monthly
     * gross until the day before the effective date and from it (the proposal's, priced as the
     * worksheet prices it; once applied, the same pay in force).
     */
    async letters(
      actor: Actor,
      id: number,
      employeeId?: number,
    ): Promise<Array<Omit<RaiseLetter, 'company'>>> {
      if (!canRead(actor)) throw forbidden(M.readForbidden);
      const cycle = await found(id);
      requireStatus(cycle, 'APPROVED', 'APPLIED');
      const lines = (await linesOf(cycle)).filter(
        (l) =>
          l.proposal !== null &&
          l.proposal.kind !== 'NONE' &&
          inTeam(actor, l.record.id) &&
          (employeeId === undefined || l.record.id === employeeId),
      );
      if (employeeId !== undefined && !lines.length)
        throw notFound('This employee has no raise in this cycle');
      // A .zip is built in memory: bounded, with what to do instead.
      if (employeeId === undefined && lines.length > MAX_LETTERS_IN_ZIP)
        throw badRequest(
          `The cycle has ${lines.length.toLocaleString('en-US')} letters; one download holds at most ${MAX_LETTERS_IN_ZIP.toLocaleString('en-US')}. Download them one by one from the worksheet.`,
        );
      const dayBefore = addDays(cycle.effectiveDate, -1);
      const ids = lines.map((l) => l.record.id);
      const before = ids.length ? (await pricing.priceEmployees({ asOf: dayBefore, ids })).employees : [];
      const old = new Map(before.map((p) => [p.employee.id, p.calculatedSalary] as const));
      return lines.map((l) => {
        const e = l.newRecord;
        const was = old.get(l.record.id);
        return {
          cycleName: cycle.name,
          effectiveDate: cycle.effectiveDate,
          dayBefore,
          employee: {
            id: e.id,
            name: e.name,
            job: e.jobName,
            position: e.positionName,
          },
          oldGross: was === undefined || was === null ? null : fromCents(was),
          newGross: fromCents(l.newGross),
          ...(was === undefined || was === null
            ? { raise: null, raisePercent: null }
            : {
                raise: fromCents(asCents(l.newGross - was)),
                raisePercent: changeInPercent(l.newGross - was, was),
              }),
        };
      });
    },

    /** `handle`: read in a unit of work's transaction (the worksheet import decides in it). */
    async worksheet(actor: Actor, id: number, handle?: DbOrTx): Promise<Worksheet> {
      if (!canRead(actor)) throw forbidden(M.readForbidden);
      const cycle = await found(id, handle);
      return worksheetOf(actor, cycle, await linesOf(cycle, handle));
    },

    /**
     * Saves proposals (each row replaces that employee's; kind NONE without a rating removes it).
     * Only in draft; only eligible employees of the actor's team; a raise outside the recommended
     * range needs a reason. Over budget is saved and answered as a warning.
     */
    async saveProposals(
      uow: UnitOfWork,
      actor: Actor,
      id: number,
      input: ProposalInput[],
    ): Promise<Worksheet> {
      if (!canPropose(actor)) throw forbidden(M.proposeForbidden);
      const cycle = await locked(uow, id);
      const { lines, replaced } = await checkedProposals(uow.tx, actor, cycle, input);
      const rows = [...replaced.values()].filter((p): p is ProposalRow => p !== null);
      await deps.repo(uow.tx).saveProposals(id, [...replaced.keys()], rows);
      await audit.record(uow, {
        action: 'propose',
        entityType: ENTITY,
        entityId: id,
        label: label(cycle),
        changes: [],
        details: { employeeIds: [...replaced.keys()], saved: rows.length },
      });
      return worksheetOf(actor, cycle, lines);
    },

    /**
     * What the proposals would make, checked as a save checks them but for the reasons a raise
     * outside the guideline still lacks, nothing written: the worksheet's totals with them and
     * each proposed row's change (the totals and new pay while the user is still typing; each
     * row says whether it is outside the guideline).
     */
    async previewProposals(actor: Actor, id: number, input: ProposalInput[]): Promise<WorksheetPreview> {
      if (!canPropose(actor)) throw forbidden(M.proposeForbidden);
      const cycle = await found(id);
      // A raise still without the reason it needs is priced all the same: the save asks for it.
      const { lines, replaced, ratedBefore } = await checkedProposals(
        undefined,
        actor,
        cycle,
        input,
        'later',
      );
      const { totals, warnings } = visibleOf(actor, cycle, lines);
      // Every employee proposed for is the actor's and in the cycle (checked): only their rows.
      return {
        rows: lines
          .filter((l) => replaced.has(l.record.id))
          .map((l) => changeOf(l, l.rating !== null || ratedBefore.has(l.record.id))),
        totals,
        warnings,
      };
    },

    async submit(uow: UnitOfWork, actor: Actor, id: number): Promise<RaiseCycle> {
      if (!canPropose(actor)) throw forbidden(M.proposeForbidden);
      const cycle = await locked(uow, id);
      requireStatus(cycle, 'DRAFT');
      return transition(uow, actor, cycle, 'submit', {
        status: 'SUBMITTED',
        submittedById: actor.id,
        submittedBy: uow.actor?.email ?? null,
        sentBackComment: null,
      });
    },

    async approve(uow: UnitOfWork, actor: Actor, id: number): Promise<RaiseCycle> {
      if (!actor.isAdmin) throw forbidden(M.approveForbidden);
      const cycle = await locked(uow, id);
      requireStatus(cycle, 'SUBMITTED');
      if (cycle.submittedById === actor.id) throw forbidden(M.approveOwn);
      return transition(uow, actor, cycle, 'approve', { status: 'APPROVED' });
    },

    async sendBack(uow: UnitOfWork, actor: Actor, id: number, comment: string): Promise<RaiseCycle> {
      if (!actor.isAdmin) throw forbidden(M.approveForbidden);
      const cycle = await locked(uow, id);
      requireStatus(cycle, 'SUBMITTED', 'APPROVED');
      return transition(
        uow,
        actor,
        cycle,
        'send-back',
        { status: 'DRAFT', submittedById: null, submittedBy: null, sentBackComment: comment },
        { comment },
      );
    },

    /**
     * Every proposal written from the effective day as one dated employee write (`writeFrom`),
     * with one audit entry (per-employee changes beside it, pay-history rows for today's pay
     * that moved), in the route's unit of work. Only an approved cycle.
     */
    async apply(uow: UnitOfWork, actor: Actor, id: number): Promise<RaiseCycle> {
      if (!actor.isAdmin) throw forbidden(M.applyForbidden);
      const cycle = await locked(uow, id);
      requireStatus(cycle, 'APPROVED');
      const today = await deps.today(uow.tx);
      const day = cycle.effectiveDate;
      const { lines, book } = await pricedLinesOf(cycle, uow.tx);
      const moving = lines.filter((l) => l.proposal && l.proposal.kind !== 'NONE');
      const writes: DatedWrite[] = moving.map((l) =>
        l.proposal!.kind === 'MOVE'
          ? { id: l.record.id, input: { gradeId: l.newRecord.gradeId, levelId: l.newRecord.levelId } }
          : { id: l.record.id, input: { payComponents: l.newRecord.payComponents } },
      );
      const { entry, backPay } = await writeOnDay(
        uow,
        day,
        today,
        writes,
        moving.map((l) => ({ before: l.record, after: l.newRecord })),
        false,
        { book, pairs: moving.map((l) => ({ before: l.priced, after: l.newPriced })) },
      );
      const entryId = await entry.finish({
        action: 'apply',
        entityType: ENTITY,
        entityId: id,
        label: label(cycle),
        details: {
          effectiveFrom: day,
          changed: moving.length,
          ...(day > today && { scheduled: true }),
          ...backPay,
        },
      });
      await deps.repo(uow.tx).update(id, { status: 'APPLIED', appliedEntryId: entryId });
      return view(await found(id, uow.tx), actor);
    },

    /**
     * Reverts an application (its audit entry `entryId`, reverted from the Audit Log): every
     * employee it raised or moved gets back, from the effective day, what it held that day before
     * (a version the application alone made goes), in one unit of work with one audit entry
     * (action 'revert', `details.revertOf`); the cycle is approved again, so it can be sent back or
     * applied anew. Refused whole (409) when an employee was changed after the application (an
     * edit, delete, import or revert: when and by whom), or no longer holds on that day what the
     * application wrote; an administrator only (the route's check).
     */
    async revertApplication(
      uow: UnitOfWork,
      applied: { id: number; entityId: string | null; details: unknown },
    ): Promise<EntryRevertResult> {
      const entryId = applied.id;
      const cycle = await locked(uow, Number(applied.entityId));
      if (cycle.appliedEntryId !== entryId)
        throw conflict(`${label(cycle)}: this application was already reverted`);
      const day = cycle.effectiveDate;
      const raise = raiseComponentName(cycle.name);
      const proposals = (await deps.repo(uow.tx).proposals(cycle.id)).filter((p) => p.kind !== 'NONE');
      const proposed = new Map(proposals.map((p) => [p.employeeId, p] as const));
      // What the application recorded for each employee: a move's grade and level before it.
      const recorded = (await audit.employeesOf(applied, uow.tx)) ?? [];
      const movedFrom = new Map(
        recorded.map((e) => {
          const before: Record<string, unknown> = {};
          for (const c of e.changes) {
            const input = WIRE_TO_INPUT.get(c.field);
            if (input === 'gradeId' || input === 'levelId') before[input] = c.before;
          }
          return [e.id, before] as const;
        }),
      );
      const ids = [...proposed.keys()];
      const onDay = ids.length
        ? (await pricing.priceEmployees({ asOf: day, ids }, { tx: uow.tx })).employees
        : [];
      const records = new Map(onDay.map((p) => [p.employee.id, p.employee] as const));
      const format = (at: Date) => deps.when(uow.tx, at);
      const blockers: string[] = [];
      const touches = new Map<number, { at: Date; actorEmail: string; action: string }>();
      for (const t of await deps.laterTouches(uow.tx, entryId, ids))
        if (!touches.has(t.employeeId)) touches.set(t.employeeId, t);
      const writes: DatedWrite[] = [];
      const pairs: Array<{ before: EmployeeRecord; after: EmployeeRecord }> = [];
      for (const p of proposals) {
        const e = records.get(p.employeeId);
        const touch = touches.get(p.employeeId);
        const who = e ? `Employee ${p.employeeId} (${e.name})` : `Employee ${p.employeeId}`;
        if (touch) {
          blockers.push(`${who} was changed on ${await format(touch.at)} by ${touch.actorEmail} after it`);
          continue;
        }
        const back = movedFrom.get(p.employeeId);
        const holds =
          e !== undefined &&
          (p.kind === 'MOVE'
            ? e.gradeId === p.gradeId && e.levelId === p.levelId
            : e.payComponents.some((c) => c.name === raise));
        if (!e || !holds) {
          blockers.push(`${who} no longer holds on ${day} what the application wrote`);
          continue;
        }
        const input: DatedWrite['input'] =
          p.kind === 'MOVE'
            ? // A move records only what it changed: the other one is as it was.
              {
                gradeId: (back?.gradeId as number | undefined) ?? e.gradeId,
                levelId: (back?.levelId as number | undefined) ?? e.levelId,
              }
            : { payComponents: e.payComponents.filter((c) => c.name !== raise) };
        writes.push({ id: e.id, input });
        pairs.push({ before: e, after: { ...e, ...input } as EmployeeRecord });
      }
      if (blockers.length)
        throw conflict(
          `${label(cycle)}'s application cannot be reverted: ${blockers.slice(0, 5).join('; ')}${
            blockers.length > 5 ? `; and ${blockers.length - 5} more` : ''
          }.`,
        );
      const today = await deps.today(uow.tx);
      const { entry, backPay } = await writeOnDay(uow, day, today, writes, pairs, true);
      const revertId = await entry.finish({
        action: 'revert',
        entityType: ENTITY,
        entityId: cycle.id,
        label: label(cycle),
        details: { revertOf: entryId, effectiveFrom: day, changed: writes.length, ...backPay },
      });
      await deps.repo(uow.tx).update(cycle.id, { status: 'APPROVED', appliedEntryId: null });
      return { entryId, revertId, action: 'revert', entityType: ENTITY, entityId: cycle.id };
    },
  };
}

export type RaiseCyclesService = ReturnType<typeof createRaiseCyclesService>;
