import { formatDay } from '@salary/shared/common/date-time';
import type { CompanyFormat } from '@salary/shared/company/company.contract';
import {
  pdfDocument,
  pdfEndNote,
  pdfHeading,
  pdfRow,
  pdfText,
  pdfTitle,
} from '../pay-transparency/pdf-page.pdf.ts';

/*
 * One employee's raise letter (a one-page PDF, pdf-page.pdf.ts): the company, the employee, the
 * monthly gross until the day before the cycle's effective date and from that date on, and the
 * raise between them.
 */

export interface RaiseLetter {
  company: string | null;
  cycleName: string;
  effectiveDate: string;
  dayBefore: string;
  employee: { id: number; name: string; job: string; position: string };
  /** Monthly gross until the day before (null: not employed or not priced then). */
  oldGross: number | null;
  newGross: number;
  /** New − old gross (null: no old), and that as a percent of the old (null: none or zero). */
  raise: number | null;
  raisePercent: number | null;
}

export function renderRaiseLetter(l: RaiseLetter, format: CompanyFormat): Promise<Buffer> {
  const day = (d: string) => pdfText(formatDay(d, format));
  const { doc, done, money } = pdfDocument(
    { Title: `Raise letter — ${l.employee.name}`, Subject: 'Raise letter' },
    format,
    [
      l.company,
      l.cycleName,
      l.employee.name,
      l.employee.job,
      l.employee.position,
      day(l.dayBefore),
      day(l.effectiveDate),
    ],
  );
  pdfTitle(doc, 'Your new pay', [`${l.cycleName}`, `Effective ${day(l.effectiveDate)}`]);
  const row = (label: string, value: string) => pdfRow(doc, label, pdfText(value));

  pdfHeading(doc, 'Employer');
  row('Company', l.company ?? 'Not set (Settings → Company)');
  pdfHeading(doc, 'Employee');
  row('Name', l.employee.name);
  row('Employee ID', String(l.employee.id));
  row('Job', l.employee.job);
  row('Position', l.employee.position);

  pdfHeading(doc, 'Monthly gross salary');
  row(`Until ${day(l.dayBefore)}`, l.oldGross === null ? 'Not employed then' : money(l.oldGross));
  row(`From ${day(l.effectiveDate)}`, money(l.newGross));
  if (l.raise !== null) {
    // The percent as the company's locale writes numbers, always two decimals (3,00 %).
    const percent =
      l.raisePercent === null
        ? ''
        : ` (${pdfText(new Intl.NumberFormat(format.locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(l.raisePercent / 100))})`;
    row('Raise a month', `${money(l.raise)}${percent}`);
  }
  pdfEndNote(
    doc,
    'Figures as the Salary System computes them: the gross salary of the day before the effective date and of the effective date, with the rules in force on each.',
  );
  return done;
}
