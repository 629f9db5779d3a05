import { z } from 'zod';
import { importProblem, importQuery } from '../excel/excel.contract.ts';
import { PROPOSAL_KINDS, type ProposalKind, worksheetSchema } from './raise-cycles.contract.ts';

/*
 * A raise cycle's worksheet as an .xlsx (docs/raise-cycles.md, "The worksheet as a file"): the
 * export (GET /raise-cycles/{id}/worksheet.xlsx), and its import back (POST
 * /raise-cycles/{id}/worksheet/import, `?dryRun=true` for the preview). The file's hidden last
 * column carries each row's proposal as exported, so the import writes only the rows the file
 * changes and refuses (409) a row someone else changed since.
 */

export const worksheetFileName = (cycleId: number) => `raise_worksheet_${cycleId}.xlsx`;

/** The sheet the export writes; the import reads the first visible sheet with the columns below. */
export const WORKSHEET_SHEET_NAME = 'Worksheet';

/** The export's columns, in order; the import reads the ones marked `read` (by header, any case). */
export const WORKSHEET_COLUMNS = {
  employeeId: 'Employee ID',
  name: 'Name',
  currentGross: 'Current gross',
  compaRatio: 'Compa-ratio',
  bandMinimum: 'Band minimum',
  midpoint: 'Midpoint',
  bandMaximum: 'Band maximum',
  recommended: 'Recommended',
  rating: 'Rating',
  kind: 'Raise kind',
  value: 'Raise value',
  newGrade: 'New grade',
  newLevel: 'New level',
  reason: 'Reason',
  newGross: 'New gross',
  newCompaRatio: 'New compa-ratio',
  /**
   * Hidden: the row's proposal when it was exported (`rc1:` and a JSON array: installation, cycle,
   * employee, rating, kind, value in basis points or cents, grade id, level id, reason).
   */
  key: 'Proposal Key',
} as const;
export type WorksheetColumn = keyof typeof WORKSHEET_COLUMNS;

/** The columns the import reads; a file without one of them is refused whole. */
export const WORKSHEET_READ_COLUMNS = [
  'employeeId',
  'rating',
  'kind',
  'value',
  'newGrade',
  'newLevel',
  'reason',
  'key',
] as const satisfies readonly WorksheetColumn[];

/** A proposal's kind as the sheet spells it; the import takes these or the API's names, any case. */
export const PROPOSAL_KIND_LABELS: Readonly<Record<ProposalKind, string>> = {
  NONE: 'None',
  PERCENT: 'Percent',
  AMOUNT: 'Amount',
  MOVE: 'Move',
};

/** `?dryRun=true`: the preview, nothing written (as the employee import's). */
export const worksheetImportQuery = importQuery.pick({ dryRun: true });

/** A row's proposal as the sheet shows it: grade and level by name. */
export const proposalCellsSchema = z.object({
  rating: z.number().int().nullable(),
  kind: z.enum(PROPOSAL_KINDS),
  /** PERCENT: the percent; AMOUNT: the monthly amount; otherwise null. */
  value: z.number().nullable(),
  grade: z.string().nullable(),
  level: z.string().nullable(),
  reason: z.string(),
});
export type ProposalCells = z.infer<typeof proposalCellsSchema>;

/** A row of the file: its spreadsheet row number and whose it is. */
const fileRowSchema = z.object({
  row: z.number().int(),
  employeeId: z.number().int(),
  name: z.string(),
});

/** A row the file changes: the proposal stored now → the file's, and the new gross of each. */
export const worksheetChangeSchema = fileRowSchema.extend({
  before: proposalCellsSchema,
  after: proposalCellsSchema,
  currentGross: z.number(),
  /** The new gross with the proposal stored now, and with the file's. */
  newGrossBefore: z.number(),
  newGross: z.number(),
});
export type WorksheetChange = z.infer<typeof worksheetChangeSchema>;

/** The import's (or its preview's) answer. */
export const worksheetImportReport = z.object({
  sheet: z.string(),
  /** The rows the file changes (written by the import; by the preview, nothing): their count, and the first 1,000. */
  changed: z.number().int().min(0),
  changes: z.array(worksheetChangeSchema),
  /** Rows of the file whose proposal is as exported (not written). */
  unchanged: z.number().int().min(0),
  /** The worksheet's totals once the changes are saved, and its warnings (over budget). */
  totals: worksheetSchema.shape.totals,
  warnings: z.array(z.string()),
});
export type WorksheetImportReport = z.infer<typeof worksheetImportReport>;

/** A 400's `data`: every bad cell, by row and column; nothing was written. */
export const worksheetImportProblems = z.object({
  sheet: z.string(),
  problems: z.array(importProblem),
});

/** A row the file changes whose proposal someone else changed since the export. */
export const worksheetConflictSchema = fileRowSchema.extend({
  exported: proposalCellsSchema,
  now: proposalCellsSchema,
});
export type WorksheetConflict = z.infer<typeof worksheetConflictSchema>;

/** A 409's `data`: the rows in conflict; nothing was written. */
export const worksheetImportConflicts = z.object({
  sheet: z.string(),
  conflicts: z.array(worksheetConflictSchema),
});

/** The envelope's `error` of a refusal for conflicts (the employee import's other codes apply too). */
export const WORKSHEET_CONFLICT = 'PROPOSAL_CONFLICT';
