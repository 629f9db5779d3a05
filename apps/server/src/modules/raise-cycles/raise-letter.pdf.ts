import { formatDay } from '@salary/shared/common/date-time';
import type { CompanyFormat } from '@salary/shared/company/company.contract';
import {
  pdfDocument,
  pdfEndNote,
  pdfHeading,
  pdfMoney,
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
  const { doc, done } = pdfDocument({ Title: `Raise letter — ${l.employee.name}`, Subject: 'Raise letter' });
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
  row(`Until ${day(l.dayBefore)}`, l.oldGross === null ? 'Not employed then' : pdfMoney(l.oldGross, format));
  row(`From ${day(l.effectiveDate)}`, pdfMoney(l.newGross, format));
  if (l.raise !== null) {
    const percent = l.raisePercent === null ? '' : ` (${l.raisePercent.toFixed(2)}%)`;
    row('Raise a month', `${pdfMoney(l.raise, format)}${percent}`);
  }
  pdfEndNote(
    doc,
    'Figures as the Salary System computes them: the gross salary of the day before the effective date and of the effective date, with the rules in force on each.',
  );
  return done;
}
