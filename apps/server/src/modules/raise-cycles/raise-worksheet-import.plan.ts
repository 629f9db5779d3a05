import { type BasisPoints, basisPointsToPercent, type Cents, fromCents } from '@salary/shared/common/money';
import type { ImportProblem } from '@salary/shared/excel/excel.contract';
import type {
  ProposalInput,
  Worksheet,
  WorksheetRow,
} from '@salary/shared/raise-cycles/raise-cycles.contract';
import { type ProposalCells, WORKSHEET_COLUMNS } from '@salary/shared/raise-cycles/worksheet-file.contract';
import type { WorksheetFileRow } from './raise-worksheet-file.reader.ts';
import {
  type ComparableProposal,
  fileProposalOf,
  sameProposal,
  storedProposalOf,
} from './raise-worksheet-key.model.ts';

/*
 * The worksheet import's decisions, pure: each row of the file against the worksheet as its
 * reader sees it now and the proposal the row was exported with (its Proposal Key). A row whose
 * cells say what the key says is unchanged and not written, whatever is stored now (someone
 * else's later save stands); a row the file changes is written only when the stored proposal is
 * still the exported one, and is a conflict otherwise (unless it already holds the file's).
 */

export interface PlannedChange {
  row: number;
  line: WorksheetRow;
  input: ProposalInput;
}

export interface PlannedConflict {
  row: number;
  line: WorksheetRow;
  exported: ComparableProposal;
}

export interface WorksheetImportPlan {
  /** Bad rows: an employee not in the reader's worksheet, twice in the file, or without its key. */
  problems: ImportProblem[];
  /** A row's key names another raise cycle or installation: the file is not this worksheet's. */
  foreign: boolean;
  changes: PlannedChange[];
  conflicts: PlannedConflict[];
  unchanged: number;
}

const problemAt = (row: number, column: keyof typeof WORKSHEET_COLUMNS, message: string): ImportProblem => ({
  row,
  column: WORKSHEET_COLUMNS[column],
  message,
});

export function planWorksheetImport(
  rows: readonly WorksheetFileRow[],
  ctx: { sheet: Worksheet; installation: string },
): WorksheetImportPlan {
  const plan: WorksheetImportPlan = {
    problems: [],
    foreign: false,
    changes: [],
    conflicts: [],
    unchanged: 0,
  };
  const lines = new Map(ctx.sheet.rows.map((l) => [l.employeeId, l] as const));
  const seen = new Map<number, number>();
  for (const r of rows) {
    plan.problems.push(...r.problems);
    if (r.employeeId === null) continue;
    const line = lines.get(r.employeeId);
    // One answer for "not in the cycle" and "not in your team": nothing about an outsider is told.
    if (!line) {
      plan.problems.push(
        problemAt(r.rowNumber, 'employeeId', `Employee ${r.employeeId} is not in this cycle`),
      );
      continue;
    }
    const first = seen.get(r.employeeId);
    if (first !== undefined) {
      plan.problems.push(
        problemAt(r.rowNumber, 'employeeId', `Employee ${r.employeeId} is also on row ${first}`),
      );
      continue;
    }
    seen.set(r.employeeId, r.rowNumber);
    const { key } = r;
    if (!key) {
      plan.problems.push(
        problemAt(
          r.rowNumber,
          'key',
          'The row has no readable Proposal Key (the hidden last column of an exported worksheet): export the worksheet again and edit that file',
        ),
      );
      continue;
    }
    if (key.installation !== ctx.installation || key.cycleId !== ctx.sheet.cycle.id) {
      plan.foreign = true;
      continue;
    }
    if (key.employeeId !== r.employeeId) {
      plan.problems.push(
        problemAt(
          r.rowNumber,
          'employeeId',
          `Employee ID was changed: this row was exported for employee ${key.employeeId}`,
        ),
      );
      continue;
    }
    if (!r.input) continue;
    const inFile = fileProposalOf(r.input);
    const stored = storedProposalOf(line);
    if (sameProposal(inFile, key.proposal) || sameProposal(inFile, stored)) plan.unchanged += 1;
    else if (!sameProposal(stored, key.proposal))
      plan.conflicts.push({ row: r.rowNumber, line, exported: key.proposal });
    else plan.changes.push({ row: r.rowNumber, line, input: r.input });
  }
  return plan;
}

/** A proposal as the sheet shows it, grade and level by name (an id no longer named: its id). */
export function cellsOf(
  p: ComparableProposal,
  names: { grade(id: number): string | undefined; level(id: number): string | undefined },
): ProposalCells {
  return {
    rating: p.rating,
    kind: p.kind,
    value:
      p.units === null
        ? null
        : p.kind === 'PERCENT'
          ? basisPointsToPercent(p.units as BasisPoints)
          : fromCents(p.units as Cents),
    grade: p.gradeId === null ? null : (names.grade(p.gradeId) ?? String(p.gradeId)),
    level: p.levelId === null ? null : (names.level(p.levelId) ?? String(p.levelId)),
    reason: p.reason,
  };
}
