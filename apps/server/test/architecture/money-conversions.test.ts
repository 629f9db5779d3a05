import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Money is whole cents (`Cents`) everywhere but the wire, and only the money module
 * (packages/shared/src/common/money.ts) converts between cents and the API's decimal. A
 * `Math.round(… * 100)` anywhere else is a second, private conversion (one that rounds where
 * the money module refuses, or drifts where it is exact): read from every non-test source file
 * of the server, the shared package, the engine and the web app, it fails naming the line.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MONEY_MODULE = path.join(ROOT, 'packages/shared/src/common/money.ts');
const SOURCES = ['apps/server/src', 'packages/shared/src', 'packages/salary-engine/src', 'apps/web/src'];

/**
 * Files allowed the pattern, each with its reason: hundredths that are not money. Keep it
 * short: a listed file that no longer has the pattern fails the test too.
 */
const NOT_MONEY: Record<string, string> = {
  'packages/shared/src/adjustment-factors/adjustment-factors.contract.ts':
    "the screen's percent as a fraction (hundredths of a percent)",
  'apps/web/src/features/settings/social-insurance-values.ts':
    "the employee's share of insurance, 100 minus a percent, in hundredths of a percent",
};

const COMMENTS = /\/\*[\s\S]*?\*\/|(^|[^:\\'"`])\/\/.*$/gm;
/** `Math.round(x * 100)`, `Math.round((a - b) * 100)`, on one line. */
const TIMES_100 = /Math\.round\(.*\*\s*100\s*\)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** "file:line: the line" for every line of `source` that converts money by itself. */
export function conversionsIn(file: string, source: string): string[] {
  const code = source.replace(COMMENTS, (m, lead = '') => lead + m.slice(lead.length).replace(/[^\n]/g, ' '));
  return code
    .split('\n')
    .flatMap((line, i) =>
      TIMES_100.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [],
    );
}

describe('money is converted by the money module only', () => {
  it('finds Math.round(… * 100) and leaves comments and other scales alone', () => {
    const file = path.join(ROOT, 'apps/server/src/modules/x/x.service.ts');
    const found = (source: string) => conversionsIn(file, source).length;
    expect(found('const cents = (dollars: number) => Math.round(dollars * 100);')).toBe(1);
    expect(found('total += Math.round((value ?? 0) * 100);')).toBe(1);
    expect(found('const c = Math.round(x*100) / 100;')).toBe(1);
    expect(found('// Math.round(x * 100) in a comment\n/* Math.round(y * 100) */')).toBe(0);
    expect(found('const bp = Math.round(factor * 10_000);')).toBe(0);
    expect(found('const pct = Math.round(ratio * 1000) / 10;')).toBe(0);
  });

  it('no source file but the money module rounds × 100 by itself', () => {
    const files = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).filter(
      (f) => f !== MONEY_MODULE,
    );
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((file) => conversionsIn(file, readFileSync(file, 'utf8')));
    expect(found.filter((line) => !(line.split(':')[0]! in NOT_MONEY))).toEqual([]);
    // Every exception still needs its place.
    const listed = new Set(found.map((line) => line.split(':')[0]!));
    expect(Object.keys(NOT_MONEY).filter((file) => !listed.has(file))).toEqual([]);
  });

  it('the money module itself is where the conversion is', () => {
    expect(conversionsIn(MONEY_MODULE, readFileSync(MONEY_MODULE, 'utf8')).length).toBeGreaterThan(0);
  });
});
