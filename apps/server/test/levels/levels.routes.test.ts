import type { FieldProblem } from '@salary/shared/common/envelope';
import type { Level } from '@salary/shared/levels/levels.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function createLevel(name: string): Promise<Level> {
  const res = await t.call<Level>({
    method: 'POST',
    url: '/api/levels',
    token: t.adminToken,
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.envelope.data;
}

async function listLevels(token = t.adminToken): Promise<Level[]> {
  const res = await t.call<Level[]>({ method: 'GET', url: '/api/levels', token });
  expect(res.statusCode).toBe(200);
  return res.envelope.data;
}

const fieldsOf = (body: unknown) => (body as { fields: FieldProblem[] }).fields;

describe('levels API', () => {
  it('creates levels and lists them in creation order to any signed-in user', async () => {
    const res = await t.call<Level>({
      method: 'POST',
      url: '/api/levels',
      token: t.adminToken,
      payload: { name: '  L3 ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.envelope.message).toBe('Level created successfully');
    expect(res.envelope.data).toEqual({ id: expect.any(Number), name: 'L3' });
    const l1 = await createLevel('L1');
    const l2 = await createLevel('L2');
    const { token } = await t.createUser();
    expect(await listLevels(token)).toEqual([res.envelope.data, l1, l2]);
  });

  it('requires a name of at most 100 characters', async () => {
    for (const [payload, message] of [
      [{}, 'Name is required'],
      [{ name: '' }, 'Name is required'],
      [{ name: 'z'.repeat(101) }, 'Name must be at most 100 characters'],
    ] as const) {
      const res = await t.call({ method: 'POST', url: '/api/levels', token: t.adminToken, payload });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res.envelope.data)).toEqual([{ field: 'name', message }]);
    }
  });

  it('refuses a duplicate level name in any letter case, on create and on rename', async () => {
    const a = await createLevel('Entry');
    await createLevel('Expert');
    const dup = await t.call({
      method: 'POST',
      url: '/api/levels',
      token: t.adminToken,
      payload: { name: 'entry' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.message).toBe('A level named "Entry" already exists');
    const rename = await t.call({
      method: 'PUT',
      url: `/api/levels/${a.id}`,
      token: t.adminToken,
      payload: { name: 'EXPERT' },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.envelope.message).toBe('A level named "Expert" already exists');
    expect((await listLevels()).find((l) => l.id === a.id)?.name).toBe('Entry');
  });

  it('renames a level, also to another letter case of its own name', async () => {
    const level = await createLevel('Principal');
    const res = await t.call<Level>({
      method: 'PUT',
      url: `/api/levels/${level.id}`,
      token: t.adminToken,
      payload: { name: 'PRINCIPAL' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('Level updated successfully');
    expect(res.envelope.data).toEqual({ id: level.id, name: 'PRINCIPAL' });
  });

  it('answers 404 for an unknown level, 400 for a non-numeric id, and has no delete', async () => {
    const put = await t.call({
      method: 'PUT',
      url: '/api/levels/999999',
      token: t.adminToken,
      payload: { name: 'X' },
    });
    expect(put.statusCode).toBe(404);
    expect(put.envelope.message).toBe('Level not found');
    const bad = await t.call({
      method: 'PUT',
      url: '/api/levels/1.5',
      token: t.adminToken,
      payload: { name: 'X' },
    });
    expect(bad.statusCode).toBe(400);
    const [first] = await listLevels();
    expect(
      (await t.call({ method: 'DELETE', url: `/api/levels/${first!.id}`, token: t.adminToken })).statusCode,
    ).toBe(404);
    expect((await listLevels())[0]).toEqual(first);
  });

  it('refuses writes without manageSettings (403), changes nothing, and needs a token (401)', async () => {
    const level = await createLevel('Staff');
    const viewer = await t.createUser({ showSettings: true, showSalary: true, showCost: true });
    const post = await t.call({
      method: 'POST',
      url: '/api/levels',
      token: viewer.token,
      payload: { name: 'Sneaky' },
    });
    expect(post.statusCode).toBe(403);
    const put = await t.call({
      method: 'PUT',
      url: `/api/levels/${level.id}`,
      token: viewer.token,
      payload: { name: 'Renamed' },
    });
    expect(put.statusCode).toBe(403);
    const names = (await listLevels(viewer.token)).map((l) => l.name);
    expect(names).toContain('Staff');
    expect(names).not.toContain('Sneaky');
    const manager = await t.createUser({ manageSettings: true });
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/levels',
          token: manager.token,
          payload: { name: 'Fellow' },
        })
      ).statusCode,
    ).toBe(201);
    expect((await t.call({ method: 'GET', url: '/api/levels' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/levels', payload: { name: 'X' } })).statusCode).toBe(
      401,
    );
  });
  it('describes its calls in the OpenAPI document at /api/docs', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body) as {
      paths: Record<string, Record<string, { tags: string[]; summary: string }>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([, ops]) => Object.values(ops).some((op) => op.tags?.includes('levels')))
      .map(([p, ops]) => [p, Object.keys(ops).sort()]);
    expect(Object.fromEntries(documented)).toEqual({
      '/api/levels': ['get', 'post'],
      '/api/levels/{id}': ['put'],
    });
    for (const [, ops] of Object.entries(doc.paths).filter(
      ([p]) => p in { '/api/levels': true, '/api/levels/{id}': true },
    ))
      for (const op of Object.values(ops)) expect(op.summary).toBeTruthy();
  });
});
