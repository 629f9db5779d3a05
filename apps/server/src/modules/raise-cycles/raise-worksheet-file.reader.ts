import { numericInput } from '@salary/shared/common/fields';
import { IMPORT_ERRORS, type ImportProblem } from '@salary/shared/excel/excel.contract';
import {
  type ProposalInput,
  type ProposalKind,
  proposalInputSchema,
} from '@salary/shared/raise-cycles/raise-cycles.contract';
import {
  PROPOSAL_KIND_LABELS,
  WORKSHEET_COLUMNS,
  WORKSHEET_READ_COLUMNS,
  WORKSHEET_SHEET_NAME,
} from '@salary/shared/raise-cycles/worksheet-file.contract';
import { AppError } from '../../lib/app-error.ts';
import { importMessages } from '../excel/import-rows.reader.ts';
import { moneyOf } from '../excel/import-sheet.reader.ts';
import { type NameBook, nameKey } from '../excel/name-book.model.ts';
import { openWorkbook } from '../excel/sheet.reader.ts';
import {
  type CellValue,
  cellText,
  collectSheet,
  parseId,
  SheetError,
  type SheetRow,
} from '../excel/sheet-cells.model.ts';
import { CELLS_PER_ROW, type ExcelLimits, workbookLimits } from '../excel/workbook.limits.ts';
import { decodeProposalKey, type ProposalKey } from './raise-worksheet-key.model.ts';

/*
 * An uploaded worksheet file → its rows, each a proposal (ProposalInput) with the Proposal Key
 * it was exported with, or the problems of its cells by row and column. The file is read by the
 * employee import's bounded reader (modules/excel: .xlsx or .xls, hostile input refused with a
 * 400, formulas as their cached result, error cells as SheetError), within the same limits
 * (IMPORT_MAX_BYTES, IMPORT_MAX_ROWS). The sheet read is the one named Worksheet when it is
 * visible, else the first visible one; calculated columns (gross, compa-ratio, band…) are not read.
 */

type ReadColumn = (typeof WORKSHEET_READ_COLUMNS)[number];
export type WorksheetColumnIndexes = Record<ReadColumn, number>;

/** The sheet to import: its name, the read columns' places, the rows under the header. */
export interface WorksheetFile {
  sheetName: string;
  columns: WorksheetColumnIndexes;
  rows: SheetRow[];
}

/** One row of the file: the proposal its cells make, and the key it was exported with. */
export interface WorksheetFileRow {
  rowNumber: number;
  employeeId: number | null;
  /** Null when the row has problems. */
  input: ProposalInput | null;
  key: ProposalKey | null;
  problems: ImportProblem[];
}

const refused = (code: string, message: string) => new AppError(400, code, message);
const normalized = (value: CellValue) => cellText(value).replace(/\s+/g, ' ').toLowerCase();

/** The file → the worksheet sheet's rows (limits checked; any refusal a 400 naming the sheet). */
export async function readWorksheetFile(bytes: Buffer, limits: ExcelLimits): Promise<WorksheetFile> {
  const bounds = workbookLimits(limits);
  const book = await openWorkbook(bytes, bounds);
  const visible = book.sheets.flatMap((s, index) => (s.state === 'visible' ? [{ ...s, index }] : []));
  const found = visible.find((s) => s.name === WORKSHEET_SHEET_NAME) ?? visible[0];
  if (!found) throw refused(IMPORT_ERRORS.empty, 'The file has no visible sheet');
  const inSheet = (message: string) => importMessages.inSheet(message, found.name);
  const sheet = await collectSheet(book.rows(found.index), bounds, (maxCells) =>
    refused(IMPORT_ERRORS.tooLarge, inSheet(importMessages.tooWide(maxCells, CELLS_PER_ROW))),
  );
  const header = (sheet.header?.cells ?? []).map(normalized);
  const columns = Object.fromEntries(
    WORKSHEET_READ_COLUMNS.map((key) => [key, header.indexOf(WORKSHEET_COLUMNS[key].toLowerCase())]),
  ) as WorksheetColumnIndexes;
  const missing = WORKSHEET_READ_COLUMNS.filter((key) => columns[key] < 0).map(
    (key) => WORKSHEET_COLUMNS[key],
  );
  if (missing.length)
    throw refused(
      IMPORT_ERRORS.missingColumns,
      inSheet(
        `${importMessages.missingColumns(missing)}. Import a worksheet exported from this raise cycle (Export worksheet)`,
      ),
    );
  if (sheet.dataRowCount > limits.importMaxRows)
    throw refused(
      IMPORT_ERRORS.tooManyRows,
      inSheet(importMessages.tooManyRows(sheet.dataRowCount, limits.importMaxRows)),
    );
  if (sheet.dataRowCount === 0) throw refused(IMPORT_ERRORS.empty, inSheet('The file has no worksheet rows'));
  return { sheetName: found.name, columns, rows: sheet.rows };
}

/** The kind as the sheet spells it ("Percent") or the API's name, any case; blank is None. */
const KIND_BY_TEXT = new Map<string, ProposalKind>(
  (Object.entries(PROPOSAL_KIND_LABELS) as Array<[ProposalKind, string]>).flatMap(([kind, label]) => [
    [label.toLowerCase(), kind],
    [kind.toLowerCase(), kind],
  ]),
);
const KIND_TEXTS = Object.values(PROPOSAL_KIND_LABELS).join(', ');

