import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeIn } from '../support/factories.ts';
import { buildMediumServices, listFilters, type MediumContext } from '../support/medium.ts';

/**
 * GET /api/employees?name=: part of the name, ignoring letter case and accents, on the server —
 * the employees service's query (a search too long to run is refused by its route:
 * employees.routes.test.ts).
 */

let t: MediumContext;
const NAMES = ['Jürgen Müller', 'Chloé Durand', 'ÉMILE ZOLA', 'Łukasz Żak', 'Mull Erin', '100% Pure'];

beforeAll(async () => {
  t = await buildMediumServices();
  const c = await t.newCompany();
  for (const name of NAMES)
    await t.newEmployee({
      name,
      ...placeIn(c),
    });
});
afterAll(async () => t.close());

async function search(name: string) {
  const rows = await t.services.employees.list(t.admin, listFilters(`name=${encodeURIComponent(name)}`));
  return rows.map((e) => e.name).sort();
}

describe('name search', () => {
  it.each([
    ['muller', ['Jürgen Müller']],
    ['MÜLLER', ['Jürgen Müller']],
    ['jurgen mu', ['Jürgen Müller']],
    ['chloe', ['Chloé Durand']],
    ['emile', ['ÉMILE ZOLA']],
    ['lukasz zak', ['Łukasz Żak']],
    ['mull', ['Jürgen Müller', 'Mull Erin']],
    // Wildcards are text, not patterns.
    ['%', ['100% Pure']],
    ['_', []],
    ['  zola  ', ['ÉMILE ZOLA']],
  ])('%j finds %j', async (needle, expected) => {
    expect(await search(needle)).toEqual(expected);
  });

  it.each([
    ['muller jurgen', ['Jürgen Müller']],
    ['Müller, Jürgen', ['Jürgen Müller']],
    ['durand chloe', ['Chloé Durand']],
    ['zola emile', ['ÉMILE ZOLA']],
  ])('%j (last name first) finds %j', async (needle, expected) => {
    expect(await search(needle)).toEqual(expected);
  });

  it('finds an employee by ID, alone or beside names containing the digits', async () => {
    const list = await t.services.employees.list(t.admin, listFilters(''));
    const zola = list.find((e) => e.name === 'ÉMILE ZOLA')!;
    expect(await search(String(zola.id))).toContain('ÉMILE ZOLA');
    expect(await search('999999')).toEqual([]);
  });

  it('a blank search lists everyone', async () => {
    expect(await search('   ')).toHaveLength(NAMES.length);
  });
});
