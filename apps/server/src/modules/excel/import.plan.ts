import { type DateTimeFormat, DEFAULT_DATE_TIME_FORMAT, formatDay } from '@salary/shared/common/date-time';
import { roundToTwoDecimals } from '@salary/shared/common/money';
import { ALLOWANCE_NAME, ALLOWANCE_TYPE_LABELS } from '@salary/shared/employees/allowance.contract';
import { EMPLOYEE_FIELDS, type EmployeeField } from '@salary/shared/employees/employee-fields';
import {
  BENEFIT_SEPARATOR,
  BENEFITS_NOT_RECEIVED_COLUMN,
  type FieldChange,
  IMPORT_LIST_LIMIT,
  type ImportChange,
  type ImportConflict,
  type ImportDuplicate,
  type ImportNotice,
  type ImportOptions,
  type ImportProblem,
} from '@salary/shared/excel/excel.contract';
import { allowanceOf, sameAllowance, sameBenefits } from '../employees/individual-pay.model.ts';
import type { StoredEmployee } from './excel.repository.ts';
import type { RowPay } from './import-pay.reader.ts';
import type { ImportedEmployee, ParsedRow } from './import-rows.reader.ts';
import { nameKey, type ReferenceNames } from './name-book.model.ts';
import { cellCents, fingerprint, type RowKey } from './row-key.model.ts';

/*
 * The import's decisions, pure: each parsed row against the employee it names (as stored now),
 * its hidden Row Key and the rest of the file → created, changed (field by field), unchanged,
 * conflict, possible duplicate, or an edit the import ignores. Nothing existing is written
 * unless the file was made from its current record or the user ticked it.
 */

export interface PlanRow {
  parsed: ParsedRow;
  /** The row's hidden Row Key, when the file is an export. */
  key: RowKey | null;
  /** The Calculated Salary / Total Cost cells, when the file has those columns (undefined: it has not). */
  salary?: number | null;
  cost?: number | null;
  /** The row's individual pay columns, when the file has them (import-pay.reader.ts). */
  pay?: RowPay;
}

export interface PlanContext {
  /** The file's IDs (and the export's own list) that name an existing employee. */
  existing: ReadonlySet<number>;
  /** Existing employees whose name matches a new row's name (any job). */
  sameName: Array<{ id: number; nameKey: string; jobId: number }>;
  installation: string;
  refs: ReferenceNames;
  /** The export's own record of the IDs it held (Export Key sheet), when present and ours. */
  exportedIds: number[] | null;
  options: Pick<ImportOptions, 'overwrite' | 'createDuplicates'>;
  /** The company's date format and zone, for the days a conflict names (default en-US, UTC). */
  dateFormat?: DateTimeFormat;
  /**
   * When the file was exported (its Export Key, when ours): a dated import compares each row with
   * the employee as on its day, so a version of that day recorded since (a change scheduled after
   * the export) is a conflict too — it moves no row version.
   */
  exportedAt?: Date | null;
}

/** What the import will do, counted and listed (the lists capped): the report. */
export interface ImportPlan {
  problems: ImportProblem[];
  created: number;
  updated: number;
  unchanged: number;
  changes: ImportChange[];
  conflicts: ImportConflict[];
  conflictCount: number;
  duplicates: ImportDuplicate[];
  duplicateCount: number;
  ignoredEdits: ImportNotice[];
  notices: ImportNotice[];
}

/** The rows of one slice of the file to write: new employees and changes to apply. */
export interface SliceDecisions {
  creates: Array<{ row: number; employee: ImportedEmployee; pay?: RowPay }>;
  updates: Array<{
    row: number;
    id: number;
    employee: ImportedEmployee;
    changes: FieldChange[];
    pay?: RowPay;
  }>;
  /** Conflicts left unticked: not written, but a dry run shows what they would do to pay. */
  held: Array<{ row: number; id: number; employee: ImportedEmployee; pay?: RowPay }>;
}

type Value = string | number | boolean | null;

function namesOf(refs: ReferenceNames): Record<string, Map<number, string>> {
  const map = (rows: Array<{ id: number; name: string }>) => new Map(rows.map((r) => [r.id, r.name]));
  return {
    jobs: map(refs.jobs),
    positions: map(refs.positions),
    grades: map(refs.grades),
    levels: map(refs.levels),
  };
}

const same = (a: Value | undefined, b: Value | undefined) =>
  typeof a === 'number' && typeof b === 'number' ? roundToTwoDecimals(a) === roundToTwoDecimals(b) : a === b;

