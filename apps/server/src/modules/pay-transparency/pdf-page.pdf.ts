import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatMoney } from '@salary/shared/common/money';
import type { CompanyFormat } from '@salary/shared/company/company.contract';
import PDFDocument from 'pdfkit';

/*
 * What the app's PDFs share (the pay statement, the posting range, the raise letter): pdfkit,
 * A4, and text as the app writes money. A document whose words the built-in Helvetica can write
 * (WinAnsi: the common case) embeds no font; one with a name such as "Łukasz Wiśniewski" or
 * "Ольга", or a currency symbol such as "zł", is written in DejaVu Sans (`dejavu-fonts-ttf`,
 * embedded as the subset of glyphs used) throughout. Helvetica would write those as other
 * characters.
 */

/** The narrow no-break space some locales group digits with (fr-FR), as a no-break space. */
export const pdfText = (text: string) => text.replace(/\u202f/g, '\u00a0');
/** What the built-in Helvetica writes: WinAnsi. */
const WIN_ANSI = /^[\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/;

const fontFile = (name: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`));
/** DejaVu Sans and its bold, read once when a document first needs them. */
let unicodeFonts: { regular: Buffer; bold: Buffer } | undefined;
/** The documents written in DejaVu Sans throughout. */
const inUnicode = new WeakSet<PDFKit.PDFDocument>();

/**
 * Sets the font that writes `text`: DejaVu Sans in a document that needs it, else Helvetica
 * (bold or not) when it can write the text (an arrow or a month of the company's locale it
 * cannot: that text alone in DejaVu Sans).
 */
export function pdfFont(doc: PDFKit.PDFDocument, text: string, bold = false): PDFKit.PDFDocument {
  if (!inUnicode.has(doc) && WIN_ANSI.test(text)) return doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  unicodeFonts ??= { regular: fontFile('DejaVuSans'), bold: fontFile('DejaVuSans-Bold') };
  // Registered under a name (a family given with a TrueType file would name a variation); the
  // document reads the file once, at its first use.
  const name = bold ? 'DejaVuSans-Bold' : 'DejaVuSans';
  return doc.registerFont(name, bold ? unicodeFonts.bold : unicodeFonts.regular).font(name);
}

/**
 * An A4 document with the app's margins, the bytes it will have once ended, and its money as the
 * app writes it. `data`: the document's own words (names, days): when Helvetica cannot write one
 * of them, or the company's currency symbol ('zł', 'Kč'), the whole document is in DejaVu Sans,
 * so that it reads in one typeface.
 */
export function pdfDocument(
  info: { Title: string; Subject: string },
  format: CompanyFormat,
  data: readonly (string | null)[],
) {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { ...info, Author: 'Salary System' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if ([formatMoney(0, format), ...data].some((t) => t !== null && !WIN_ANSI.test(pdfText(t))))
    inUnicode.add(doc);
  const money = (value: number) => pdfText(formatMoney(value, format));
  return { doc, done, money };
}

/** A label on the left and its value on the right, bold, as one line of the page. */
export function pdfRow(doc: PDFKit.PDFDocument, label: string, value: string): void {
  const y = doc.y;
  pdfFont(doc, label).fontSize(11).fillColor('#000000').text(label, 56, y, { width: 260 });
  pdfFont(doc, value, true).text(value, 320, y, { width: 220, align: 'right' });
  doc.moveDown(0.4);
}

/** The page's title, then its small grey lines (the law it answers, the day it is of). */
export function pdfTitle(doc: PDFKit.PDFDocument, title: string, lines: readonly string[]): void {
  pdfFont(doc, title, true).fontSize(18).text(title);
  doc.moveDown(0.3);
  doc.fontSize(10).fillColor('#444444');
  for (const line of lines) pdfFont(doc, line).text(line);
  doc.moveDown();
}

/** The small grey note that ends a page (how its figures are made), then the document's end. */
export function pdfEndNote(doc: PDFKit.PDFDocument, note: string): void {
  doc.moveDown();
  pdfFont(doc, note).fontSize(9).fillColor('#444444').text(note, 56);
  doc.end();
}

/** A section heading. */
export function pdfHeading(doc: PDFKit.PDFDocument, text: string): void {
  doc.moveDown(0.6);
  pdfFont(doc, text, true).fontSize(13).fillColor('#000000').text(text, 56);
  doc.moveDown(0.4);
}
