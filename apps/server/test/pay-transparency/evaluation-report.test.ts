import type { PayReport, PayStatement } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkbook } from '../excel/excel-files.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { TOO_FEW_TO_REPORT } from '../support/pay-report.ts';

/*
 * The report's `evaluation` categories on a hand-built company. One grade and level, base
 * 3000.00; men get a FIXED Bonus of 400.00, women none. Weights: skills 2, effort 1,
 * responsibility 1, working conditions 0 (Σ 4); band width 1.0.
 *
 *   Alpha (job)          3 1 1 5 → (6 + 1 + 1 + 0) ÷ 4 = 2.00 → band 2 "Score 2.0–2.9" (its lower edge)
 *   Alpha / Senior       5 4 4 1 → (10 + 4 + 4) ÷ 4 = 4.50 → band 4 "Score 4.0–5.0" (overrides Alpha)
 *   Beta (job)           3 2 2 1 → (6 + 2 + 2) ÷ 4 = 2.50 → band 2
 *   Beta / Junior        2 2 1 5 → (4 + 2 + 1) ÷ 4 = 1.75 → band 1 "Score 1.0–1.9"
 *   Gamma                no score → no category; listed with its headcount
 *
 *   Alpha / Analyst: F1 F2, M1 M2      Beta / Builder: F3, M3      → band 2: 3 women, 3 men
 *   Alpha / Senior:  F4, M4 M5 M6                                   → band 4: 1 woman: too few
 *   Beta / Junior:   M7                                             → band 1: too few
 *   Gamma / Any:     F5, M8, O1 (Other)                             → unscored, 3 people
 *
 * Band 2: women 3000.00 each, men 3400.00 each: gap 400 ÷ 3400 = 11.76…% → 11.8, flagged.
 * With a band width of 0.5, Alpha (2.00) is band 3 "Score 2.0–2.4" and Beta (2.50) band 4
 * "Score 2.5–2.9": two women and two men, one and one — both too few.
 */

let t: TestContext;
const ids: Record<string, number> = {};
const job: Record<string, number> = {};
const position: Record<string, number> = {};

const score = (url: string, s: [number, number, number, number]) =>
  t.callAsAdmin({
    method: 'PUT',
    url,
    payload: { skills: s[0], effort: s[1], responsibility: s[2], workingConditions: s[3] },
  });
const settings = (bandWidth: number) =>
  t.callAsAdmin({
    method: 'PUT',
    url: '/api/job-evaluation/settings',
    payload: { weights: { skills: 2, effort: 1, responsibility: 1, workingConditions: 0 }, bandWidth },
  });

