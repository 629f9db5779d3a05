import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Every amount, number and time is written the company's way (Settings → Company): the web app
 * formats through `lib/company-format.tsx`, which binds the shared formatters to the company
 * record, and the server hands the record's format to them. Read from the source of every
 * non-test file: a fixed "$", a fixed currency or locale, or the runtime's own locale
 * (`toLocaleString()`) anywhere else fails, naming the file, line and what it found.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const WEB_SRC = path.join(ROOT, 'apps/web/src');
const SERVER_SRC = path.join(ROOT, 'apps/server/src');
/** The one web module that formats with the shared formatters directly. */
const WEB_FORMATTER = path.join(WEB_SRC, 'lib/company-format.tsx');

const COMMENTS = /\/\*[\s\S]*?\*\/|(^|[^:\\'"`])\/\/.*$/gm;

interface Rule {
  what: string;
  pattern: RegExp;
}

/** Hard-coded money formats, on either side. */
const MONEY_RULES: Rule[] = [
  // A lone "$" (an input's prefix), "$" before an interpolated amount, or a written amount
  // ('$1,234.56'); not a regular expression's "$", a "$1" back-reference or a spreadsheet
  // reference's absolute "$A$1".
  {
    what: 'a "$" written into the text',
    pattern: /(['"`])\$\1(?!#)|(^|[`\s'"+\-−])\$\$\{|(['"`])[-+−]?\$\d+[.,]\d/,
  },
  { what: 'a spreadsheet format with "$"', pattern: /"\$"#/ },
  { what: 'a fixed currency', pattern: /currency:\s*['"][A-Z]{3}['"]/ },
];

/** On the web, locales and zones come from the company record only. */
const WEB_RULES: Rule[] = [
  ...MONEY_RULES,
  {
    what: 'an Intl formatter built outside lib/company-format',
    pattern: /new Intl\.(NumberFormat|DateTimeFormat)\(/,
  },
  { what: "the runtime's own locale", pattern: /\.toLocale(Date|Time)?String\(/ },
  {
    what: 'the shared formatters used without the company format',
    pattern:
      /import\s+(\*|\{[^}]*\b(format\w*|currencySymbol|excelMoneyFormat)\b[^}]*\})\s+(as\s+\w+\s+)?from ['"]@salary\/shared\/common\/(money|date-time)['"]/,
  },
  {
    // The rule above reads one line: an import from the formatters' modules spread over several
    // lines could hide a formatter, so it must fit on one.
    what: 'a multi-line import from the shared formatters',
    pattern: /^\s*\}\s*from ['"]@salary\/shared\/common\/(money|date-time)['"]/,
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** "file:line: what (the line)" for every line of `source` a rule finds. */
export function formatViolations(file: string, source: string, rules: readonly Rule[]): string[] {
  const code = source.replace(COMMENTS, (m, lead = '') => lead + m.slice(lead.length).replace(/[^\n]/g, ' '));
  return code
    .split('\n')
    .flatMap((line, i) =>
      rules
        .filter((r) => r.pattern.test(line))
        .map((r) => `${path.relative(ROOT, file)}:${i + 1}: ${r.what} (${line.trim()})`),
    );
}

const scan = (files: string[], rules: readonly Rule[]) =>
  files.flatMap((file) => formatViolations(file, readFileSync(file, 'utf8'), rules));

describe('money and times are formatted the company’s way', () => {
  it('finds a hard-coded "$", currency or locale, and leaves comments and regular expressions alone', () => {
    const file = path.join(WEB_SRC, 'features/x/y.tsx');
    const found = (source: string) => formatViolations(file, source, WEB_RULES).length;
    expect(
      found(`const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });`),
    ).toBe(2);
    expect(found(`<NumberInput prefix="$" />`)).toBe(1);
    expect(found('const text = `$${amount.toFixed(2)}`;')).toBe(1);
    expect(found(`const label = '$1,234.56';`)).toBe(1);
    expect(found(`cell.numFmt = '"$"#,##0.00';`)).toBe(1);
    expect(found(`const when = new Date(iso).toLocaleString();`)).toBe(1);
    expect(found(`import { formatMoney } from '@salary/shared/common/money';`)).toBe(1);
    expect(found(`// '$1,234.56' in a comment\n/** "$" too */`)).toBe(0);
    expect(found(`const trimmed = text.replace(/\\/+$/, '');`)).toBe(0);
    expect(found(`const x = \`\${a}\`;`)).toBe(0);
  });

  it('no web source file formats money, numbers or times by itself', () => {
    const files = sourceFiles(WEB_SRC).filter((f) => f !== WEB_FORMATTER);
    expect(files.length).toBeGreaterThan(100);
    expect(scan(files, WEB_RULES)).toEqual([]);
  });

  it('no server source file writes a fixed "$" or currency', () => {
    expect(scan(sourceFiles(SERVER_SRC), MONEY_RULES)).toEqual([]);
  });
});