/** A field's value as the sheet shows it (names for references, Yes/No for flags). */
function valueText(f: EmployeeField, v: Value, names: Record<string, Map<number, string>>): string {
  if (v === null) return '';
  if (f.kind === 'reference') return names[f.reference.table]?.get(v as number) ?? String(v);
  if (f.kind === 'flag') return v ? 'Yes' : 'No';
  return String(v);
}

/** The fields that differ between what is stored and what the row says, in field order. */
export function fieldChanges(
  before: Record<string, Value> | null,
  after: ImportedEmployee,
  names: Record<string, Map<number, string>>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const f of EMPLOYEE_FIELDS) {
    const b = before ? (before[f.input] ?? null) : null;
    const a = (after as unknown as Record<string, Value>)[f.input] ?? null;
    // An optional field the row leaves blank (or a file without its column) keeps the stored value.
    if (before && (same(b, a) || (a === null && !f.required))) continue;
    changes.push({
      field: f.wire,
      label: f.label,
      before: b,
      after: a,
      beforeText: valueText(f, b, names),
      afterText: valueText(f, a, names),
    });
  }
  return changes;
}

/** "Fixed amount 150 (Retention)": an allowance as a change shows it. */
const allowanceText = (a: ReturnType<typeof allowanceOf>) =>
  a ? `${ALLOWANCE_TYPE_LABELS[a.type]} ${a.value} (${a.reason})` : '';

/**
 * The individual pay a row changes (the fields `allowance` and `excludedBenefits`, the API's
 * names), and the part of `pay` that differs from what is stored: only that is written.
 */
export function payChanges(
  stored: Pick<StoredEmployee, 'payComponents' | 'excludedBenefits'> | null,
  pay: RowPay | undefined,
): { changes: FieldChange[]; pay?: RowPay } {
  const changes: FieldChange[] = [];
  const changed: RowPay = {};
  if (!pay) return { changes };
  if (pay.allowance !== undefined) {
    const before = stored ? allowanceOf(stored.payComponents) : null;
    if (!sameAllowance(before, pay.allowance)) {
      changed.allowance = pay.allowance;
      changes.push({
        field: 'allowance',
        label: ALLOWANCE_NAME,
        before: allowanceText(before) || null,
        after: allowanceText(pay.allowance) || null,
        beforeText: allowanceText(before),
        afterText: allowanceText(pay.allowance),
      });
    }
  }
  if (pay.excludedBenefits !== undefined) {
    const before = stored ? stored.excludedBenefits : [];
    if (!sameBenefits(before, pay.excludedBenefits)) {
      changed.excludedBenefits = pay.excludedBenefits;
      const text = (list: readonly string[]) => list.join(BENEFIT_SEPARATOR);
      changes.push({
        field: 'excludedBenefits',
        label: BENEFITS_NOT_RECEIVED_COLUMN,
        before: text(before) || null,
        after: text(pay.excludedBenefits) || null,
        beforeText: text(before),
        afterText: text(pay.excludedBenefits),
      });
    }
  }
  return changes.length ? { changes, pay: changed } : { changes };
}

export const conflictMessages = {
  changedInApp: (at: Date, by: string | null, format: DateTimeFormat = DEFAULT_DATE_TIME_FORMAT) =>
    `Changed in the app on ${formatDay(at, format)}${by ? ` by ${by}` : ''}, after this file was exported`,
  shiftedKey: (keyId: number) =>
    `This row's hidden Row Key belongs to ID ${keyId}: the rows no longer line up with their IDs (sorted without the ID column?)`,
  shiftedName: (otherId: number) =>
    `This row's name and job were exported with ID ${otherId}: the rows no longer line up with their IDs (sorted without the ID column?)`,
  otherName: (storedName: string) =>
    `The employee with this ID is "${storedName}": the row may no longer line up with its ID`,
  otherInstallation: () =>
    'This file was exported from another installation: the same ID there is a different employee',
  noVersion: () =>
    'The row has no Row Key (the file was not exported by this app, or the hidden column was removed), so later changes in the app cannot be ruled out',
};

/** The template's old example row (Jane Doe …), left in by mistake. */
function isTemplateExample(row: ParsedRow, e: ImportedEmployee): boolean {
  const values = e as unknown as Record<string, Value>;
  return (
    EMPLOYEE_FIELDS.every((f) => {
      // References, choices, days and hours (added after the old template): any value.
      if (f.kind === 'reference' || f.kind === 'choice' || f.kind === 'date' || f.kind === 'hours')
        return true;
      if (f.kind === 'flag') return values[f.input] === (f.excel.example === 'Yes');
      if (f.kind === 'text') return nameKey(String(values[f.input])) === nameKey(String(f.excel.example));
      return same(values[f.input], f.excel.example as number);
    }) && row.id === null
  );
}

