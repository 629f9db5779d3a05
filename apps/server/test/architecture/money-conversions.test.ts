import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Money is whole cents (`Cents`) and a percentage whole basis points (`BasisPoints`) everywhere
 * but the wire, and only the money module (packages/shared/src/common/money.ts) converts
 * between them and the API's decimals. A conversion anywhere else is a second, private one (one
 * that rounds where the money module refuses, or drifts where it is exact). Read from every file
 * of the server, the shared package, the engine and the web app, sources and tests alike, each
 * of these fails naming the line:
 *
 * - `Math.round(… * 100)`: decimal → cents or basis points by hand;
 * - `Math.round(… * 10_000)`: a fraction → basis points by hand;
 * - `cents / 100`, `grossCents / 100`: cents → decimal by hand;
 * - a local helper named as a conversion (`const cents = (…) =>`, `function dollars(`).
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MONEY_MODULE = path.join(ROOT, 'packages/shared/src/common/money.ts');
const THIS_FILE = fileURLToPath(import.meta.url);
const SOURCES = [
  'apps/server/src',
  'apps/server/test',
  'packages/shared/src',
  'packages/salary-engine/src',
  'packages/salary-engine/test',
  'apps/web/src',
];

/**
 * Files allowed a pattern, each with its reason. Keep it short: a listed file that no longer
 * has a pattern fails the test too.
 */
const NOT_MONEY: Record<string, string> = {
  'packages/shared/src/employees/fields/hours.ts': 'weekly hours in hundredths of an hour: time, not money',
};

const COMMENTS = /\/\*[\s\S]*?\*\/|(^|[^:\\'"`])\/\/.*$/gm;
const CONVERSIONS: ReadonlyArray<[string, RegExp]> = [
  ['× 100 rounded', /Math\.round\(.*\*\s*100\s*\)/],
  ['× 10,000 rounded', /Math\.round\(.*\*\s*10_?000\s*\)/],
  ['cents ÷ 100', /(?:\bcents|\w+Cents)\)?\s*\/\s*100\b/],
  [
    'a local conversion helper',
    /(?:\b(?:const|let)\s+(?:cents|dollars|toCents|fromCents|toDollars|centsOf)\s*=\s*(?:\([^)]*\)|\w+)\s*(?::[^=]*)?=>|\bfunction\s+(?:cents|dollars|toCents|fromCents|toDollars|centsOf)\s*\()/,
  ],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** "file:line: the line" for every line of `source` that converts money by itself. */
export function conversionsIn(file: string, source: string): string[] {
  const code = source.replace(COMMENTS, (m, lead = '') => lead + m.slice(lead.length).replace(/[^\n]/g, ' '));
  return code
    .split('\n')
    .flatMap((line, i) =>
      CONVERSIONS.some(([, pattern]) => pattern.test(line))
        ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`]
        : [],
    );
}

describe('money is converted by the money module only', () => {
  it('finds each conversion by hand and leaves comments, other scales and plain names alone', () => {
    const file = path.join(ROOT, 'apps/server/src/modules/x/x.service.ts');
    const found = (source: string) => conversionsIn(file, source).length;
    expect(found('const cents = (dollars: number) => Math.round(dollars * 100);')).toBe(1);
    expect(found('total += Math.round((value ?? 0) * 100);')).toBe(1);
    expect(found('const c = Math.round(x*100) / 100;')).toBe(1);
    expect(found('const bp = Math.round(factor * 10_000);')).toBe(1);
    expect(found('const pct = Math.round(ratio * 10000) / 100;')).toBe(1);
    expect(found('amount: grossCents / 100,')).toBe(1);
    expect(found('return cents / 100;')).toBe(1);
    expect(found('const dollars = (c: number) => fromCents(asCents(c));')).toBe(1);
    expect(found('const cents = (n: number): number => n;')).toBe(1);
    expect(found('function toCents(value: number) {')).toBe(1);
    expect(found('// Math.round(x * 100) in a comment\n/* Math.round(y * 100) */')).toBe(0);
    expect(found('const pct = Math.round(ratio * 1000) / 10;')).toBe(0);
    expect(found('const cents = onceCents(m, adjustedCents);')).toBe(0);
    expect(found('const share = percent / 100;')).toBe(0);
    expect(found('times: Math.ceil(cells / 10_000),')).toBe(0);
  });

  it('no file but the money module converts by itself', () => {
    const files = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).filter(
      (f) => f !== MONEY_MODULE && f !== THIS_FILE,
    );
    expect(files.length).toBeGreaterThan(400);
    const found = files.flatMap((file) => conversionsIn(file, readFileSync(file, 'utf8')));
    expect(found.filter((line) => !(line.split(':')[0]! in NOT_MONEY))).toEqual([]);
    // Every exception still needs its place.
    const listed = new Set(found.map((line) => line.split(':')[0]!));
    expect(Object.keys(NOT_MONEY).filter((file) => !listed.has(file))).toEqual([]);
  });

  it('the money module itself is where the conversions are', () => {
    const source = readFileSync(MONEY_MODULE, 'utf8');
    for (const [what, pattern] of CONVERSIONS.slice(0, 2))
      expect(
        source.split('\n').some((line) => pattern.test(line)),
        what,
      ).toBe(true);
  });
});
