import type { AuditPage } from '@salary/shared/audit/audit.contract';
import type {
  Evaluation,
  EvaluationSettings,
  Score,
} from '@salary/shared/job-evaluation/job-evaluation.contract';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../support/helper.ts';

/*
 * The job evaluation's routes: what a score and the settings accept (the 400 names the field),
 * who may write them, the stale-version 409, the 404s, cascades and the audit trail's words.
 */

const t = testAppForFile();

const SCORES = { skills: 3, effort: 2, responsibility: 4, workingConditions: 1 };
const read = async (token = t.adminToken) => {
  const res = await t.call<Evaluation>({ method: 'GET', url: '/api/job-evaluation', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data;
};
const putScore = (url: string, payload: unknown, token = t.adminToken) =>
  t.call<Score>({ method: 'PUT', url, payload: payload as object, token });
const putSettings = (payload: unknown, token = t.adminToken) =>
  t.call<EvaluationSettings>({
    method: 'PUT',
    url: '/api/job-evaluation/settings',
    payload: payload as object,
    token,
  });
const EQUAL = { skills: 1, effort: 1, responsibility: 1, workingConditions: 1 };

describe('reading', () => {
  it('lists every job and position, unscored ones with nulls, and the default settings', async () => {
    const job = await t.newJob('Reading job');
    const position = await t.newPosition(job.id, 'Reader');
    const plain = await t.createUser({});
    const data = await read(plain.token);
    expect(data.settings).toMatchObject({ weights: EQUAL, bandWidth: 1, version: 1, updatedAt: null });
    const row = data.jobs.find((j) => j.id === job.id)!;
    expect(row).toEqual({
      id: job.id,
      name: 'Reading job',
      score: null,
      weighted: null,
      band: null,
      positions: [{ id: position.id, name: 'Reader', score: null, weighted: null, band: null, from: null }],
    });
  });
});

describe('scoring a job and a position', () => {
  it('saves a job score, answers its weighted score and band, and a position inherits it', async () => {
    const job = await t.newJob('Scored job');
    const position = await t.newPosition(job.id, 'Inheritor');
    const res = await putScore(`/api/job-evaluation/jobs/${job.id}`, SCORES);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data).toEqual({ ...SCORES, version: 1 });
    const row = (await read()).jobs.find((j) => j.id === job.id)!;
    // (3 + 2 + 4 + 1) ÷ 4 = 2.5 → band 2.
    expect(row.weighted).toBe(2.5);
    expect(row.band).toEqual({ key: 'band-2', name: 'Score 2.0–2.9' });
    expect(row.positions[0]).toMatchObject({ id: position.id, score: null, weighted: 2.5, from: 'job' });
  });

  it("a position's score overrides its job's; removing it falls back to the job's", async () => {
    const job = await t.newJob('Override job');
    const position = await t.newPosition(job.id, 'Overrider');
    await putScore(`/api/job-evaluation/jobs/${job.id}`, SCORES);
    const own = await putScore(`/api/job-evaluation/positions/${position.id}`, {
      skills: 5,
      effort: 5,
      responsibility: 5,
      workingConditions: 5,
    });
    expect(own.statusCode, own.body).toBe(200);
    let p = (await read()).jobs.find((j) => j.id === job.id)!.positions[0]!;
    expect(p).toMatchObject({
      from: 'position',
      weighted: 5,
      band: { key: 'band-4', name: 'Score 4.0–5.0' },
    });
    const gone = await t.callAsAdmin({
      method: 'DELETE',
      url: `/api/job-evaluation/positions/${position.id}?version=1`,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    p = (await read()).jobs.find((j) => j.id === job.id)!.positions[0]!;
    expect(p).toMatchObject({ from: 'job', score: null, weighted: 2.5 });
  });

  it('refuses a save from an older version, naming who changed what', async () => {
    const job = await t.newJob('Stale job');
    await putScore(`/api/job-evaluation/jobs/${job.id}`, SCORES);
    const second = await putScore(`/api/job-evaluation/jobs/${job.id}`, { ...SCORES, skills: 5, version: 1 });
    expect(second.envelope.data.version).toBe(2);
    const stale = await putScore(`/api/job-evaluation/jobs/${job.id}`, { ...SCORES, effort: 5, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.error).toBe('STALE_VERSION');
    expect(stale.envelope.message).toMatch(
      /^Job evaluation of Stale job was changed since you opened it: admin@example\.com changed Skills on /,
    );
    // A first score sent with a version: someone removed it since, or it never was.
    const other = await t.newJob('Never scored');
    expect(
      (await putScore(`/api/job-evaluation/jobs/${other.id}`, { ...SCORES, version: 3 })).statusCode,
    ).toBe(409);
  });

  it('answers 404 for a job or position that does not exist, and for removing a missing score', async () => {
    const missing = await putScore('/api/job-evaluation/jobs/999999', SCORES);
    expect(missing.statusCode).toBe(404);
    expect(missing.envelope.message).toBe('Job not found');
    expect((await putScore('/api/job-evaluation/positions/999999', SCORES)).envelope.message).toBe(
      'Position not found',
    );
    const job = await t.newJob('No score yet');
    const res = await t.callAsAdmin({ method: 'DELETE', url: `/api/job-evaluation/jobs/${job.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.envelope.message).toBe('Job evaluation of No score yet not found');
  });

  it.each([
    [{ ...SCORES, skills: 0 }, 'skills', 'Skills must be a whole number from 1 to 5'],
    [{ ...SCORES, effort: 6 }, 'effort', 'Effort must be a whole number from 1 to 5'],
    [
      { ...SCORES, responsibility: 2.5 },
      'responsibility',
      'Responsibility must be a whole number from 1 to 5',
    ],
    [
      { ...SCORES, workingConditions: '3' },
      'workingConditions',
      'Working conditions must be a whole number from 1 to 5',
    ],
    [
      { skills: 1, effort: 1, responsibility: 1 },
      'workingConditions',
      'Working conditions must be a whole number from 1 to 5',
    ],
  ])('refuses %j with a 400 naming the field', async (payload, field, message) => {
    const job = await t.newJob();
    const res = await putScore(`/api/job-evaluation/jobs/${job.id}`, payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.envelope.data)).toContain(field);
    expect(res.body).toContain(message);
    expect((await read()).jobs.find((j) => j.id === job.id)!.score).toBeNull();
  });

  it('deleting a job or a position removes its scores', async () => {
    const job = await t.newJob('Doomed job');
    const position = await t.newPosition(job.id, 'Doomed position');
    const keep = await t.newPosition(job.id, 'Kept position');
    await putScore(`/api/job-evaluation/jobs/${job.id}`, SCORES);
    await putScore(`/api/job-evaluation/positions/${position.id}`, SCORES);
    await putScore(`/api/job-evaluation/positions/${keep.id}`, SCORES);
    expect((await t.callAsAdmin({ method: 'DELETE', url: `/api/positions/${position.id}` })).statusCode).toBe(
      200,
    );
    const row = (await read()).jobs.find((j) => j.id === job.id)!;
    expect(row.positions.map((p) => p.name)).toEqual(['Kept position']);
    expect((await t.callAsAdmin({ method: 'DELETE', url: `/api/jobs/${job.id}` })).statusCode).toBe(200);
    expect((await read()).jobs.some((j) => j.id === job.id)).toBe(false);
    // Nothing left behind: a new job taking the name starts unscored.
    const again = await t.newJob('Doomed job');
    expect((await read()).jobs.find((j) => j.id === again.id)!.score).toBeNull();
  });
});

describe('who may write', () => {
  it('manageSettings may; a user with every other permission may not, and nothing is written', async () => {
    const job = await t.newJob('Guarded job');
    const others = await t.createUser({
      showSalary: true,
      showCost: true,
      showSettings: true,
      manageEmployee: true,
      deleteEmployee: true,
    });
    const refused = await putScore(`/api/job-evaluation/jobs/${job.id}`, SCORES, others.token);
    expect(refused.statusCode).toBe(403);
    expect((await putSettings({ weights: EQUAL, bandWidth: 2 }, others.token)).statusCode).toBe(403);
    expect((await read()).jobs.find((j) => j.id === job.id)!.score).toBeNull();
    const manager = await t.createUser({ manageSettings: true });
    expect((await putScore(`/api/job-evaluation/jobs/${job.id}`, SCORES, manager.token)).statusCode).toBe(
      200,
    );
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/job-evaluation/jobs/${job.id}`,
      token: others.token,
    });
    expect(removed.statusCode).toBe(403);
    expect((await read()).jobs.find((j) => j.id === job.id)!.score).not.toBeNull();
  });
});

describe('the settings', () => {
  it('saves weights and band width, which move the weighted score and the bands', async () => {
    const job = await t.newJob('Weighted job');
    await putScore(`/api/job-evaluation/jobs/${job.id}`, SCORES);
    const before = await read();
    const res = await putSettings({
      weights: { skills: 2, effort: 0, responsibility: 1.5, workingConditions: 0.5 },
      bandWidth: 0.5,
      version: before.settings.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data).toMatchObject({
      weights: { skills: 2, effort: 0, responsibility: 1.5, workingConditions: 0.5 },
      bandWidth: 0.5,
      version: before.settings.version + 1,
    });
    const row = (await read()).jobs.find((j) => j.id === job.id)!;
    // (2·3 + 0·2 + 1.5·4 + 0.5·1) ÷ 4 = 12.5 ÷ 4 = 3.125 → 3.12; bands of 0.5 from 1.0: band 5 = 3.0–3.4.
    expect(row.weighted).toBe(3.12);
    expect(row.band).toEqual({ key: 'band-5', name: 'Score 3.0–3.4' });
    const stale = await putSettings({ weights: EQUAL, bandWidth: 1, version: before.settings.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.message).toMatch(
      /^The job evaluation weighting was changed since you opened it: admin@example\.com changed Skills weight, Effort weight, Responsibility weight, Working conditions weight and Band width on /,
    );
    // Back to the defaults for the other tests.
    expect((await putSettings({ weights: EQUAL, bandWidth: 1 })).statusCode).toBe(200);
  });

  it.each([
    [
      { weights: { skills: 0, effort: 0, responsibility: 0, workingConditions: 0 }, bandWidth: 1 },
      'At least one weight must be more than 0',
    ],
    [{ weights: { ...EQUAL, skills: -1 }, bandWidth: 1 }, 'Skills weight must not be negative'],
    [{ weights: { ...EQUAL, effort: 0.125 }, bandWidth: 1 }, 'Effort weight must have at most two decimals'],
    [
      { weights: { ...EQUAL, responsibility: 101 }, bandWidth: 1 },
      'Responsibility weight must be at most 100',
    ],
    [{ weights: EQUAL, bandWidth: 0 }, 'Band width must be from 0.1 to 4.0'],
    [{ weights: EQUAL, bandWidth: 4.5 }, 'Band width must be from 0.1 to 4.0'],
    [{ weights: EQUAL, bandWidth: 0.25 }, 'Band width must have at most one decimal'],
    [{ weights: EQUAL }, 'Band width must be a number'],
  ])('refuses %j with a 400 saying why', async (payload, message) => {
    const before = (await read()).settings;
    const res = await putSettings(payload);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect((await read()).settings).toEqual(before);
  });
});

describe('the audit trail', () => {
  it('records every write with a readable label and the changes in words', async () => {
    const job = await t.newJob('Audited job');
    const position = await t.newPosition(job.id, 'Audited position');
    await putScore(`/api/job-evaluation/jobs/${job.id}`, SCORES);
    await putScore(`/api/job-evaluation/jobs/${job.id}`, { ...SCORES, workingConditions: 4 });
    await putScore(`/api/job-evaluation/positions/${position.id}`, SCORES);
    await t.callAsAdmin({ method: 'DELETE', url: `/api/job-evaluation/positions/${position.id}` });
    await putSettings({ weights: { ...EQUAL, skills: 2 }, bandWidth: 1 });
    await putSettings({ weights: EQUAL, bandWidth: 1 });
    const page = await t.callAsAdmin<AuditPage>({ method: 'GET', url: '/api/audit?limit=6' });
    const summaries = page.envelope.data.entries.map((e) => e.summary);
    expect(summaries).toEqual([
      'Job evaluation settings: Skills weight: 2 → 1',
      'Job evaluation settings: Skills weight: 1 → 2',
      'Job evaluation of Audited job / Audited position deleted',
      'Job evaluation of Audited job / Audited position created',
      'Job evaluation of Audited job: Working conditions: 1 → 4',
      'Job evaluation of Audited job created',
    ]);
  });
});