/** The ticked values as a test: a Set, since a user may tick thousands of 100,000 rows. */
function tickedIn(list: number[] | 'all'): (value: number) => boolean {
  if (list === 'all') return () => true;
  const set = new Set(list);
  return (value) => set.has(value);
}

const push = <T>(list: T[], item: T) => {
  if (list.length < IMPORT_LIST_LIMIT) list.push(item);
};

/** An edited calculated cell (its cents differ from what the export wrote) is an ignored edit. */
function reportEdit(
  plan: ImportPlan,
  rowNumber: number,
  label: string,
  cell: number | null | undefined,
  exported: number | null,
): void {
  if (cell !== undefined && cellCents(cell) !== exported)
    push(plan.ignoredEdits, {
      row: rowNumber,
      message: `${label} is calculated by the app; the edit in this row is ignored`,
    });
}

/**
 * The import's planner over the whole file: every problem is found first (`plan.problems`,
 * from the rows and which IDs exist), then the rows are decided a slice at a time against the
 * employees they name (`decide`, the slice's stored rows), in file order, so an import of
 * 100,000 rows never holds all of their stored rows and decisions at once. `finish` adds what
 * only the whole file shows (rows deleted from an export).
 */
export function createImportPlanner(rows: readonly PlanRow[], ctx: PlanContext) {
  const names = namesOf(ctx.refs);
  const overwrite = tickedIn(ctx.options.overwrite);
  const createDuplicate = tickedIn(ctx.options.createDuplicates);
  const plan: ImportPlan = {
    problems: [],
    created: 0,
    updated: 0,
    unchanged: 0,
    changes: [],
    conflicts: [],
    conflictCount: 0,
    duplicates: [],
    duplicateCount: 0,
    ignoredEdits: [],
    notices: [],
  };

  // Every fingerprint the file's keys carry, by the ID they were exported with.
  const exportedWith = new Map<string, number>();
  for (const { key } of rows) if (key) exportedWith.set(key.fingerprint, key.id);

  const sameNameByKey = new Map<string, number[]>();
  for (const e of ctx.sameName) {
    const k = `${e.nameKey}\u0000${e.jobId}`;
    sameNameByKey.set(k, [...(sameNameByKey.get(k) ?? []), e.id]);
  }

  // The problems, all of them before anything is decided: an ID twice in the file, an ID no
  // employee has, and each row's own.
  const firstRowOfId = new Map<number, number>();
  /** Rows whose ID is in error (by row number): never decided. */
  const badId = new Set<number>();
  for (const { parsed: row } of rows) {
    if (row.id !== null) {
      const earlier = firstRowOfId.get(row.id);
      if (earlier !== undefined) {
        badId.add(row.rowNumber);
        plan.problems.push({
          row: row.rowNumber,
          column: 'ID',
          message: `ID ${row.id} is also on row ${earlier}`,
        });
      } else {
        firstRowOfId.set(row.id, row.rowNumber);
        if (!ctx.existing.has(row.id)) {
          badId.add(row.rowNumber);
          plan.problems.push({ row: row.rowNumber, column: 'ID', message: `No employee has ID ${row.id}` });
        }
      }
    }
    plan.problems.push(...row.problems);
  }

  return {
    plan,

    /** The IDs a slice's rows name, to read their stored rows. */
    idsOf(slice: readonly PlanRow[]): number[] {
      const ids: number[] = [];
      for (const { parsed } of slice)
        if (parsed.id !== null && !badId.has(parsed.rowNumber)) ids.push(parsed.id);
      return ids;
    },

    /** Decides a slice's rows (in file order) against `stored`, the employees they name. */
    decide(slice: readonly PlanRow[], stored: ReadonlyMap<number, StoredEmployee>): SliceDecisions {
      const decided: SliceDecisions = { creates: [], updates: [], held: [] };
      for (const { parsed: row, key, salary, cost, pay } of slice) {
        // Calculated columns are the app's: an edit there is reported, never applied.
        if (key && key.installation === ctx.installation) {
          reportEdit(plan, row.rowNumber, 'Calculated Salary', salary, key.salaryCents);
          reportEdit(plan, row.rowNumber, 'Total Cost', cost, key.costCents);
        }
        if (badId.has(row.rowNumber) || !row.employee) continue;
        const employee = row.employee;

        if (row.id === null) {
          if (isTemplateExample(row, employee)) {
            plan.notices.push({
              row: row.rowNumber,
              message: `Row ${row.rowNumber} is the template's example (${row.nameText}) and was skipped`,
            });
            continue;
          }
          const matches = sameNameByKey.get(`${nameKey(employee.name)}\u0000${employee.jobId}`) ?? [];
          if (matches.length) {
            const applied = createDuplicate(row.rowNumber);
            plan.duplicateCount++;
            push(plan.duplicates, {
              row: row.rowNumber,
              name: employee.name,
              job: row.jobText,
              matches,
              applied,
            });
            if (!applied) continue;
          }
          plan.created++;
          const own = payChanges(null, pay).pay;
          decided.creates.push({ row: row.rowNumber, employee, ...(own && { pay: own }) });
          continue;
        }

        const was = stored.get(row.id);
        if (!was) throw new Error(`import: employee ${row.id} was not read for its row`);
        const own = payChanges(was, pay);
        const changes = [...fieldChanges(was.fields, employee, names), ...own.changes];
        if (!changes.length) {
          plan.unchanged++;
          continue;
        }
        const conflict = conflictOf(row, key, was, ctx, exportedWith);
        const entry = { row: row.rowNumber, id: was.id, name: employee.name, changes };
        if (conflict) {
          const applied = overwrite(was.id);
          plan.conflictCount++;
          push(plan.conflicts, { ...entry, ...conflict, applied });
          if (!applied) {
            decided.held.push({ row: row.rowNumber, id: was.id, employee, ...(own.pay && { pay: own.pay }) });
            continue;
          }
        } else push(plan.changes, entry);
        plan.updated++;
        decided.updates.push({
          row: row.rowNumber,
          id: was.id,
          employee,
          changes,
          ...(own.pay && { pay: own.pay }),
        });
      }
      return decided;
    },

    /** Once every slice is decided: the export's rows missing from the file. */
    finish(): ImportPlan {
      if (ctx.exportedIds) {
        const missing = ctx.exportedIds.filter((id) => !firstRowOfId.has(id) && ctx.existing.has(id));
        if (missing.length) {
          const listed = missing.slice(0, 20).join(', ');
          plan.ignoredEdits.push({
            row: null,
            message: `${missing.length} ${missing.length === 1 ? 'employee' : 'employees'} of the export ${missing.length === 1 ? 'is' : 'are'} not in the file (ID ${listed}${missing.length > 20 ? ', …' : ''}): deleting a row does not delete the employee`,
          });
        }
      }
      return plan;
    },
  };
}

