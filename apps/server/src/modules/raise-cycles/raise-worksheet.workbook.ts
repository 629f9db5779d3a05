import { Writable } from 'node:stream';
import type { Worksheet, WorksheetRow } from '@salary/shared/raise-cycles/raise-cycles.contract';
import {
  PROPOSAL_KIND_LABELS,
  WORKSHEET_COLUMNS,
  WORKSHEET_SHEET_NAME,
  type WorksheetColumn,
} from '@salary/shared/raise-cycles/worksheet-file.contract';
import ExcelJS from 'exceljs';
import { columnName } from '../excel/export.workbook.ts';
import { LISTS_SHEET_NAME, listDropdown, type Validated } from '../excel/template.workbook.ts';
import { encodeProposalKey, storedProposalOf } from './raise-worksheet-key.model.ts';

/*
 * The worksheet as an .xlsx (GET /raise-cycles/{id}/worksheet.xlsx): one row per employee the
 * reader may see, with the pay and the guideline as figures (money as numbers in the company's
 * currency format), the proposal in cells the import reads back (Rating, Raise kind, Raise value,
 * New grade, New level, Reason: dropdowns where there is a list), and a hidden last column, the
 * Proposal Key, holding each row's proposal as exported (raise-worksheet-key.model.ts). Written
 * with ExcelJS's streaming writer (rows as XML as they go, no workbook model held), strings
 * inline; a string cell is never a formula. A hidden Lists sheet holds the grade and level names
 * the dropdowns offer.
 */

/** A percent raise: its own value, shown with a percent sign (3.5 is 3.50%, never 350%). */
const PERCENT_FORMAT = '0.00"%"';
const RATIO_FORMAT = '0.00';

/** What a row's cells are written from: the row and the names of grades and levels. */
interface RowContext {
  installation: string;
  cycleId: number;
  gradeName: (id: number | null) => string | null;
  levelName: (id: number | null) => string | null;
}

type CellValue = string | number | null;

interface Column {
  key: WorksheetColumn;
  width: number;
  format?: 'money' | 'ratio';
  hidden?: boolean;
  value(row: WorksheetRow, ctx: RowContext): CellValue;
}

const COLUMNS: Column[] = [
  { key: 'employeeId', width: 12, value: (r) => r.employeeId },
  { key: 'name', width: 28, value: (r) => r.name },
  { key: 'currentGross', width: 15, format: 'money', value: (r) => r.currentGross },
  { key: 'compaRatio', width: 13, format: 'ratio', value: (r) => r.compaRatio },
  { key: 'bandMinimum', width: 15, format: 'money', value: (r) => r.bandMinimum },
  { key: 'midpoint', width: 15, format: 'money', value: (r) => r.midpoint },
  { key: 'bandMaximum', width: 15, format: 'money', value: (r) => r.bandMaximum },
  {
    key: 'recommended',
    width: 15,
    value: (r) => (r.recommended ? `${r.recommended.minPercent}–${r.recommended.maxPercent}%` : null),
  },
  { key: 'rating', width: 9, value: (r) => r.rating },
  { key: 'kind', width: 12, value: (r) => PROPOSAL_KIND_LABELS[r.proposal?.kind ?? 'NONE'] },
  // Money or a percent as the kind says: formatted per cell below.
  { key: 'value', width: 14, value: (r) => r.proposal?.value ?? null },
  {
    key: 'newGrade',
    width: 14,
    value: (r, ctx) => (r.proposal?.kind === 'MOVE' ? ctx.gradeName(r.proposal.gradeId) : null),
  },
  {
    key: 'newLevel',
    width: 14,
    value: (r, ctx) => (r.proposal?.kind === 'MOVE' ? ctx.levelName(r.proposal.levelId) : null),
  },
  { key: 'reason', width: 36, value: (r) => r.proposal?.reason ?? null },
  { key: 'newGross', width: 15, format: 'money', value: (r) => r.newGross },
  { key: 'newCompaRatio', width: 17, format: 'ratio', value: (r) => r.newCompaRatio },
  {
    key: 'key',
    width: 10,
    hidden: true,
    value: (r, ctx) =>
      encodeProposalKey({
        installation: ctx.installation,
        cycleId: ctx.cycleId,
        employeeId: r.employeeId,
        proposal: storedProposalOf(r),
      }),
  },
];

const letterOf = (key: WorksheetColumn) => columnName(COLUMNS.findIndex((c) => c.key === key) + 1);

