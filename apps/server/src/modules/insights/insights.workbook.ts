import type { InsightChart, Insights } from '@salary/shared/insights/insights.contract';
import ExcelJS from 'exceljs';
import { addTableSheet, type Cell, moneyColumns, type SheetColumn } from '../../lib/table-sheet.workbook.ts';

/*
 * Each Pay Overview chart's data as a one-sheet workbook: the same rows as the chart's data
 * table on screen, money as numbers with a currency format (not text), cost columns only when
 * the answer carries them (showCost).
 */

interface Sheet {
  name: string;
  columns: SheetColumn[];
  rows: Cell[][];
}

function sheetOf(chart: InsightChart, data: Insights): Sheet {
  const cost = data.totalCost !== undefined;
  switch (chart) {
    case 'headline':
      return {
        name: 'Headline',
        columns: [
          { header: 'Figure', width: 28 },
          { header: 'Value', width: 18 },
        ],
        rows: [
          ['Headcount', data.headcount],
          ['Monthly payroll (gross)', data.payroll],
          ...(cost ? [['Total cost', data.totalCost ?? null] as Cell[]] : []),
          ['Average salary', data.averageSalary],
          ['Median salary', data.medianSalary],
          ['Without a base salary', data.unpriced],
        ],
      };
    case 'grade-level':
      return {
        name: 'Salary by grade and level',
        columns: [
          { header: 'Grade', width: 18 },
          { header: 'Level', width: 18 },
          { header: 'Employees', width: 12 },
          ...moneyColumns(16, ['Min', 'Median', 'Max']),
        ],
        rows: data.byGradeLevel.map((c) => [c.grade, c.level, c.count, c.min, c.median, c.max]),
      };
    case 'job-cost':
      return {
        name: 'Total cost by job',
        columns: [
          { header: 'Job', width: 24 },
          { header: 'Employees', width: 12 },
          { header: 'Salary', money: true, width: 18 },
          ...(cost
            ? [
                { header: 'Benefits', money: true, width: 16 },
                { header: 'Company insurance', money: true, width: 18 },
                { header: 'Total cost', money: true, width: 18 },
              ]
            : []),
        ],
        rows: data.byJob.map((j) => [
          j.job,
          j.count,
          j.salary,
          ...(cost ? [j.benefits ?? null, j.insurance ?? null, j.totalCost ?? null] : []),
        ]),
      };
    case 'distribution':
      return {
        name: 'Salary distribution',
        columns: [...moneyColumns(16, ['From', 'To']), { header: 'Employees', width: 12 }],
        rows: data.distribution.map((b) => [b.from, b.to, b.count]),
      };
    case 'band-position':
      return {
        name: 'Position in salary band',
        columns: [
          { header: 'Grade', width: 18 },
          { header: 'Below band', width: 12 },
          { header: 'In band', width: 12 },
          { header: 'Above band', width: 12 },
        ],
        rows: data.byBandPosition.map((g) => [g.grade, g.below, g.inside, g.above]),
      };
  }
}

/** `money`: the money cells' number format, in the company's currency (`excelMoneyFormat`). */
export async function insightsWorkbook(chart: InsightChart, data: Insights, money: string): Promise<Buffer> {
  const sheet = sheetOf(chart, data);
  const book = new ExcelJS.Workbook();
  const ws = addTableSheet(book, sheet.name, sheet.columns, sheet.rows, money);
  if (chart === 'headline')
    for (const [i, row] of sheet.rows.entries())
      if (String(row[0]).match(/payroll|cost|salary$/i) && !String(row[0]).startsWith('Without'))
        ws.getCell(i + 2, 2).numFmt = money;
  return Buffer.from(await book.xlsx.writeBuffer());
}
