import type { AdjustmentFactor } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import type { FieldProblem } from '@salary/shared/common/envelope';
import type { Job } from '@salary/shared/jobs/jobs.contract';
import type { Position } from '@salary/shared/positions/positions.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';

let t: TestContext;
let web: Job;
let data: Job;
let frontend: Position;
let backend: Position;
let analyst: Position;

async function create<T>(url: string, payload: object): Promise<T> {
  const res = await t.call<T>({ method: 'POST', url, token: t.adminToken, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.envelope.data;
}

beforeAll(async () => {
  t = await buildTestApp();
  web = await create<Job>('/api/jobs', { name: 'Web' });
  data = await create<Job>('/api/jobs', { name: 'Data' });
  frontend = await create<Position>('/api/positions', { name: 'Frontend', jobId: web.id });
  backend = await create<Position>('/api/positions', { name: 'Backend', jobId: web.id });
  analyst = await create<Position>('/api/positions', { name: 'Analyst', jobId: data.id });
});
afterAll(async () => t.close());

async function listFactors(token = t.adminToken): Promise<AdjustmentFactor[]> {
  const res = await t.call<AdjustmentFactor[]>({ method: 'GET', url: '/api/adjustment-factors', token });
  expect(res.statusCode).toBe(200);
  return res.envelope.data;
}

const post = (payload: object, token = t.adminToken) =>
  t.call<AdjustmentFactor>({ method: 'POST', url: '/api/adjustment-factors', token, payload });
const fieldsOf = (body: unknown) => (body as { fields: FieldProblem[] }).fields;

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
    });
  });

  it('creates a negative FIXED factor and lists factors by job, then position, to readers of the money rules only', async () => {
    const fixed = await post({ jobId: web.id, positionId: frontend.id, factor: -250.75, type: 'FIXED' });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.envelope.data).toMatchObject({ factor: -250.75, type: 'FIXED' });
    await create('/api/adjustment-factors', {
      jobId: data.id,
      positionId: analyst.id,
      factor: -1,
      type: 'PERCENTAGE',
    });

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
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.envelope.data)).toEqual(
      expect.arrayContaining([
        { field: 'jobId', message: 'Job is required' },
        { field: 'positionId', message: 'Position is required' },
        { field: 'type', message: 'Adjustment Type is required' },
        { field: 'factor', message: 'Adjustment Factor is required' },
      ]),
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
        'Adjustment Factor must be a fraction with at most 4 decimals',
      ],
      [{ type: 'FIXED', factor: 10.005 }, 'Adjustment Factor must have at most 2 decimals'],
      [
        { type: 'FIXED', factor: -1_000_000_000 },
        'Adjustment Factor must be between -999,999,999.99 and 999,999,999.99',
      ],
    ] as const) {
      const res = await t.call({
        method: 'PUT',
        url: `/api/adjustment-factors/${(await listFactors())[0]!.id}`,
        token: t.adminToken,
        payload: { ...base, ...payload },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(res.envelope.data)).toEqual([
        { field: payload.type === 'BONUS' ? 'type' : 'factor', message },
      ]);
    }
    expect((await listFactors()).find((f) => f.positionId === analyst.id)?.factor).toBe(-1);
  });

  it('keeps the edges exactly: ±100%, four decimals of a fraction, the largest fixed amount', async () => {
    const cloud = await create<Job>('/api/jobs', { name: 'Cloud' });
    const [a, b, c] = await Promise.all(
      ['A', 'B', 'C'].map((name) => create<Position>('/api/positions', { name, jobId: cloud.id })),
    );
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
    expect(wrong.statusCode).toBe(400);
    expect(wrong.envelope.message).toBe('Position does not belong to the selected job');
    expect(fieldsOf(wrong.envelope.data)).toEqual([
      { field: 'positionId', message: 'Position does not belong to the selected job' },
    ]);
    const noJob = await post({ jobId: 999999, positionId: frontend.id, factor: 0.1, type: 'PERCENTAGE' });
    expect(noJob.statusCode).toBe(400);
    expect(fieldsOf(noJob.envelope.data)).toEqual([{ field: 'jobId', message: 'Job not found' }]);
    const noPosition = await post({ jobId: web.id, positionId: 999999, factor: 0.1, type: 'PERCENTAGE' });
    expect(noPosition.statusCode).toBe(400);
    expect(fieldsOf(noPosition.envelope.data)).toEqual([
      { field: 'positionId', message: 'Position not found' },
    ]);
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
    const onto = await t.call({
      method: 'PUT',
      url: `/api/adjustment-factors/${frontendFactor.id}`,
      token: t.adminToken,
      payload: { jobId: web.id, positionId: backend.id, factor: 500, type: 'FIXED' },
    });
    expect(onto.statusCode).toBe(409);
    expect(await listFactors()).toEqual(before);
  });

  it('updates type and factor', async () => {
    const factor = (await listFactors()).find((f) => f.positionId === frontend.id)!;
    const res = await t.call<AdjustmentFactor>({
      method: 'PUT',
      url: `/api/adjustment-factors/${factor.id}`,
      token: t.adminToken,
      payload: { jobId: web.id, positionId: frontend.id, factor: -0.05, type: 'PERCENTAGE' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('Adjustment factor updated successfully');
    expect(res.envelope.data).toMatchObject({ id: factor.id, factor: -0.05, type: 'PERCENTAGE' });
    const missing = await t.call({
      method: 'PUT',
      url: '/api/adjustment-factors/999999',
      token: t.adminToken,
      payload: { jobId: web.id, positionId: frontend.id, factor: 0, type: 'FIXED' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.envelope.message).toBe('Adjustment factor not found');
  });

  it('deletes a factor; an unknown id is a 404, a non-numeric one a 400', async () => {
    const factor = (await listFactors()).find((f) => f.positionId === frontend.id)!;
    const res = await t.call({
      method: 'DELETE',
      url: `/api/adjustment-factors/${factor.id}`,
      token: t.adminToken,
    });
    expect(res.statusCode).toBe(200);
    expect(res.envelope).toMatchObject({
      success: true,
      message: 'Adjustment factor deleted successfully',
      data: null,
    });
    expect((await listFactors()).some((f) => f.id === factor.id)).toBe(false);
    const again = await t.call({
      method: 'DELETE',
      url: `/api/adjustment-factors/${factor.id}`,
      token: t.adminToken,
    });
    expect(again.statusCode).toBe(404);
    expect(
      (await t.call({ method: 'DELETE', url: '/api/adjustment-factors/-1', token: t.adminToken })).statusCode,
    ).toBe(400);
  });

  it('refuses writes without manageSettings (403), changes nothing, and needs a token (401)', async () => {
    const before = await listFactors();
    const target = before[0]!;
    const viewer = await t.createUser({ showSettings: true });
    const payload = { jobId: web.id, positionId: frontend.id, factor: 0.2, type: 'PERCENTAGE' };
    for (const req of [
      { method: 'POST' as const, url: '/api/adjustment-factors', payload },
      {
        method: 'PUT' as const,
        url: `/api/adjustment-factors/${target.id}`,
        payload: { ...payload, jobId: target.jobId, positionId: target.positionId },
      },
      { method: 'DELETE' as const, url: `/api/adjustment-factors/${target.id}` },
    ]) {
      const res = await t.call({ ...req, token: viewer.token });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
    }
    expect(await listFactors(viewer.token)).toEqual(before);
    const manager = await t.createUser({ manageSettings: true });
    expect((await post(payload, manager.token)).statusCode).toBe(201);
    expect((await t.call({ method: 'GET', url: '/api/adjustment-factors' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/adjustment-factors', payload })).statusCode).toBe(401);
  });
  it('describes its calls in the OpenAPI document at /api/docs', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as {
      paths: Record<string, Record<string, { tags: string[]; summary: string }>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([, ops]) => Object.values(ops).some((op) => op.tags?.includes('adjustment-factors')))
      .map(([p, ops]) => [p, Object.keys(ops).sort()]);
    expect(Object.fromEntries(documented)).toEqual({
      '/api/adjustment-factors': ['get', 'post'],
      '/api/adjustment-factors/{id}': ['delete', 'put'],
    });
    for (const [, ops] of Object.entries(doc.paths).filter(
      ([p]) => p in { '/api/adjustment-factors': true, '/api/adjustment-factors/{id}': true },
    ))
      for (const op of Object.values(ops)) expect(op.summary).toBeTruthy();
  });
});
