import {
  ALLOWANCE_TYPE_LABELS,
  type Allowance,
  type AllowanceType,
  allowanceSchema,
} from '@salary/shared/employees/allowance.contract';
import {
  ALLOWANCE_COLUMN,
  ALLOWANCE_REASON_COLUMN,
  ALLOWANCE_TYPE_COLUMN,
  BENEFITS_NOT_RECEIVED_COLUMN,
  type ImportProblem,
} from '@salary/shared/excel/excel.contract';
import { benefitKey } from '../employees/individual-pay.model.ts';
import { moneyOf } from './import-sheet.reader.ts';
import { type CellValue, cellText, SheetError, type SheetRow } from './sheet-cells.model.ts';

/*
 * The export's individual pay columns read back (docs/decisions/0030-individual-pay.md): the
 * allowance (type, amount or percent, reason) and the company benefits the employee does not
 * receive. A file without a column keeps what is stored; a row whose three allowance cells are
 * blank has no allowance. Problems name the row and column, like the employee columns'.
 */

/** Where the header has each column (-1: it has not). */
export interface PayColumns {
  allowanceType: number;
  allowance: number;
  allowanceReason: number;
  benefits: number;
}

/** What a row says about the employee's own pay; a key left out: the file has no such column. */
export interface RowPay {
  allowance?: Allowance | null;
  excludedBenefits?: string[];
}

const ALLOWANCE_HEADERS = [ALLOWANCE_TYPE_COLUMN, ALLOWANCE_COLUMN, ALLOWANCE_REASON_COLUMN];

export function payColumnsOf(header: CellValue[]): PayColumns {
  const at = (title: string) =>
    header.findIndex((c) => cellText(c).trim().toLowerCase() === title.toLowerCase());
  return {
    allowanceType: at(ALLOWANCE_TYPE_COLUMN),
    allowance: at(ALLOWANCE_COLUMN),
    allowanceReason: at(ALLOWANCE_REASON_COLUMN),
    benefits: at(BENEFITS_NOT_RECEIVED_COLUMN),
  };
}

/** Whether the file sets allowances: any of the three columns. */
export const setsAllowance = (c: PayColumns) =>
  c.allowanceType >= 0 || c.allowance >= 0 || c.allowanceReason >= 0;

/** A file that sets allowances needs all three columns. */
export function missingAllowanceColumns(c: PayColumns): string[] {
  if (!setsAllowance(c)) return [];
  return ALLOWANCE_HEADERS.filter((_, i) => [c.allowanceType, c.allowance, c.allowanceReason][i]! < 0);
}

/** The type as the export writes it ("Fixed amount"), or its API name, any case. */
const TYPE_BY_TEXT = new Map<string, AllowanceType>(
  (Object.entries(ALLOWANCE_TYPE_LABELS) as Array<[AllowanceType, string]>).flatMap(([type, label]) => [
    [label.toLowerCase(), type],
    [type.toLowerCase(), type],
  ]),
);

const TYPE_TEXTS = Object.values(ALLOWANCE_TYPE_LABELS)
  .map((l) => `"${l}"`)
  .join(' or ');

/**
 * One row's individual pay, or its problems. `benefits` are the company's benefit names now:
 * each name in the Benefits Not Received cell must be one of them (kept as the settings spell it).
 */
export function readRowPay(
  row: SheetRow,
  columns: PayColumns,
  benefits: readonly string[],
): { pay: RowPay; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const problem = (column: string, message: string) => problems.push({ row: row.rowNumber, column, message });
  const cell = (index: number): CellValue => (index < 0 ? null : (row.cells[index] ?? null));
  const pay: RowPay = {};

  if (setsAllowance(columns)) {
    const cells: [CellValue, CellValue, CellValue] = [
      cell(columns.allowanceType),
      cell(columns.allowance),
      cell(columns.allowanceReason),
    ];
    const errored = cells.findIndex((c) => c instanceof SheetError);
    if (errored >= 0)
      problem(
        ALLOWANCE_HEADERS[errored]!,
        `${ALLOWANCE_HEADERS[errored]} holds the spreadsheet error ${(cells[errored] as SheetError).code}`,
      );
    else if (cells.every((c) => cellText(c) === '')) pay.allowance = null;
    else {
      const [typeCell, valueCell, reasonCell] = cells;
      const typeText = cellText(typeCell).trim();
      const type = TYPE_BY_TEXT.get(typeText.toLowerCase());
      if (typeText === '')
        problem(ALLOWANCE_TYPE_COLUMN, 'Allowance Type is required when the row has an allowance');
      else if (!type) problem(ALLOWANCE_TYPE_COLUMN, `Allowance Type must be ${TYPE_TEXTS}`);
      const amount = cellText(valueCell) === '' ? undefined : moneyOf(valueCell);
      const parsed = allowanceSchema.safeParse({
        type: type ?? 'FIXED',
        value:
          amount === null || (amount !== undefined && Number.isNaN(amount)) ? cellText(valueCell) : amount,
        reason: cellText(reasonCell),
      });
      if (!parsed.success)
        for (const issue of parsed.error.issues) {
          const column = issue.path[0] === 'reason' ? ALLOWANCE_REASON_COLUMN : ALLOWANCE_COLUMN;
          if (issue.path[0] !== 'type') problem(column, issue.message);
        }
      else if (type) pay.allowance = { ...parsed.data, type };
    }
  }

  if (columns.benefits >= 0) {
    const value = cell(columns.benefits);
    if (value instanceof SheetError)
      problem(
        BENEFITS_NOT_RECEIVED_COLUMN,
        `${BENEFITS_NOT_RECEIVED_COLUMN} holds the spreadsheet error ${value.code}`,
      );
    else {
      const names = new Map(benefits.map((b) => [benefitKey(b), b]));
      const listed = cellText(value)
        .split(';')
        .map((n) => n.trim())
        .filter((n) => n !== '');
      const unknown = listed.filter((n) => !names.has(benefitKey(n)));
      if (unknown.length)
        problem(
          BENEFITS_NOT_RECEIVED_COLUMN,
          `${unknown.length === 1 ? 'No company benefit is named' : 'No company benefits are named'} ${unknown.map((n) => `"${n}"`).join(', ')}`,
        );
      else pay.excludedBenefits = [...new Set(listed.map((n) => names.get(benefitKey(n))!))];
    }
  }
  return { pay, problems };
}
