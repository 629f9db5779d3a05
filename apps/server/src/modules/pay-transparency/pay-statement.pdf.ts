import { formatDay } from '@salary/shared/common/date-time';
import { formatMoney, formatMoneyWithCode } from '@salary/shared/common/money';
import type { CompanyFormat } from '@salary/shared/company/company.contract';
import { type PayStatement, TOO_FEW } from '@salary/shared/pay-transparency/pay-transparency.contract';
import PDFDocument from 'pdfkit';

/*
 * A worker's pay statement as a one-page PDF (pdfkit, its built-in Helvetica: no font files
 * of ours). The figures are the statement's JSON, formatted as the app shows money.
 */

/**
 * The built-in Helvetica writes WinAnsi only: the narrow no-break space some locales group
 * digits with (fr-FR) becomes a no-break space, which it has, and an amount whose symbol it
 * cannot write ('zł', 'Kč') is written with the currency's code ('1 234,56 PLN').
 */
const pdfText = (text: string) => text.replace(/\u202f/g, '\u00a0');
const WIN_ANSI = /^[\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;
const pdfMoney = (value: number, format: CompanyFormat) => {
  const text = pdfText(formatMoney(value, format));
  return WIN_ANSI.test(text) ? text : pdfText(formatMoneyWithCode(value, format));
};

export function renderPayStatementPdf(s: PayStatement, format: CompanyFormat): Promise<Buffer> {
  const money = (value: number | null) => (value === null ? 'No priced salary' : pdfMoney(value, format));
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Pay statement — ${s.employee.name}`, Author: 'Salary System', Subject: 'Pay statement' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).text('Pay statement');
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10).fillColor('#444444');
  doc.text('Right to information on pay levels (Directive (EU) 2023/970, Article 7).');
  doc.text(`Date: ${pdfText(formatDay(s.date, format))}`);
  doc.moveDown();

  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.font('Helvetica').fontSize(11).fillColor('#000000').text(label, 56, y, { width: 260 });
    doc.font('Helvetica-Bold').text(value, 320, y, { width: 220, align: 'right' });
    doc.moveDown(0.4);
  };
  const heading = (text: string) => {
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#000000').text(text, 56);
    doc.moveDown(0.4);
  };

  heading('Employer');
  row('Company', s.company ?? 'Not set (Settings → Company)');

  heading('Employee');
  row('Name', s.employee.name);
  row('Employee ID', String(s.employee.id));
  row('Job', s.employee.job);
  row('Position', s.employee.position);
  row('Grade', s.employee.grade);
  row('Level', s.employee.level);

  heading('Your pay (per month)');
  row('Pay (gross salary + benefits)', money(s.pay));
  row('Basic wage (base salary + job adjustment)', money(s.basicWage));
  row('Complementary or variable components', money(s.complementary));

  heading(`Average pay in your category: ${s.category.name}`);
  if (s.category.tooFew) {
    row('Mean pay of women', TOO_FEW);
    row('Mean pay of men', TOO_FEW);
  } else {
    row('Mean pay of women', money(s.category.meanPayFemale));
    row('Mean pay of men', money(s.category.meanPayMale));
  }

  doc.moveDown();
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444444')
    .text(
      'Figures are monthly, as the salary rules compute them. Pay is gross salary plus benefits (pay in kind). ' +
        `A category with fewer than ${s.minGroup} women or ${s.minGroup} men shows "${TOO_FEW}" so that no one's ` +
        'pay can be worked out. Categories are workers doing the same work (job and grade).',
      56,
    );
  doc.end();
  return done;
}
