import type { Impact, ImpactChange, ImpactGroup } from '@salary/shared/impact/impact.contract';
import ExcelJS from 'exceljs';
import { addTableSheet, type Cell, moneyColumns, type SheetColumn } from '../../lib/table-sheet.workbook.ts';

/*
 * An impact preview as a workbook: the totals before → after (monthly payroll, total cost),
 * the split by job and by grade, and the largest changes — the dialog's figures, money as
 * numbers with a currency format. Gross columns only with showSalary, cost only with showCost.
 */

const beforeAfterColumns = (impact: Impact): SheetColumn[] => [
  ...(impact.showSalary ? moneyColumns(18, ['Payroll before', 'Payroll after', 'Payroll change']) : []),
  ...(impact.showCost
    ? moneyColumns(18, ['Total cost before', 'Total cost after', 'Total cost change'])
    : []),
];

const groupFigures = (impact: Impact, g: ImpactGroup): Cell[] => [
  ...(impact.showSalary ? [g.grossBefore ?? null, g.grossAfter ?? null, g.grossDelta ?? null] : []),
  ...(impact.showCost ? [g.costBefore ?? null, g.costAfter ?? null, g.costDelta ?? null] : []),
];

const changeFigures = (impact: Impact, c: ImpactChange): Cell[] => [
  ...(impact.showSalary ? [c.grossBefore ?? null, c.grossAfter ?? null] : []),
  ...(impact.showCost ? [c.costBefore ?? null, c.costAfter ?? null] : []),
];

/** `money`: the money columns' number format, in the company's currency (`excelMoneyFormat`). */
export async function impactWorkbook(impact: Impact, money: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const { totals } = impact;
  const totalRows: Cell[][] = [];
  if (impact.showSalary)
    totalRows.push([
      'Monthly payroll (gross)',
      totals.grossBefore ?? null,
      totals.grossAfter ?? null,
      totals.grossDelta ?? null,
      totals.grossDeltaPercent ?? null,
    ]);
  if (impact.showCost)
    totalRows.push([
      'Total cost',
      totals.costBefore ?? null,
      totals.costAfter ?? null,
      totals.costDelta ?? null,
      totals.costDeltaPercent ?? null,
    ]);
  totalRows.push(['Employees affected', null, impact.employeesAffected, null, null]);
  totalRows.push(['Employees', null, impact.employees, null, null]);
  const totalsSheet = addTableSheet(
    book,
    'Totals',
    [
      { header: 'Figure', width: 26 },
      ...moneyColumns(18, ['Before', 'After', 'Change']),
      { header: 'Change %', width: 12 },
    ],
    totalRows,
    money,
  );
  // The counts sit in the money columns: shown as plain numbers there.
  for (let r = totalRows.length; r > totalRows.length - 2; r--) totalsSheet.getCell(r + 1, 3).numFmt = '0';

  for (const [name, groups] of [
    ['By job', impact.byJob],
    ['By grade', impact.byGrade],
  ] as const)
    addTableSheet(
      book,
      name,
      [
        { header: 'Name', width: 24 },
        { header: 'Employees', width: 12 },
        { header: 'Affected', width: 12 },
        ...beforeAfterColumns(impact),
      ],
      groups.map((g) => [g.name, g.employees, g.affected, ...groupFigures(impact, g)]),
      money,
    );

  addTableSheet(
    book,
    'Biggest changes',
    [
      { header: 'Employee', width: 26 },
      { header: 'Job', width: 20 },
      { header: 'Grade', width: 14 },
      ...(impact.showSalary ? moneyColumns(20, ['Gross salary before', 'Gross salary after']) : []),
      ...(impact.showCost ? moneyColumns(18, ['Total cost before', 'Total cost after']) : []),
    ],
    impact.changes.map((c) => [c.name, c.jobName, c.gradeName, ...changeFigures(impact, c)]),
    money,
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}