/** The whole file in one slice (the planner's pure form): the plan and every row's decision. */
export function planImport(
  rows: PlanRow[],
  ctx: Omit<PlanContext, 'existing'> & { stored: ReadonlyMap<number, StoredEmployee> },
): ImportPlan & SliceDecisions {
  const planner = createImportPlanner(rows, { ...ctx, existing: new Set(ctx.stored.keys()) });
  const decided = planner.decide(rows, ctx.stored);
  return { ...planner.finish(), ...decided };
}

/** Why an existing employee's changed row may not be applied as it is, or null when it may. */
function conflictOf(
  row: ParsedRow,
  key: RowKey | null,
  stored: StoredEmployee,
  ctx: PlanContext,
  exportedWith: Map<string, number>,
): Pick<ImportConflict, 'reason' | 'message' | 'changedAt' | 'changedBy'> | null {
  const plain = { changedAt: null, changedBy: null };
  if (!key) {
    if (nameKey(row.nameText) !== nameKey(String(stored.fields.name)))
      return {
        reason: 'doesNotLineUp',
        message: conflictMessages.otherName(String(stored.fields.name)),
        ...plain,
      };
    return { reason: 'noVersion', message: conflictMessages.noVersion(), ...plain };
  }
  if (key.installation !== ctx.installation)
    return { reason: 'otherInstallation', message: conflictMessages.otherInstallation(), ...plain };
  if (key.id !== stored.id)
    return { reason: 'doesNotLineUp', message: conflictMessages.shiftedKey(key.id), ...plain };
  const print = fingerprint(row.nameText, row.jobText);
  const owner = exportedWith.get(print);
  if (print !== key.fingerprint && owner !== undefined && owner !== stored.id)
    return { reason: 'doesNotLineUp', message: conflictMessages.shiftedName(owner), ...plain };
  if (key.version !== stored.version)
    return {
      reason: 'changedInApp',
      message: conflictMessages.changedInApp(stored.updatedAt, stored.updatedBy, ctx.dateFormat),
      changedAt: stored.updatedAt.toISOString(),
      changedBy: stored.updatedBy,
    };
  const day = stored.onDay;
  if (day && ctx.exportedAt && day.recordedAt > ctx.exportedAt)
    return {
      reason: 'changedInApp',
      message: conflictMessages.changedInApp(day.recordedAt, day.recordedBy, ctx.dateFormat),
      changedAt: day.recordedAt.toISOString(),
      changedBy: day.recordedBy,
    };
  return null;
}
