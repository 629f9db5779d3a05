import type ExcelJS from 'exceljs';

/*
 * The report workbooks' one-table sheet: money as numbers with the company's currency format,
 * so a spreadsheet can sum them, never as formatted text.
 */

export type Cell = string | number | null;

export interface SheetColumn {
  header: string;
  width: number;
  money?: boolean;
}

/** Money columns of one width, in the order given. */
export const moneyColumns = (width: number, headers: readonly string[]): SheetColumn[] =>
  headers.map((header) => ({ header, width, money: true }));

/** `money`: the money columns' number format, in the company's currency (`excelMoneyFormat`). */
export function addTableSheet(
  book: ExcelJS.Workbook,
  name: string,
  columns: readonly SheetColumn[],
  rows: readonly Cell[][],
  money: string,
): ExcelJS.Worksheet {
  const ws = book.addWorksheet(name);
  ws.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    style: c.money ? { numFmt: money } : {},
  }));
  ws.getRow(1).font = { bold: true };
  for (const row of rows) ws.addRow(row);
  return ws;
}