/** Rating, Raise kind, New grade and New level offer their values on the rows written. */
function addDropdowns(sheet: Validated, lastRow: number, lists: { grades: number; levels: number }) {
  if (lastRow < 2) return;
  const range = (key: WorksheetColumn) => `${letterOf(key)}2:${letterOf(key)}${lastRow}`;
  sheet.dataValidations.add(range('rating'), {
    type: 'whole',
    operator: 'between',
    allowBlank: true,
    formulae: [1, 5],
    showErrorMessage: true,
    errorStyle: 'stop',
    errorTitle: WORKSHEET_COLUMNS.rating,
    error: 'Enter a whole number from 1 to 5, or leave it blank.',
  });
  sheet.dataValidations.add(
    range('kind'),
    listDropdown(
      `"${Object.values(PROPOSAL_KIND_LABELS).join(',')}"`,
      WORKSHEET_COLUMNS.kind,
      `Pick ${Object.values(PROPOSAL_KIND_LABELS).join(', ')}.`,
    ),
  );
  const listed: Array<[WorksheetColumn, string, number]> = [
    ['newGrade', 'A', lists.grades],
    ['newLevel', 'B', lists.levels],
  ];
  for (const [key, letter, count] of listed)
    if (count)
      sheet.dataValidations.add(
        range(key),
        listDropdown(`${LISTS_SHEET_NAME}!$${letter}$2:$${letter}$${count + 1}`, WORKSHEET_COLUMNS[key]),
      );
}

/** The workbook's bytes: the worksheet's rows, the reader's own (the service narrowed them). */
export async function raiseWorksheetWorkbook(input: {
  sheet: Worksheet;
  grades: ReadonlyArray<{ id: number; name: string }>;
  levels: ReadonlyArray<{ id: number; name: string }>;
  installation: string;
  /** The money cells' number format: the company's currency (`excelMoneyFormat`). */
  moneyFormat: string;
}): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = 'Salary System';
  const sheet = book.addWorksheet(WORKSHEET_SHEET_NAME, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 2 }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const money: Partial<ExcelJS.Style> = { numFmt: input.moneyFormat };
  const ratio: Partial<ExcelJS.Style> = { numFmt: RATIO_FORMAT };
  const percent: Partial<ExcelJS.Style> = { numFmt: PERCENT_FORMAT };
  const plain: Partial<ExcelJS.Style> = {};
  const styles = COLUMNS.map((c) => (c.format === 'money' ? money : c.format === 'ratio' ? ratio : plain));
  sheet.columns = COLUMNS.map((c, i) => ({ width: c.width, hidden: c.hidden ?? false, style: styles[i]! }));
  const header = sheet.addRow(COLUMNS.map((c) => WORKSHEET_COLUMNS[c.key]));
  header.font = { bold: true };
  header.commit();

  const grades = new Map(input.grades.map((g) => [g.id, g.name]));
  const levels = new Map(input.levels.map((l) => [l.id, l.name]));
  const ctx: RowContext = {
    installation: input.installation,
    cycleId: input.sheet.cycle.id,
    gradeName: (id) => (id === null ? null : (grades.get(id) ?? null)),
    levelName: (id) => (id === null ? null : (levels.get(id) ?? null)),
  };
  const valueAt = COLUMNS.findIndex((c) => c.key === 'value');
  for (const r of input.sheet.rows) {
    const row = sheet.addRow(COLUMNS.map((c) => c.value(r, ctx)));
    for (let c = 0; c < styles.length; c++) row.getCell(c + 1).style = styles[c]!;
    const kind = r.proposal?.kind;
    if (kind === 'AMOUNT' || kind === 'PERCENT')
      row.getCell(valueAt + 1).style = kind === 'AMOUNT' ? money : percent;
    row.commit();
  }
  const lastRow = input.sheet.rows.length + 1;
  const visible = COLUMNS.filter((c) => !c.hidden).length;
  sheet.autoFilter = `A1:${columnName(visible)}${lastRow}`;
  addDropdowns(sheet as Validated, lastRow, {
    grades: input.grades.length,
    levels: input.levels.length,
  });
  sheet.commit();

  const lists = book.addWorksheet(LISTS_SHEET_NAME, { state: 'hidden' });
  lists.addRow(['Grades', 'Levels']).commit();
  for (let i = 0; i < Math.max(input.grades.length, input.levels.length); i++)
    lists.addRow([input.grades[i]?.name ?? null, input.levels[i]?.name ?? null]).commit();
  lists.commit();
  await book.commit();
  return Buffer.concat(chunks);
}
