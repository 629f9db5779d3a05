import { expect } from 'vitest';
import { addFormFor } from './employee-forms.ts';
import type { TestContext } from './helper.ts';

/** PUT /api/company with `fields` at the version saved now: what a save that does not race sends. */
export async function putCompany(t: TestContext, fields: Record<string, unknown>) {
  const now = await t.callAsAdmin<{ version: number }>({ method: 'GET', url: '/api/company' });
  return t.callAsAdmin({
    method: 'PUT',
    url: '/api/company',
    payload: { ...fields, version: now.envelope.data.version },
  });
}

/** Counts the company's days in `timeZone` (its name, currency and locale as a fresh one has them). */
export async function setTimeZone(t: TestContext, timeZone: string): Promise<void> {
  const res = await putCompany(t, { companyName: 'Acme', currency: 'USD', locale: 'en-US', timeZone });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * The dated tests' small company, its days counted in UTC: a job, a position, a grade and a
 * level at 4,000, and a higher grade `seniorName` at 6,000 on the same level; with the Add
 * Employee body of someone in it, hired in 2020.
 */
export async function datedCompany(t: TestContext, seniorName = 'Senior') {
  const c = await t.newCompany(4000);
  const senior = await t.newGrade(seniorName, 50);
  await t.newBaseSalary(senior.id, c.level.id, 6000);
  await setTimeZone(t, 'UTC');
  const body: Record<string, unknown> = addFormFor(c, {
    name: 'Ada Lovelace',
    yearsExperience: 2,
    hireDate: '2020-01-15',
  });
  return { c, senior, body };
}
