import { formatMoney, formatMoneyWithCode } from '@salary/shared/common/money';
import type { CompanyFormat } from '@salary/shared/company/company.contract';
import PDFDocument from 'pdfkit';

/*
 * What the pay transparency PDFs share (the pay statement, the posting range): pdfkit with its
 * built-in Helvetica (no font files of ours), A4, and text as the app writes money.
 */

/**
 * The built-in Helvetica writes WinAnsi only: the narrow no-break space some locales group
 * digits with (fr-FR) becomes a no-break space, which it has, and an amount whose symbol it
 * cannot write ('zł', 'Kč') is written with the currency's code ('1 234,56 PLN').
 */
export const pdfText = (text: string) => text.replace(/\u202f/g, '\u00a0');
const WIN_ANSI = /^[\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;
export const pdfMoney = (value: number, format: CompanyFormat) => {
  const text = pdfText(formatMoney(value, format));
  return WIN_ANSI.test(text) ? text : pdfText(formatMoneyWithCode(value, format));
};

/** An A4 document with the app's margins, and the bytes it will have once ended. */
export function pdfDocument(info: { Title: string; Subject: string }) {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { ...info, Author: 'Salary System' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** A label on the left and its value on the right, bold, as one line of the page. */
export function pdfRow(doc: PDFKit.PDFDocument, label: string, value: string): void {
  const y = doc.y;
  doc.font('Helvetica').fontSize(11).fillColor('#000000').text(label, 56, y, { width: 260 });
  doc.font('Helvetica-Bold').text(value, 320, y, { width: 220, align: 'right' });
  doc.moveDown(0.4);
}

/** The page's title, then its small grey lines (the law it answers, the day it is of). */
export function pdfTitle(doc: PDFKit.PDFDocument, title: string, lines: readonly string[]): void {
  doc.font('Helvetica-Bold').fontSize(18).text(title);
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10).fillColor('#444444');
  for (const line of lines) doc.text(line);
  doc.moveDown();
}

/** The small grey note that ends a page (how its figures are made), then the document's end. */
export function pdfEndNote(doc: PDFKit.PDFDocument, note: string): void {
  doc.moveDown();
  doc.font('Helvetica').fontSize(9).fillColor('#444444').text(note, 56);
  doc.end();
}

/** A section heading. */
export function pdfHeading(doc: PDFKit.PDFDocument, text: string): void {
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(13).fillColor('#000000').text(text, 56);
  doc.moveDown(0.4);
}
