import { formatDateTime } from '@salary/shared/common/date-time';
import { excelMoneyFormat } from '@salary/shared/common/money';
import type { Actor } from '@salary/shared/common/permissions';
import { can } from '@salary/shared/common/permissions';
import type { CompanyFormat } from '@salary/shared/company/company.contract';
import type ExcelJS from 'exceljs';
import type { AuditService } from './audit.service.ts';

/*
 * The export's second sheet: the pay history of the exported employees, with only the
 * figures the user may see (gross with showSalary, cost with showCost), like the first sheet.
 */

export const PAY_HISTORY_SHEET_NAME = 'Pay History';
/** Employees whose history is read per statement. */
const CHUNK = 5000;

export async function writePayHistorySheet(
  book: ExcelJS.stream.xlsx.WorkbookWriter,
  audit: Pick<AuditService, 'historyOfMany'>,
  actor: Actor,
  employees: Map<number, string>,
  format: CompanyFormat,
): Promise<void> {
  const money = excelMoneyFormat(format);
  const gross = can(actor, 'showSalary');
  const cost = can(actor, 'showCost');
  const columns = [
    { header: 'Employee ID', width: 12 },
    { header: 'Name', width: 28 },
    { header: 'When', width: 26 },
    ...(gross
      ? [
          { header: 'Gross Before', width: 16, money: true },
          { header: 'Gross After', width: 16, money: true },
        ]
      : []),
    ...(cost
      ? [
          { header: 'Cost Before', width: 16, money: true },
          { header: 'Cost After', width: 16, money: true },
        ]
      : []),
    { header: 'Cause', width: 70 },
  ];
  const sheet = book.addWorksheet(PAY_HISTORY_SHEET_NAME, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
  } as Partial<ExcelJS.AddWorksheetOptions>);
  sheet.columns = columns.map((c) => ({
    width: c.width,
    style: 'money' in c ? { numFmt: money } : {},
  }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  const ids = [...employees.keys()];
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const r of await audit.historyOfMany(actor, ids.slice(i, i + CHUNK))) {
      sheet
        .addRow([
          r.employeeId,
          employees.get(r.employeeId) ?? '',
          // In the company's zone, named: a date cell would carry no zone at all.
          formatDateTime(r.at, format),
          ...(gross ? [r.grossBefore ?? null, r.grossAfter ?? null] : []),
          ...(cost ? [r.costBefore ?? null, r.costAfter ?? null] : []),
          r.cause,
        ])
        .commit();
    }
  }
  sheet.commit();
}
