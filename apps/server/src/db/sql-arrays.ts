import { type SQL, sql } from 'drizzle-orm';

/*
 * Many ids as ONE bind parameter: a PostgreSQL array literal ('{1,2,3}'). Drizzle spreads a JS
 * array into one parameter per element (`in ($1, …, $10000)`), which for the import's 100,000
 * ids meant ten statements of 10,000 parameters each to plan and bind.
 */

/** '{1,2,3}' from numbers (ids, money): safe to build by hand, numbers need no quoting. */
export const numberArray = (values: readonly (number | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;

/** `<column> = any('{…}'::int[])`: the rows whose id is one of `ids`. */
export const idIn = (column: SQL | SQL.Aliased | unknown, ids: readonly number[]): SQL =>
  sql`${column} = any(${numberArray(ids)}::int[])`;

/** '{"a","b \\"c\\""}' from strings: each element quoted, its backslashes and quotes escaped; null → NULL. */
export const textArray = (values: readonly (string | null | undefined)[]): string => {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    // The regex only where there is something to escape: most names hold neither character.
    else if (v.includes('"') || v.includes('\\')) out += `"${v.replace(/[\\"]/g, '\\$&')}"`;
    else out += `"${v}"`;
  }
  return `${out}}`;
};

/**
 * `textArray` of values JSON-encoded one by one (`JSON.stringify`'s output, or null), in one
 * native call: such a text holds no control character (JSON escapes them), so quoting it as a
 * JSON string escapes exactly what an array literal must, `"` and `\`, and JSON's `null` is the
 * literal's NULL. About 7 times faster than `textArray`'s escaping of 20,000 pay components.
 */
export const jsonTextArray = (jsonTexts: readonly (string | null)[]): string =>
  `{${JSON.stringify(jsonTexts).slice(1, -1)}}`;
