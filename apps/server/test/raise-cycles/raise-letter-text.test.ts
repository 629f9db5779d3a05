import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RaiseLetter, renderRaiseLetter } from '../../src/modules/raise-cycles/raise-letter.pdf.ts';

/*
 * A raise letter says every name as it is stored, in any script the directory holds: read back
 * with poppler's pdftotext. Helvetica, the PDF's built-in font, writes only Western European
 * letters; the rest is written in an embedded font, and only when a letter needs it.
 */

const letter = (over: Partial<RaiseLetter> = {}): RaiseLetter => ({
  company: 'Acme Sp. z o.o.',
  cycleName: 'Spring 2027',
  effectiveDate: '2027-04-01',
  dayBefore: '2027-03-31',
  employee: { id: 7, name: 'Ana Lima', job: 'Engineering', position: 'Developer' },
  oldGross: 4000,
  newGross: 4120,
  raise: 120,
  raisePercent: 3,
  ...over,
});

function textOf(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'letter-text-'));
  try {
    writeFileSync(path.join(dir, 'letter.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'letter.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether a PDF embeds a TrueType font (its glyphs), or only names the built-in ones. */
const embedsFont = (pdf: Buffer) => pdf.includes('/FontFile2');

describe('a raise letter in any script', () => {
  it('writes Polish, Czech, Vietnamese, Greek and Cyrillic names, months and the company as they are', async () => {
    const names = {
      company: 'Zakład Łódź — Příliš žluťoučký kůň',
      cycleName: 'Podwyżki 2027 → wiosna',
      employee: { id: 7, name: 'Łukasz Wiśniewski', job: 'Inżynieria', position: 'Nguyễn Thị Ánh' },
    };
    const pdf = await renderRaiseLetter(
      letter({ ...names, effectiveDate: '2027-10-01', dayBefore: '2027-09-30' }),
      { currency: 'PLN', locale: 'pl-PL', timeZone: 'Europe/Warsaw' },
    );
    const text = textOf(pdf);
    for (const s of [names.company, names.cycleName, ...Object.values(names.employee).slice(1)])
      expect(text).toContain(s);
    // The days as the company's locale writes them: October's "paź" needs the embedded font too.
    expect(text).toContain('Effective 1 paź 2027');
    // Money and the percent as the locale writes them, with the currency's own symbol.
    expect(text).toMatch(/Until 30 wrz 2027 +4000,00 zł/);
    expect(text).toMatch(/From 1 paź 2027 +4120,00 zł/);
    expect(text).toMatch(/Raise a month +120,00 zł \(3,00%\)/);
    expect(embedsFont(pdf)).toBe(true);

    const greek = await renderRaiseLetter(
      letter({ employee: { id: 8, name: 'Ελένη Παπαδοπούλου', job: 'Ольга Иванова', position: 'Ærø' } }),
      { currency: 'EUR', locale: 'en-US', timeZone: 'UTC' },
    );
    const greekText = textOf(greek);
    for (const s of ['Ελένη Παπαδοπούλου', 'Ольга Иванова', 'Ærø']) expect(greekText).toContain(s);
  });

  it('is written in one typeface: DejaVu Sans throughout when a name needs it, Helvetica otherwise', async () => {
    const fonts = (pdf: Buffer) =>
      [
        ...new Set(
          [...pdf.toString('latin1').matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[1]),
        ),
      ].sort();
    const usd = { currency: 'USD', locale: 'en-US', timeZone: 'UTC' };
    expect(
      fonts(
        await renderRaiseLetter(
          letter({ employee: { id: 9, name: 'Ольга', job: 'QA', position: 'Lead' } }),
          usd,
        ),
      ),
    ).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    expect(fonts(await renderRaiseLetter(letter(), usd))).toEqual(['Helvetica', 'Helvetica-Bold']);
  });

  it('embeds no font when Helvetica writes it all (the common letter stays small)', async () => {
    const pdf = await renderRaiseLetter(letter({ company: 'Acme Zoë & Søn' }), {
      currency: 'USD',
      locale: 'en-US',
      timeZone: 'UTC',
    });
    expect(textOf(pdf)).toContain('Acme Zoë & Søn');
    expect(embedsFont(pdf)).toBe(false);
    // With no company set, the hint's arrow is written too (in the embedded font, for it alone).
    const unset = await renderRaiseLetter(letter({ company: null }), {
      currency: 'USD',
      locale: 'en-US',
      timeZone: 'UTC',
    });
    expect(textOf(unset)).toContain('Not set (Settings → Company)');
  });
});
