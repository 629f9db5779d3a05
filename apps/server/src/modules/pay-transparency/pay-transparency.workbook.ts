import { formatDateTime } from '@salary/shared/common/date-time';
import { excelMoneyFormat } from '@salary/shared/common/money';
import type { CompanyFormat } from '@salary/shared/company/company.contract';
import {
  ADJUSTED_GAP_EXPLANATION,
  type AdjustedGapEstimate,
  TOO_FEW_TO_ESTIMATE,
} from '@salary/shared/pay-transparency/adjusted-gap.contract';
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
  const year = report.period;
  const basis = year ? 'in the year (annual)' : 'per month';
  const days: Array<[string, string | number]> = year
    ? [
        ['Reference year', `${year.year}${year.toDate ? ` to ${year.to} (to date)` : ''}`],
        [
          'Days counted',
          `${year.from} to ${year.to}: everyone employed on at least one of them, for the days employed`,
        ],
        ['Joined during the year', year.joined],
        ['Left during the year', year.left],
        [
          'Annual pay',
          "Σ over the days employed of that day's monthly gross + benefits ÷ the days of its month",
        ],
        [
          'Hourly pay',
          'Annual pay ÷ contracted hours in the year (Σ weekly hours ÷ 7 over the days employed)',
        ],
        ['Flag', 'A category whose hourly pay gap is 5.0% or more, either way'],
      ]
    : [['Pay', 'Gross salary + benefits, per month']];
  const duty: Array<[string, string | number]> = report.reportDuty
    ? [
        ['Headcount', `${report.reportDuty.headcount} on ${report.reportDuty.countedOn}`],
        ['Report due', report.reportDuty.text],
      ]
    : [];
  for (const line of [
    ['Report', 'Gender pay gap indicators (Directive (EU) 2023/970, Article 9)'],
    ['Generated at', formatDateTime(report.generatedAt, format)],
    ['Currency', format.currency],
    ['Categories of workers', CATEGORY_KIND_LABELS[report.categoryKind]],
    ...days,
    ['Ordinary basic wage', `Base salary + job/position adjustment, ${basis}`],
    ['Complementary or variable components', 'Pay − basic wage'],
    ['Gap', "(men's figure − women's figure) ÷ men's figure × 100; positive: women are paid less"],
    ['Minimum group', `Fewer than ${report.minGroup} women or men: "${TOO_FEW}"`],
    ['Women counted', c.female],
    ['Men counted', c.male],
    ['Other (not in the indicators)', c.other],
    ['Undisclosed (not in the indicators)', c.undisclosed],
    ['Without a priced salary (left out)', c.unpriced],
    ['All employees', c.total],
    ...duty,
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
  const headline = (
    suffix: string,
    x: Pick<PayReport, 'meanPay' | 'medianPay' | 'meanComplementary' | 'medianComplementary'>,
  ) => {
    comparisonRow(`(a) Mean pay${suffix}`, x.meanPay);
    comparisonRow(`(c) Median pay${suffix}`, x.medianPay);
    comparisonRow(`(b) Mean complementary components (receivers)${suffix}`, x.meanComplementary);
    comparisonRow(`(d) Median complementary components (receivers)${suffix}`, x.medianComplementary);
  };
  headline(year ? ', annual' : '', report);
  if (report.hourly) headline(', hourly', report.hourly);
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
    [year ? '(f) Hourly pay quartile' : '(f) Pay quartile', 22],
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
    ...(year
      ? ([
          ['Hourly mean, women', 18, MONEY],
          ['Hourly mean, men', 18, MONEY],
          ['Hourly pay gap (%)', 16, PERCENT],
          ['Hourly basic wage gap (%)', 20, PERCENT],
          ['Hourly complementary gap (%)', 22, PERCENT],
        ] as Array<[string, number, string]>)
      : []),
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
      ...(cat.hourly
        ? [
            orTooFew(cat.hourly.meanPayFemale, few),
            orTooFew(cat.hourly.meanPayMale, few),
            orTooFew(cat.hourly.payGap, few),
            orTooFew(cat.hourly.basicWageGap, few),
            orTooFew(cat.hourly.complementaryGap, few),
          ]
        : []),
      cat.flagged ? FLAG_TEXT : few ? TOO_FEW : 'Below 5%',
      cat.justification?.text ?? null,
      cat.justification?.authorEmail ?? null,
      cat.justification?.updatedAt ?? null,
    ]);
  }
  if (report.adjustedGap) {
    const adjusted = sheetOf(book, 'Adjusted gap', [
      ['Group', 36],
      ['Women and men', 14],
      ['Adjusted gap (%)', 16, PERCENT],
      ['Standard error (log points)', 24],
      ['95% interval, low (%)', 20, PERCENT],
      ['95% interval, high (%)', 20, PERCENT],
      ['R²', 8],
    ]);
    const row = (name: string, e: AdjustedGapEstimate) =>
      adjusted.addRow(
        e.tooFew
          ? [name, e.n, TOO_FEW_TO_ESTIMATE, null, null, null, null]
          : [name, e.n, e.percent, e.standardError, e.low, e.high, e.rSquared],
      );
    row('Whole company', report.adjustedGap.company);
    for (const j of report.adjustedGap.jobs) row(j.jobName, j.estimate);
    adjusted.addRow([]);
    adjusted.addRow([ADJUSTED_GAP_EXPLANATION]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
