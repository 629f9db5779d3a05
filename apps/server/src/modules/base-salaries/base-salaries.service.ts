import {
  BAND_MAX_LABEL,
  BAND_MIN_LABEL,
  BAND_SPREAD_LABEL,
} from '@salary/shared/base-salaries/base-salaries.contract';
import type { FieldProblem } from '@salary/shared/common/envelope';
import { type BasisPoints, basisPointsToPercent, type Cents, fromCents } from '@salary/shared/common/money';
import type { Actor } from '@salary/shared/common/permissions';
import { badRequest } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import {
  type DatedRuleWrites,
  datedDetails,
  type PairRuleService,
  pairRuleService,
  type RowFinder,
  runDated,
} from '../../lib/pair-rule.service.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { BaseSalariesRepository } from './base-salaries.repository.ts';
import {
  type BandInput,
  type BaseSalaryInput,
  type BaseSalaryRow,
  baseSalaryToApi,
} from './base-salaries.wire.ts';

/** One cell of a grid save, its amount in cents (null clears it) and, when given, its band. */
export interface BaseSalaryCellInput extends BandInput {
  gradeId: number;
  levelId: number;
  amount: Cents | null;
  version?: number;
}

const BAND_FIELDS = ['bandSpread', 'bandMin', 'bandMax'] as const;

/**
 * A typed bound the cell would keep from before that no longer fits around its amount (the
 * contract checks the bounds a write gives against the amount it gives).
 */
export function bandProblems(
  cell: BandInput & { amount: Cents },
  stored: { bandMin: Cents | null; bandMax: Cents | null } | undefined,
  field: (name: 'bandMin' | 'bandMax') => string,
): FieldProblem[] {
  const min = cell.bandMin !== undefined ? cell.bandMin : (stored?.bandMin ?? null);
  const max = cell.bandMax !== undefined ? cell.bandMax : (stored?.bandMax ?? null);
  const out: FieldProblem[] = [];
  if (min !== null && min > cell.amount)
    out.push({
      field: field('bandMin'),
      message: `${BAND_MIN_LABEL} must be at most the Base Salary Amount`,
    });
  if (max !== null && max < cell.amount)
    out.push({
      field: field('bandMax'),
      message: `${BAND_MAX_LABEL} must be at least the Base Salary Amount`,
    });
  return out;
}

/** The grid save's answer, the list's amounts in cents. */
export interface BaseSalaryCellsResult {
  created: number;
  updated: number;
  deleted: number;
  baseSalaries: BaseSalaryRow[];
}

/** Amounts are whole cents in and out; the routes convert the API's decimals at the edge. */
export interface BaseSalariesService extends PairRuleService<BaseSalaryRow, BaseSalaryInput> {
  /**
   * The grid's Save: every changed cell in one transaction, or nothing. Refused whole (400)
   * when any cell names a grade or level that does not exist or repeats another cell; each
   * such cell is named in `data.fields` as `cells.<index>.<field>`.
   */
  saveCells(
    uow: UnitOfWork,
    actor: Actor,
    input: { cells: BaseSalaryCellInput[] },
  ): Promise<BaseSalaryCellsResult>;
}

/** The form's labels of a base salary's fields; a grid save changes its amount. */
const BASE_SALARY_LABELS = {
  gradeId: 'Grade',
  levelId: 'Level',
  amount: 'Base Salary Amount',
  bandSpread: BAND_SPREAD_LABEL,
  bandMin: BAND_MIN_LABEL,
  bandMax: BAND_MAX_LABEL,
};
const baseSalaryRecord = (id: number, pair: string) => ({
  entityType: 'baseSalary',
  entityId: id,
  label: `Base salary ${pair}`,
  labels: { ...BASE_SALARY_LABELS, amount: `Base Salary Amount (${pair})` },
  grouped: 'amount',
});

