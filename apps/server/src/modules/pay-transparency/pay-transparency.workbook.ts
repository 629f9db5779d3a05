import { formatDateTime } from '@salary/shared/common/date-time';
import { excelMoneyFormat } from '@salary/shared/common/money';
import type { CompanyFormat } from '@salary/shared/company/company.contract';
import {
  CATEGORY_KIND_LABELS,
  type Comparison,
  FLAG_TEXT,
  type PayReport,
  TOO_FEW,
} from '@salary/shared/pay-transparency/pay-transparency.contract';
import ExcelJS from 'exceljs';

/*
 * The report as a workbook to hand to an authority: one sheet per indicator group, the same
 * figures as GET /api/pay-transparency. Text cells are strings (never formulas).
 */

const PERCENT = '0.0"%"';

function sheetOf(book: ExcelJS.Workbook, name: string, columns: Array<[string, number, string?]>) {
  const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(([header, width, numFmt]) => ({
    header,
    width,
    style: numFmt ? { numFmt } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  return sheet;
}

const orTooFew = (value: number | null, tooFew: boolean) => (tooFew ? TOO_FEW : value);

export async function buildReportWorkbook(report: PayReport, format: CompanyFormat): Promise<Buffer> {
  const MONEY = excelMoneyFormat(format);
  const book = new ExcelJS.Workbook();
  book.creator = 'Salary System';

  const about = sheetOf(book, 'About', [
    ['Item', 34],
    ['Value', 70],
  ]);
  const c = report.counts;
  for (const line of [
    ['Report', 'Gender pay gap indicators (Directive (EU) 2023/970, Article 9)'],
    ['Generated at', formatDateTime(report.generatedAt, format)],
    ['Currency', format.currency],
    ['Categories of workers', CATEGORY_KIND_LABELS[report.categoryKind]],
    ['Pay', 'Gross salary + benefits, per month (no working hours are kept, so not hourly)'],
    ['Ordinary basic wage', 'Base salary + job/position adjustment, per month'],
    ['Complementary or variable components', 'Pay − basic wage'],
    ['Gap', "(men's figure − women's figure) ÷ men's figure × 100; positive: women are paid less"],
    ['Minimum group', `Fewer than ${report.minGroup} women or men: "${TOO_FEW}"`],
    ['Women counted', c.female],
    ['Men counted', c.male],
    ['Other (not in the indicators)', c.other],
    ['Undisclosed (not in the indicators)', c.undisclosed],
    ['Without a priced salary (left out)', c.unpriced],
    ['All employees', c.total],
  ])
    about.addRow(line);
  // The job evaluation view: the jobs whose employees are in no band, and how many they are.
  for (const u of report.unscoredJobs ?? [])
    about.addRow([`No job evaluation score: ${u.name}`, u.headcount]);

  const indicators = sheetOf(book, 'Indicators', [
    ['Indicator', 52],
    ['Women', 16, MONEY],
    ['Men', 16, MONEY],
    ['Gap (%)', 12, PERCENT],
  ]);
  const comparisonRow = (label: string, x: Comparison) =>
    indicators.addRow([
      label,
      orTooFew(x.female, x.tooFew),
      orTooFew(x.male, x.tooFew),
      orTooFew(x.gap, x.tooFew),
    ]);
  comparisonRow('(a) Mean pay', report.meanPay);
  comparisonRow('(c) Median pay', report.medianPay);
  comparisonRow('(b) Mean complementary components (receivers)', report.meanComplementary);
  comparisonRow('(d) Median complementary components (receivers)', report.medianComplementary);
  const share = report.complementaryShare;
  const shareRow = indicators.addRow([
    '(e) Share receiving complementary components (%)',
    orTooFew(share.female, share.tooFew),
    orTooFew(share.male, share.tooFew),
    null,
  ]);
  shareRow.getCell(2).numFmt = PERCENT;
  shareRow.getCell(3).numFmt = PERCENT;

  const quartiles = sheetOf(book, 'Quartiles', [
    ['(f) Pay quartile', 18],
    ['Employees', 12],
    ['Women', 10],
    ['Men', 10],
    ['Women (%)', 12, PERCENT],
    ['Men (%)', 12, PERCENT],
  ]);
  const QUARTILE_NAMES = ['Lower', 'Lower middle', 'Upper middle', 'Upper'];
  for (const q of report.quartiles)
    quartiles.addRow([QUARTILE_NAMES[q.quartile - 1], q.size, q.female, q.male, q.femaleShare, q.maleShare]);

  const categories = sheetOf(book, 'Categories', [
    ['(g) Category', 36],
    ['Women', 10],
    ['Men', 10],
    ['Mean pay, women', 18, MONEY],
    ['Mean pay, men', 18, MONEY],
    ['Pay gap (%)', 12, PERCENT],
    ['Basic wage gap (%)', 16, PERCENT],
    ['Complementary gap (%)', 18, PERCENT],
    ['Status', 44],
    ['Justification', 60],
    ['Justified by', 28],
    ['Justified at', 24],
  ]);
  for (const cat of report.categories) {
    const few = cat.tooFew;
    categories.addRow([
      cat.name,
      cat.female,
      cat.male,
      orTooFew(cat.meanPayFemale, few),
      orTooFew(cat.meanPayMale, few),
      orTooFew(cat.payGap, few),
      orTooFew(cat.basicWageGap, few),
      orTooFew(cat.complementaryGap, few),
      cat.flagged ? FLAG_TEXT : few ? TOO_FEW : 'Below 5%',
      cat.justification?.text ?? null,
      cat.justification?.authorEmail ?? null,
      cat.justification?.updatedAt ?? null,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