beforeAll(async () => {
  t = await buildTestApp();
  for (const name of ['Alpha', 'Beta', 'Gamma']) job[name] = (await t.newJob(name)).id;
  for (const [name, of] of [
    ['Analyst', 'Alpha'],
    ['Senior', 'Alpha'],
    ['Builder', 'Beta'],
    ['Junior', 'Beta'],
    ['Any', 'Gamma'],
  ] as const)
    position[name] = (await t.newPosition(job[of]!, name)).id;
  const grade = await t.newGrade('G', 1);
  const level = await t.newLevel('L');
  await t.newBaseSalary(grade.id, level.id, 3000);
  await t.setSettings({
    customMultipliers: [{ id: 'cm_bonus', title: 'Bonus', multiplier: 400, type: 'FIXED' }],
  });
  const people: Array<[string, string, 'FEMALE' | 'MALE' | 'OTHER']> = [
    ['F1', 'Analyst', 'FEMALE'],
    ['F2', 'Analyst', 'FEMALE'],
    ['M1', 'Analyst', 'MALE'],
    ['M2', 'Analyst', 'MALE'],
    ['F3', 'Builder', 'FEMALE'],
    ['M3', 'Builder', 'MALE'],
    ['F4', 'Senior', 'FEMALE'],
    ['M4', 'Senior', 'MALE'],
    ['M5', 'Senior', 'MALE'],
    ['M6', 'Senior', 'MALE'],
    ['M7', 'Junior', 'MALE'],
    ['F5', 'Any', 'FEMALE'],
    ['M8', 'Any', 'MALE'],
    ['O1', 'Any', 'OTHER'],
  ];
  const jobOf: Record<string, string> = {
    Analyst: 'Alpha',
    Senior: 'Alpha',
    Builder: 'Beta',
    Junior: 'Beta',
    Any: 'Gamma',
  };
  for (const [name, pos, gender] of people)
    ids[name] = await t.newEmployee({
      name,
      jobId: job[jobOf[pos]!]!,
      positionId: position[pos]!,
      gradeId: grade.id,
      levelId: level.id,
      gender,
      customMultiplierIds: gender === 'MALE' ? ['cm_bonus'] : [],
    });
  for (const res of [
    await settings(1),
    await score(`/api/job-evaluation/jobs/${job.Alpha}`, [3, 1, 1, 5]),
    await score(`/api/job-evaluation/positions/${position.Senior}`, [5, 4, 4, 1]),
    await score(`/api/job-evaluation/jobs/${job.Beta}`, [3, 2, 2, 1]),
    await score(`/api/job-evaluation/positions/${position.Junior}`, [2, 2, 1, 5]),
  ])
    expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t.close());

const report = async (token = t.adminToken) => {
  const res = await t.call<PayReport>({
    method: 'GET',
    url: '/api/pay-transparency?category=evaluation',
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data;
};
const byName = (r: PayReport) => Object.fromEntries(r.categories.map((c) => [c.name, c]));

describe('GET /api/pay-transparency?category=evaluation', () => {
  it('groups by the band of the weighted score; a position score overrides its job’s', async () => {
    const r = await report();
    expect(r.categoryKind).toBe('evaluation');
    expect(r.categories.map((c) => [c.key, c.name, c.female, c.male])).toEqual([
      ['band-2', 'Score 2.0–2.9', 3, 3],
      ['band-1', 'Score 1.0–1.9', 0, 1],
      ['band-4', 'Score 4.0–5.0', 1, 3],
    ]);
    expect(byName(r)['Score 2.0–2.9']).toMatchObject({
      tooFew: false,
      meanPayFemale: 3000,
      meanPayMale: 3400,
      payGap: 11.8,
      basicWageGap: 0,
      flagged: true,
    });
  });

  it('reports no figure of a band with fewer than the minimum group', async () => {
    const r = byName(await report());
    expect(r['Score 4.0–5.0']).toMatchObject(TOO_FEW_TO_REPORT);
    expect(r['Score 1.0–1.9']).toMatchObject(TOO_FEW_TO_REPORT);
  });

  it('lists the unscored jobs with their headcount, in no category but in the company-wide figures', async () => {
    const r = await report();
    expect(r.unscoredJobs).toEqual([{ name: 'Gamma', headcount: 3 }]);
    const inCategories = r.categories.reduce((n, c) => n + c.female + c.male, 0);
    expect(inCategories).toBe(11);
    expect(r.counts).toMatchObject({ female: 5, male: 8, other: 1, total: 14 });
    // The other views have no such list.
    const byGrade = await t.callAsAdmin<PayReport>({
      method: 'GET',
      url: '/api/pay-transparency?category=grade',
    });
    expect(byGrade.envelope.data.unscoredJobs).toBeUndefined();
  });

  it('the .xlsx export names the view, its bands and the unscored jobs', async () => {
    const res = await t.callAsAdmin({
      method: 'GET',
      url: '/api/pay-transparency/export?category=evaluation',
    });
    expect(res.statusCode).toBe(200);
    const book = await loadWorkbook(res.rawPayload);
    const cells = book.worksheets.flatMap((sheet) =>
      sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? row.map(String) : [])),
    );
    expect(cells).toContain('Job evaluation (work of equal value)');
    expect(cells).toContain('Score 2.0–2.9');
    expect(cells).toContain('No job evaluation score: Gamma');
  });

  it('moves people between bands when the band width changes, boundaries included', async () => {
    expect((await settings(0.5)).statusCode).toBe(200);
    try {
      const r = await report();
      const names = r.categories.map((c) => [c.name, c.female, c.male]);
      // Alpha 2.00 sits on the lower edge of 2.0–2.4; Beta 2.50 on the lower edge of 2.5–2.9.
      expect(names).toContainEqual(['Score 2.0–2.4', 2, 2]);
      expect(names).toContainEqual(['Score 2.5–2.9', 1, 1]);
      expect(names).toContainEqual(['Score 4.5–5.0', 1, 3]);
      expect(names).toContainEqual(['Score 1.5–1.9', 0, 1]);
      expect(r.categories.every((c) => c.tooFew)).toBe(true);
    } finally {
      await settings(1);
    }
  });

  it('a position whose score is removed falls back to its job’s band', async () => {
    const gone = await t.callAsAdmin({
      method: 'DELETE',
      url: `/api/job-evaluation/positions/${position.Senior}`,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    try {
      const r = byName(await report());
      expect(r['Score 2.0–2.9']).toMatchObject({ female: 4, male: 6, tooFew: false });
      expect(r['Score 4.0–5.0']).toBeUndefined();
    } finally {
      await score(`/api/job-evaluation/positions/${position.Senior}`, [5, 4, 4, 1]);
    }
  });

  it('an unscored job without employees is not listed', async () => {
    const only = await t.newJob('Delta');
    const other = await t.newPosition(only.id, 'Delta position');
    expect(other.id).toBeGreaterThan(0);
    const r = await report();
    // Delta has no employees: it is not listed.
    expect(r.unscoredJobs?.map((u) => u.name)).toEqual(['Gamma']);
  });

  it('a pay statement by evaluation names the band and compares within it', async () => {
    const res = await t.callAsAdmin<PayStatement>({
      method: 'GET',
      url: `/api/employees/${ids.F1}/pay-statement?category=evaluation`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data.category).toEqual({
      kind: 'evaluation',
      name: 'Score 2.0–2.9',
      tooFew: false,
      meanPayFemale: 3000,
      meanPayMale: 3400,
    });
    const unscored = await t.callAsAdmin<PayStatement>({
      method: 'GET',
      url: `/api/employees/${ids.F5}/pay-statement?category=evaluation`,
    });
    expect(unscored.envelope.data.category).toMatchObject({
      name: 'Not scored',
      tooFew: true,
      meanPayFemale: null,
    });
  });

  it('justifies a band like any other category', async () => {
    const res = await t.callAsAdmin({
      method: 'PUT',
      url: '/api/pay-transparency/justifications',
      payload: { categoryKind: 'evaluation', categoryKey: 'band-2', text: 'Shift allowance for night work' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(byName(await report())['Score 2.0–2.9']!.justification?.text).toBe(
      'Shift allowance for night work',
    );
    const bad = await t.callAsAdmin({
      method: 'PUT',
      url: '/api/pay-transparency/justifications',
      payload: { categoryKind: 'evaluation', categoryKey: '2', text: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is refused without showSalary, as every view of the report', async () => {
    const manager = await t.createUser({ manageSettings: true });
    const res = await t.call({
      method: 'GET',
      url: '/api/pay-transparency?category=evaluation',
      token: manager.token,
    });
    expect(res.statusCode).toBe(403);
  });
});
