import type { AdjustmentFactor } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import type { Job } from '@salary/shared/jobs/jobs.contract';
import type { Position } from '@salary/shared/positions/positions.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { expectDocumented, expectFieldProblems, expectRefused, rulesApi } from '../support/rules-api.ts';

let t: TestContext;
let web: Job;
let data: Job;
let frontend: Position;
let backend: Position;
let analyst: Position;

const factors = rulesApi<AdjustmentFactor>(() => t, '/api/adjustment-factors');
const createJob = (name: string) => rulesApi<Job>(() => t, '/api/jobs').create({ name });
const createPosition = (name: string, jobId: number) =>
  rulesApi<Position>(() => t, '/api/positions').create({ name, jobId });

beforeAll(async () => {
  t = await buildTestApp();
  web = await createJob('Web');
  data = await createJob('Data');
  frontend = await createPosition('Frontend', web.id);
  backend = await createPosition('Backend', web.id);
  analyst = await createPosition('Analyst', data.id);
});
afterAll(async () => t.close());

const listFactors = (token?: string) => factors.list(token);
const post = (payload: object, token?: string) => factors.post(payload, token);

describe('adjustment factors API', () => {
  it('creates a PERCENTAGE factor (sent as a fraction) with its job and position', async () => {
    const res = await post({ jobId: web.id, positionId: backend.id, factor: 0.15, type: 'PERCENTAGE' });
    expect(res.statusCode).toBe(201);
    expect(res.envelope.message).toBe('Adjustment factor created successfully');
    expect(res.envelope.data).toEqual({
      id: expect.any(Number),
      jobId: web.id,
      positionId: backend.id,
      factor: 0.15,
      type: 'PERCENTAGE',
      job: { id: web.id, name: 'Web' },
      position: { id: backend.id, name: 'Backend' },
      version: expect.any(Number),
    });
  });

  it('creates a negative FIXED factor and lists factors by job, then position, to readers of the money rules only', async () => {
    const fixed = await post({ jobId: web.id, positionId: frontend.id, factor: -250.75, type: 'FIXED' });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.envelope.data).toMatchObject({ factor: -250.75, type: 'FIXED' });
    await factors.create({ jobId: data.id, positionId: analyst.id, factor: -1, type: 'PERCENTAGE' });

    const plain = await t.createUser({ manageEmployee: true, deleteEmployee: true, showCost: true });
    const refused = await t.call({ method: 'GET', url: '/api/adjustment-factors', token: plain.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('250.75');
    const { token } = await t.createUser({ showSalary: true });
    const list = await listFactors(token);
    expect(list.map((f) => [f.job.name, f.position.name, f.type, f.factor])).toEqual([
      ['Data', 'Analyst', 'PERCENTAGE', -1],
      ['Web', 'Backend', 'PERCENTAGE', 0.15],
      ['Web', 'Frontend', 'FIXED', -250.75],
    ]);
    for (const f of list) expect(typeof f.factor).toBe('number');
  });

  it('requires every field, naming them as the form does', async () => {
    const res = await post({});
    expectFieldProblems(
      res,
      [
        { field: 'jobId', message: 'Job is required' },
        { field: 'positionId', message: 'Position is required' },
        { field: 'type', message: 'Adjustment Type is required' },
        { field: 'factor', message: 'Adjustment Factor is required' },
      ],
      { including: true },
    );
  });

  it('checks the factor against its type: a fraction within ±100%, or an amount in cents', async () => {
    const base = { jobId: data.id, positionId: analyst.id };
    for (const [payload, message] of [
      [{ type: 'BONUS', factor: 1 }, 'Adjustment Type must be PERCENTAGE or FIXED'],
      [{ type: 'PERCENTAGE', factor: '0.1' }, 'Adjustment Factor must be a number'],
      // A client that forgot to divide the entered percent by 100.
      [{ type: 'PERCENTAGE', factor: 15 }, 'Adjustment Factor must be between -100% and +100%'],
      [{ type: 'PERCENTAGE', factor: -1.01 }, 'Adjustment Factor must be between -100% and +100%'],
      [
        { type: 'PERCENTAGE', factor: 0.12345 },
        'Adjustment Factor must have at most 2 decimals as a percent (4 as a fraction)',
      ],
      [{ type: 'FIXED', factor: 10.005 }, 'Adjustment Factor must have at most 2 decimals'],
      [
        { type: 'FIXED', factor: -1_000_000_000 },
        'Adjustment Factor must be between -999,999,999.99 and 999,999,999.99',
      ],
    ] as const) {
      const res = await factors.put((await listFactors())[0]!.id, { ...base, ...payload });
      expectFieldProblems(res, [{ field: payload.type === 'BONUS' ? 'type' : 'factor', message }], {
        context: JSON.stringify(payload),
      });
    }
    expect((await listFactors()).find((f) => f.positionId === analyst.id)?.factor).toBe(-1);
  });

  it('keeps the edges exactly: ±100%, four decimals of a fraction, the largest fixed amount', async () => {
    const cloud = await createJob('Cloud');
    const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((name) => createPosition(name, cloud.id)));
    const cases = [
      { positionId: a!.id, factor: 1, type: 'PERCENTAGE' },
      { positionId: b!.id, factor: 0.1234, type: 'PERCENTAGE' },
      { positionId: c!.id, factor: -999_999_999.99, type: 'FIXED' },
    ];
    for (const payload of cases) {
      const res = await post({ jobId: cloud.id, ...payload });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.envelope.data.factor).toBe(payload.factor);
    }
    const stored = (await listFactors()).filter((f) => f.jobId === cloud.id).map((f) => f.factor);
    expect(stored).toEqual([1, 0.1234, -999_999_999.99]);
  });

  it('requires the position to belong to the selected job, and both to exist', async () => {
    const wrong = await post({ jobId: data.id, positionId: frontend.id, factor: 0.1, type: 'PERCENTAGE' });
    expectFieldProblems(wrong, [
      { field: 'positionId', message: 'Position does not belong to the selected job' },
    ]);
    expect(wrong.envelope.message).toBe('Position does not belong to the selected job');
    const noJob = await post({ jobId: 999999, positionId: frontend.id, factor: 0.1, type: 'PERCENTAGE' });
    expectFieldProblems(noJob, [{ field: 'jobId', message: 'Job not found' }]);
    const noPosition = await post({ jobId: web.id, positionId: 999999, factor: 0.1, type: 'PERCENTAGE' });
    expectFieldProblems(noPosition, [{ field: 'positionId', message: 'Position not found' }]);
  });

  it('allows one factor per job and position, naming them in the 409', async () => {
    const before = await listFactors();
    const res = await post({ jobId: web.id, positionId: backend.id, factor: 500, type: 'FIXED' });
    expect(res.statusCode).toBe(409);
    expect(res.envelope).toMatchObject({
      error: 'CONFLICT',
      message: 'An adjustment factor for Web / Backend already exists',
    });
    const frontendFactor = before.find((f) => f.positionId === frontend.id)!;
    const onto = await factors.put(frontendFactor.id, {
      jobId: web.id,
      positionId: backend.id,
      factor: 500,
      type: 'FIXED',
    });
    expect(onto.statusCode).toBe(409);
    expect(await listFactors()).toEqual(before);
  });

  it('updates type and factor', async () => {
    const factor = (await listFactors()).find((f) => f.positionId === frontend.id)!;
    const res = await factors.put(factor.id, {
      jobId: web.id,
      positionId: frontend.id,
      factor: -0.05,
      type: 'PERCENTAGE',
    });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('Adjustment factor updated successfully');
    expect(res.envelope.data).toMatchObject({ id: factor.id, factor: -0.05, type: 'PERCENTAGE' });
    const missing = await factors.put(999999, {
      jobId: web.id,
      positionId: frontend.id,
      factor: 0,
      type: 'FIXED',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.envelope.message).toBe('Adjustment factor not found');
  });

  it('deletes a factor; an unknown id is a 404, a non-numeric one a 400', async () => {
    const factor = (await listFactors()).find((f) => f.positionId === frontend.id)!;
    await factors.remove(factor.id, 'Adjustment factor deleted successfully');
    expect((await listFactors()).some((f) => f.id === factor.id)).toBe(false);
    const again = await factors.delete(factor.id);
    expect(again.statusCode).toBe(404);
    expect((await factors.delete(-1)).statusCode).toBe(400);
  });

  it('refuses writes without manageSettings (403), changes nothing, and needs a token (401)', async () => {
    const before = await listFactors();
    const target = before[0]!;
    const viewer = await t.createUser({ showSettings: true });
    const payload = { jobId: web.id, positionId: frontend.id, factor: 0.2, type: 'PERCENTAGE' };
    await expectRefused(t, viewer.token, [
      { method: 'POST', url: '/api/adjustment-factors', payload },
      {
        method: 'PUT',
        url: `/api/adjustment-factors/${target.id}`,
        payload: { ...payload, jobId: target.jobId, positionId: target.positionId },
      },
      { method: 'DELETE', url: `/api/adjustment-factors/${target.id}` },
    ]);
    expect(await listFactors(viewer.token)).toEqual(before);
    const manager = await t.createUser({ manageSettings: true });
    expect((await post(payload, manager.token)).statusCode).toBe(201);
    expect((await t.call({ method: 'GET', url: '/api/adjustment-factors' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/adjustment-factors', payload })).statusCode).toBe(401);
  });
  it('describes its calls in the OpenAPI document at /api/docs', async () => {
    await expectDocumented(t, 'adjustment-factors', {
      '/api/adjustment-factors': ['get', 'post'],
      '/api/adjustment-factors/{id}': ['delete', 'put'],
    });
  });
});
