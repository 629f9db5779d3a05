import { formatDay } from '@salary/shared/common/date-time';
import type { CompanyFormat } from '@salary/shared/company/company.contract';
import type { PostingRange } from '@salary/shared/pay-transparency/posting-range.contract';
import { pdfDocument, pdfEndNote, pdfFont, pdfHeading, pdfRow, pdfText, pdfTitle } from './pdf-page.pdf.ts';
import { postingRangeText } from './posting-range.service.ts';

/*
 * A job posting's pay range as a one-page PDF (pdf-page.pdf.ts): the sentence for the posting, then
 * each level's basic pay per month and per year.
 */

export function renderPostingRangePdf(r: PostingRange, format: CompanyFormat): Promise<Buffer> {
  const title = `Pay range — ${r.job.name}, ${r.position.name}, ${r.grade.name}`;
  const asOf = pdfText(formatDay(r.asOf, format));
  const { doc, done, money } = pdfDocument({ Title: title, Subject: 'Pay range for a job posting' }, format, [
    r.job.name,
    r.position.name,
    r.grade.name,
    ...r.levels.map((l) => l.name),
    asOf,
  ]);

  pdfTitle(doc, 'Pay range for a job posting', [
    'Pay transparency before employment (Directive (EU) 2023/970, Article 5).',
    `As of: ${asOf}`,
  ]);
  const sentence = pdfText(postingRangeText(r, format, money));
  pdfFont(doc, sentence).fontSize(12).fillColor('#000000').text(sentence, 56);
  doc.moveDown(0.5);

  pdfHeading(doc, 'Role');
  pdfRow(doc, 'Job', r.job.name);
  pdfRow(doc, 'Position', r.position.name);
  pdfRow(doc, 'Grade', r.grade.name);

  pdfHeading(doc, 'Basic pay by level (per month / per year)');
  for (const level of r.levels)
    pdfRow(
      doc,
      level.name,
      level.monthly === null || level.annual === null
        ? 'No base salary that day'
        : `${money(level.monthly)} / ${money(level.annual)}`,
    );

  pdfEndNote(
    doc,
    'Basic pay is the base salary for the grade and level plus the adjustment for the job and position, ' +
      'as the salary rules in force on that day compute it; per year is twelve times per month. ' +
      'Multipliers for experience, loyalty and other conditions, benefits and insurance are not included.',
  );
  return done;
}
