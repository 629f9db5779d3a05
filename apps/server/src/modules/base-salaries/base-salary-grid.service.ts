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
import { type DatedRuleWrites, datedDetails, runDated } from '../../lib/pair-rule.service.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { BaseSalariesRepository } from './base-salaries.repository.ts';
import type { BandInput, BaseSalaryInput, BaseSalaryRow } from './base-salaries.wire.ts';

/*
 * The Base Salaries grid's save (POST /base-salary/bulk): every changed cell, amounts and
 * bands, in one transaction or not at all; and the check of a cell's band against its amount
 * that the single-rule update shares.
 */

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

/** The form's labels of a base salary's fields; a grid save changes its amount. */
export const BASE_SALARY_LABELS = {
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

export async function saveCells(
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
