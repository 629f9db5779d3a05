import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/** GET /api/employees?name=: part of the name, ignoring letter case and accents, on the server. */

let t: TestContext;
const NAMES = ['Jürgen Müller', 'Chloé Durand', 'ÉMILE ZOLA', 'Łukasz Żak', 'Mull Erin', '100% Pure'];

beforeAll(async () => {
  t = await buildTestApp();
  const c = await t.newCompany();
  for (const name of NAMES)
    await t.newEmployee({
      name,
      jobId: c.job.id,
      positionId: c.position.id,
      gradeId: c.grade.id,
      levelId: c.level.id,
    });
});
afterAll(async () => t.close());

async function search(name: string) {
  const res = await t.callAsAdmin<EmployeeView[]>({
    method: 'GET',
    url: `/api/employees?name=${encodeURIComponent(name)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data.map((e) => e.name).sort();
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
    const list = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
    const zola = list.envelope.data.find((e) => e.name === 'ÉMILE ZOLA')!;
    expect(await search(String(zola.id))).toContain('ÉMILE ZOLA');
    expect(await search('999999')).toEqual([]);
  });

  it('a blank search lists everyone; a long one is refused with a message', async () => {
    expect(await search('   ')).toHaveLength(NAMES.length);
    const res = await t.callAsAdmin({ method: 'GET', url: `/api/employees?name=${'a'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Search by Name is too long');
  });
});