/** One amount per grade and level. */
export function createBaseSalariesService(deps: {
  baseSalaries: RepositoryOn<BaseSalariesRepository>;
  grades: RowFinder<{ id: number; name: string }>;
  levels: RowFinder<{ id: number; name: string }>;
  /** Dated rules (modules/rule-calendar); absent: every write is from today, undated. */
  calendar?: DatedRuleWrites;
  audit: Pick<AuditService, 'record' | 'payBefore' | 'staleVersion' | 'staleRows'>;
}): BaseSalariesService {
  const { grades, levels } = deps;
  const rules = pairRuleService(deps.baseSalaries, {
    calendar: deps.calendar,
    notFoundMessage: 'Base salary not found',
    references: [
      { field: 'gradeId', missing: 'Grade not found', find: (id, handle) => grades(handle).findById(id) },
      { field: 'levelId', missing: 'Level not found', find: (id, handle) => levels(handle).findById(id) },
    ],
    duplicate: (grade, level) =>
      `A base salary for grade ${grade.name} and level ${level.name} already exists`,
    // Grades and levels have no delete today; this guards a future one.
    foreignKey: () => badRequest('Grade or level not found'),
    audit: deps.audit,
    entityType: 'baseSalary',
    label: (rule) => `Base salary ${rule.grade.name} / ${rule.level.name}`,
    priced: (rule) => ({ gradeId: rule.gradeId, levelId: rule.levelId }),
    fields: ['gradeId', 'levelId', 'amount', 'bandSpread', 'bandMin', 'bandMax'],
    // The audit keeps what the API shows: the amount as a decimal.
    audited: baseSalaryToApi,
    labels: BASE_SALARY_LABELS,
  });
  return {
    ...rules,
    async update(uow, actor, id, input) {
      requirePermission(actor, 'manageSettings');
      // A bound typed before, kept by a write that moves the amount past it, is refused by name.
      const stored = await deps.baseSalaries(uow.tx).findById(id);
      const problems = stored ? bandProblems(input, stored, (f) => f) : [];
      if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
      return rules.update(uow, actor, id, input);
    },
    saveCells: (uow, actor, input) =>
      saveCells(uow, deps.baseSalaries(uow.tx), deps.audit, deps.calendar, actor, input),
  };
}

