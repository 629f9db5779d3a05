import { formatDay } from '@salary/shared/common/date-time';
import type { CompanyFormat } from '@salary/shared/company/company.contract';
import { type PayStatement, TOO_FEW } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { pdfDocument, pdfEndNote, pdfHeading, pdfRow, pdfText, pdfTitle } from './pdf-page.pdf.ts';

/*
 * A worker's pay statement as a one-page PDF (pdf-page.pdf.ts). The figures are the statement's
 * JSON, formatted as the app shows money.
 */

export function renderPayStatementPdf(s: PayStatement, format: CompanyFormat): Promise<Buffer> {
  const day = (d: string) => pdfText(formatDay(d, format));
  const e = s.employee;
  const pdf = pdfDocument({ Title: `Pay statement — ${e.name}`, Subject: 'Pay statement' }, format, [
    s.company,
    e.name,
    e.job,
    e.position,
    e.grade,
    e.level,
    ...(s.period ? [day(s.period.from), day(s.period.to)] : [day(s.date)]),
  ]);
  const { doc, done } = pdf;
  const money = (value: number | null) => (value === null ? 'No priced salary' : pdf.money(value));

  pdfTitle(doc, 'Pay statement', [
    'Right to information on pay levels (Directive (EU) 2023/970, Article 7).',
    s.period
      ? `Year: ${s.period.year} (${day(s.period.from)} to ${day(s.period.to)}${s.period.toDate ? ', to date' : ''})`
      : `Date: ${day(s.date)}`,
  ]);

  const row = (label: string, value: string) => pdfRow(doc, label, value);
  const heading = (text: string) => pdfHeading(doc, text);

  heading('Employer');
  row('Company', s.company ?? 'Not set (Settings → Company)');

  heading('Employee');
  row('Name', s.employee.name);
  row('Employee ID', String(s.employee.id));
  row('Job', s.employee.job);
  row('Position', s.employee.position);
  row('Grade', s.employee.grade);
  row('Level', s.employee.level);

  heading(
    s.period
      ? `Your pay in ${s.period.year} (${s.period.daysEmployed} days employed)`
      : 'Your pay (per month)',
  );
  row('Pay (gross salary + benefits)', money(s.pay));
  row('Basic wage (base salary + job adjustment)', money(s.basicWage));
  row('Complementary or variable components', money(s.complementary));
  if (s.hourly) {
    heading(`Your pay per hour (${s.hourly.hours} contracted hours)`);
    row('Pay per hour', money(s.hourly.pay));
    row('Basic wage per hour', money(s.hourly.basicWage));
  }

  heading(`Average pay in your category: ${s.category.name}`);
  if (s.category.tooFew) {
    row('Mean pay of women', TOO_FEW);
    row('Mean pay of men', TOO_FEW);
  } else {
    row(s.period ? 'Mean annual pay of women' : 'Mean pay of women', money(s.category.meanPayFemale));
    row(s.period ? 'Mean annual pay of men' : 'Mean pay of men', money(s.category.meanPayMale));
    if (s.category.hourly) {
      row('Mean pay per hour of women', money(s.category.hourly.meanPayFemale));
      row('Mean pay per hour of men', money(s.category.hourly.meanPayMale));
    }
  }

  pdfEndNote(
    doc,
    (s.period
      ? "Figures are for the year: each day employed adds that day's monthly pay divided by the days of its month; " +
        'pay per hour divides by the contracted hours of those days. '
      : 'Figures are monthly, as the salary rules compute them. ') +
      'Pay is gross salary plus benefits (pay in kind). ' +
      `A category with fewer than ${s.minGroup} women or ${s.minGroup} men shows "${TOO_FEW}" so that no one's ` +
      'pay can be worked out. Categories are workers doing the same work (job and grade).',
  );
  return done;
}
