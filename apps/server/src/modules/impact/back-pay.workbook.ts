import ExcelJS from 'exceljs';
import { addTableSheet } from '../../lib/table-sheet.workbook.ts';
import type { StoredBackPay } from './back-pay.service.ts';

/*
 * A write's back pay as a workbook (GET /api/audit/{id}/back-pay.xlsx): one row per employee
 * owed — name, job, grade, gross, total cost — largest first, then a total row. Gross only with
 * showSalary, cost only with showCost; money as numbers in the company's currency format.
 */

export const BACK_PAY_SHEET_NAME = 'Back Pay';

/** `money`: the money columns' number format (`excelMoneyFormat`). */
export async function backPayWorkbook(
  backPay: StoredBackPay,
  see: { salary: boolean; cost: boolean },
  money: string,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const columns = [
    { header: 'Name', width: 28 },
    { header: 'Job', width: 22 },
    { header: 'Grade', width: 16 },
    ...(see.salary ? [{ header: 'Gross back pay', width: 18, money: true }] : []),
    ...(see.cost ? [{ header: 'Total cost back pay', width: 20, money: true }] : []),
  ];
  const figures = (f: { gross: number; cost: number }) => [
    ...(see.salary ? [f.gross] : []),
    ...(see.cost ? [f.cost] : []),
  ];
  const ws = addTableSheet(
    book,
    BACK_PAY_SHEET_NAME,
    columns,
    backPay.employees.map((e) => [e.name, e.jobName, e.gradeName, ...figures(e)]),
    money,
  );
  const total = ws.addRow([
    `Total (${backPay.from} to ${backPay.to})`,
    null,
    null,
    ...figures(backPay.totals),
  ]);
  total.font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}