async function saveCells(
  uow: UnitOfWork,
  repo: BaseSalariesRepository,
  audit: Pick<AuditService, 'record' | 'payBefore' | 'staleRows'>,
  calendar: DatedRuleWrites | undefined,
  actor: Actor,
  { cells }: { cells: BaseSalaryCellInput[] },
): Promise<BaseSalaryCellsResult> {
  requirePermission(actor, 'manageSettings');
  const known = await repo.existingReferences(
    [...new Set(cells.map((c) => c.gradeId))],
    [...new Set(cells.map((c) => c.levelId))],
  );
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  cells.forEach((cell, i) => {
    if (!known.grades.has(cell.gradeId))
      problems.push({ field: `cells.${i}.gradeId`, message: 'Grade not found' });
    if (!known.levels.has(cell.levelId))
      problems.push({ field: `cells.${i}.levelId`, message: 'Level not found' });
    const key = `${cell.gradeId}:${cell.levelId}`;
    if (seen.has(key))
      problems.push({
        field: `cells.${i}.amount`,
        message: 'This grade and level appear twice in one save',
      });
    seen.add(key);
  });
  if (problems.length > 0) {
    throw badRequest(
      `${problems.length === 1 ? 'One cell was' : `${problems.length} cells were`} refused; nothing was saved`,
      problems,
    );
  }
  const stored = await repo.storedByPair();
  const pairOf = (cell: { gradeId: number; levelId: number }) => `${cell.gradeId}:${cell.levelId}`;
  const bandRefused = cells.flatMap((cell, i) =>
    cell.amount === null
      ? []
      : bandProblems({ ...cell, amount: cell.amount }, stored.get(pairOf(cell)), (f) => `cells.${i}.${f}`),
  );
  if (bandRefused.length > 0)
    throw badRequest(
      `${bandRefused.length === 1 ? 'One cell was' : `${bandRefused.length} cells were`} refused; nothing was saved`,
      bandRefused,
    );
  // A cell read at another version than its base salary's now (0: it had none) refuses the
  // whole save, naming each such cell and who changed what since.
  const stale = cells.flatMap((cell, index) => {
    const current = stored.get(pairOf(cell))?.version ?? 0;
    return cell.version === undefined || cell.version === current
      ? []
      : [{ index, cell, sent: cell.version, current }];
  });
  if (stale.length > 0) {
    const names = await repo.pairNames(stale.map((s) => s.cell));
    const rows = stale.map((s) => ({
      ...s,
      record: baseSalaryRecord(
        stored.get(pairOf(s.cell))?.id ?? 0,
        names.get(pairOf(s.cell)) ?? pairOf(s.cell),
      ),
    }));
    const listed = rows.map((r) => names.get(pairOf(r.cell)) ?? pairOf(r.cell));
    const label =
      listed.length === 1
        ? `Base salary ${listed[0]}`
        : `Base salaries ${listed.slice(0, -1).join(', ')} and ${listed[listed.length - 1]}`;
    throw await audit.staleRows(uow, label, rows);
  }
  // Every employee's pay before the grid's cells change (the rules move, the employees do not).
  const pay = await audit.payBefore(uow, 'all', { rulesOnly: true });
  const before = new Map([...stored].map(([key, row]) => [key, row.cents]));
  const setting = cells.filter((c): c is BaseSalaryCellInput & BaseSalaryInput => c.amount !== null);
  const clearing = cells.filter((c) => c.amount === null);
  let created = 0;
  let updated = 0;
  const bandMoved = (cell: BaseSalaryCellInput) =>
    BAND_FIELDS.some((f) => cell[f] !== undefined && cell[f] !== stored.get(pairOf(cell))?.[f]);
  for (const cell of setting) {
    const cents = before.get(pairOf(cell));
    if (cents === undefined) created += 1;
    else if (cents !== cell.amount || bandMoved(cell)) updated += 1;
  }
  let deleted = 0;
  let written: BaseSalaryRow[] = [];
  const write = async () => {
    await repo.upsertMany(
      setting.map(({ gradeId, levelId, amount, bandSpread, bandMin, bandMax }) => ({
        gradeId,
        levelId,
        amount,
        bandSpread,
        bandMin,
        bandMax,
      })),
    );
    deleted = await repo.deletePairs(clearing);
    written = await repo.list();
  };
  // From another day: the list answered is today's, as the calendar left it.
  const dated = await runDated(calendar, uow, write);
  const baseSalaries = dated ? await repo.list() : written;
  // The rows this save wrote (their versions moved): a stale edit of one names this entry.
  const ids = [
    ...written.filter((r) => setting.some((c) => pairOf(c) === pairOf(r))).map((r) => r.id),
    ...clearing.flatMap((c) => stored.get(pairOf(c))?.id ?? []),
  ];
  // One audit entry for the whole save: each cell that changed, "grade / level" by name (a
  // cleared cell too, though no row names it now).
  const pairName = await repo.pairNames(cells);
  const storedCells = stored;
  const changes = cells.flatMap((cell) => {
    const key = `${cell.gradeId}:${cell.levelId}`;
    const stored = before.get(key);
    const after = cell.amount;
    const name = pairName.get(key) ?? key;
    const amount =
      (stored ?? null) === after
        ? []
        : [
            {
              field: `amount ${name}`,
              before: stored === undefined ? null : fromCents(stored),
              after: after === null ? null : fromCents(after),
            },
          ];
    if (after === null) return amount;
    const was = storedCells.get(key);
    const bands = BAND_FIELDS.flatMap((f) => {
      const now = cell[f];
      const then = was?.[f] ?? null;
      if (now === undefined || now === then) return [];
      const shown = (v: number | null) =>
        v === null
          ? null
          : f === 'bandSpread'
            ? basisPointsToPercent(v as BasisPoints)
            : fromCents(v as Cents);
      return [{ field: `${f} ${name}`, before: shown(then), after: shown(now) }];
    });
    return [...amount, ...bands];
  });
  await audit.record(
    uow,
    {
      action: 'bulkSave',
      entityType: 'baseSalary',
      label: 'Base salaries (grid)',
      changes,
      details: { created, updated, deleted, ids, ...datedDetails(dated).details },
    },
    { pay },
  );
  return { created, updated, deleted, baseSalaries };
}
