import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTextArray } from '../../src/db/sql-arrays.ts';
import { testAppForFile } from '../support/helper.ts';

/*
 * The versions' JSON columns (custom multipliers, pay components with their reasons, excluded
 * benefits) reach the database as one text[] literal built by `jsonTextArray`: whatever a name or
 * reason holds (quotes, backslashes, control characters, any Unicode, a lone surrogate), each
 * element must arrive as the very text sent, in order, and a null as NULL.
 */

const t = testAppForFile();

async function roundTrip(texts: (string | null)[]): Promise<(string | null)[]> {
  const result = (await t.database.db.execute(
    sql`select x from unnest(${jsonTextArray(texts)}::text[]) with ordinality as u(x, n) order by n`,
  )) as unknown as { rows: Array<{ x: string | null }> };
  return result.rows.map((r) => r.x);
}

describe('JSON texts as one array literal', () => {
  it('arrive as sent, in order, nulls as NULL, and parse as the same JSON', async () => {
    const awkward = [
      { name: 'Raise: "Spring" \\ 2027', reason: 'line one\nline two\ttab \u0001 \u007f' },
      { name: 'Łukasz 😀 \u2028\u2029', reason: '€ ½ \u00a0' },
      [],
      'NULL',
      null,
    ];
    const texts = [...awkward.map((v) => JSON.stringify(v)), null];
    expect(await roundTrip(texts)).toEqual(texts);
    const parsed = (await t.database.db.execute(
      sql`select x::jsonb as j from unnest(${jsonTextArray(texts)}::text[]) with ordinality as u(x, n) order by n`,
    )) as unknown as { rows: Array<{ j: unknown }> };
    expect(parsed.rows.map((r) => r.j)).toEqual([...awkward, null]);
  });

  it('holds for any JSON value, a lone surrogate included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.jsonValue(), { nil: undefined }), { maxLength: 40 }),
        async (values) => {
          const texts = [...values.map((v) => (v === undefined ? null : JSON.stringify(v))), '"\\ud800"'];
          expect(await roundTrip(texts)).toEqual(texts);
        },
      ),
      { numRuns: 200 },
    );
  });
});