/** The Raise value cell: a number, or its text without a currency sign, commas or a percent sign. */
function raiseValueOf(cell: CellValue): unknown {
  if (cellText(cell) === '') return null;
  const amount = moneyOf(typeof cell === 'string' ? cell.replace(/%\s*$/, '') : cell);
  return amount === null || Number.isNaN(amount) ? cellText(cell) : amount;
}

/** Which field of the proposal each of its cells gives (the contract's messages name the field). */
const COLUMN_OF_FIELD: Record<string, ReadColumn> = {
  employeeId: 'employeeId',
  rating: 'rating',
  kind: 'kind',
  value: 'value',
  gradeId: 'newGrade',
  levelId: 'newLevel',
  reason: 'reason',
};

/**
 * One row → its proposal, or every problem of its cells, in column order. The rules are the
 * proposal's (the contract's schema: rating 1–5, a value with two decimals, a reason of plain
 * text), and what each kind needs: a Percent or Amount a value above zero, a Move its new grade
 * and level by name, and no cell a kind does not use.
 */
export function parseWorksheetRow(
  row: SheetRow,
  columns: WorksheetColumnIndexes,
  names: Pick<NameBook, 'grades' | 'levels'>,
): WorksheetFileRow {
  const problems: ImportProblem[] = [];
  const errored = new Set<ReadColumn>();
  const cell = (key: ReadColumn): CellValue => row.cells[columns[key]] ?? null;
  const problem = (key: ReadColumn, message: string) => {
    if (!errored.has(key)) problems.push({ row: row.rowNumber, column: WORKSHEET_COLUMNS[key], message });
  };
  for (const key of WORKSHEET_READ_COLUMNS) {
    const value = cell(key);
    if (value instanceof SheetError) {
      problem(key, `${WORKSHEET_COLUMNS[key]} holds the spreadsheet error ${value.code}`);
      errored.add(key);
    }
  }
  const text = (key: ReadColumn) => (errored.has(key) ? '' : cellText(cell(key)));

  const id = parseId(errored.has('employeeId') ? null : cell('employeeId'));
  if ('problem' in id) problem('employeeId', `Employee ${id.problem}`);
  else if (id.id === null) problem('employeeId', 'Employee ID is required');
  const employeeId = 'id' in id ? id.id : null;

  const kindText = text('kind');
  const kind = kindText === '' ? 'NONE' : KIND_BY_TEXT.get(kindText.toLowerCase());
  if (!kind) problem('kind', `Raise kind must be one of ${KIND_TEXTS}`);

  const lookup = (key: 'newGrade' | 'newLevel', label: string, map: Map<string, number>) => {
    const name = text(key);
    if (name === '') return null;
    const found = map.get(nameKey(name));
    if (found === undefined)
      problem(key, `${label} "${name.length > 60 ? `${name.slice(0, 57)}...` : name}" not found`);
    return found ?? null;
  };
  const gradeId = lookup('newGrade', 'Grade', names.grades);
  const levelId = lookup('newLevel', 'Level', names.levels);
  const value = errored.has('value') ? null : raiseValueOf(cell('value'));
  const rating = errored.has('rating') || text('rating') === '' ? null : numericInput(cell('rating'));

  // What each kind uses and needs.
  const used = { value: kind === 'PERCENT' || kind === 'AMOUNT', move: kind === 'MOVE' };
  const label = PROPOSAL_KIND_LABELS[kind ?? 'NONE'];
  if (kind && !used.value && value !== null) problem('value', `Raise value must be blank for ${label}`);
  if (kind && !used.move)
    for (const key of ['newGrade', 'newLevel'] as const)
      if (text(key) !== '') problem(key, `${WORKSHEET_COLUMNS[key]} is only for a Move`);
  // A number at or below zero is told once, here (the contract's own minimum is 0).
  const notAbove = used.value && (value === null || (typeof value === 'number' && value <= 0));
  if (notAbove) problem('value', `A ${label} raise needs a value above zero`);
  if (used.move)
    for (const key of ['newGrade', 'newLevel'] as const)
      if (text(key) === '') problem(key, `A Move needs a ${WORKSHEET_COLUMNS[key].toLowerCase()}`);

  const parsed = proposalInputSchema.safeParse({
    employeeId: employeeId ?? 1,
    rating,
    kind: kind ?? 'NONE',
    value: used.value && !notAbove ? value : null,
    gradeId: used.move ? gradeId : null,
    levelId: used.move ? levelId : null,
    reason: text('reason'),
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = COLUMN_OF_FIELD[String(issue.path[0])];
      if (key && key !== 'employeeId') problem(key, issue.message);
    }
  if (problems.length > 1)
    problems.sort(
      (a, b) =>
        WORKSHEET_READ_COLUMNS.findIndex((k) => WORKSHEET_COLUMNS[k] === a.column) -
        WORKSHEET_READ_COLUMNS.findIndex((k) => WORKSHEET_COLUMNS[k] === b.column),
    );
  const keyText = text('key');
  return {
    rowNumber: row.rowNumber,
    employeeId,
    input: problems.length || !parsed.success ? null : parsed.data,
    key: keyText === '' ? null : decodeProposalKey(keyText),
    problems,
  };
}
