import type { Level } from '@salary/shared/levels/levels.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { expectDocumented, expectFieldProblems, expectRefused, rulesApi } from '../support/rules-api.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const levels = rulesApi<Level>(() => t, '/api/levels');
const createLevel = (name: string) => levels.create({ name });

describe('levels API', () => {
  it('creates levels and lists them in creation order to any signed-in user', async () => {
    const res = await levels.post({ name: '  L3 ' });
    expect(res.statusCode).toBe(201);
    expect(res.envelope.message).toBe('Level created successfully');
    expect(res.envelope.data).toEqual({ id: expect.any(Number), name: 'L3' });
    const l1 = await createLevel('L1');
    const l2 = await createLevel('L2');
    const { token } = await t.createUser();
    expect(await levels.list(token)).toEqual([res.envelope.data, l1, l2]);
  });

  it('requires a name of at most 100 characters', async () => {
    for (const [payload, message] of [
      [{}, 'Name is required'],
      [{ name: '' }, 'Name is required'],
      [{ name: 'z'.repeat(101) }, 'Name must be at most 100 characters'],
    ] as const) {
      const res = await levels.post(payload);
      expectFieldProblems(res, [{ field: 'name', message }]);
    }
  });

  it('refuses a duplicate level name in any letter case, on create and on rename', async () => {
    const a = await createLevel('Entry');
    await createLevel('Expert');
    const dup = await levels.post({ name: 'entry' });
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.message).toBe('A level named "Entry" already exists');
    const rename = await levels.put(a.id, { name: 'EXPERT' });
    expect(rename.statusCode).toBe(409);
    expect(rename.envelope.message).toBe('A level named "Expert" already exists');
    expect((await levels.list()).find((l) => l.id === a.id)?.name).toBe('Entry');
  });

  it('renames a level, also to another letter case of its own name', async () => {
    const level = await createLevel('Principal');
    const res = await levels.put(level.id, { name: 'PRINCIPAL' });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('Level updated successfully');
    expect(res.envelope.data).toEqual({ id: level.id, name: 'PRINCIPAL' });
  });

  it('answers 404 for an unknown level, 400 for a non-numeric id, and has no delete', async () => {
    const put = await levels.put(999999, { name: 'X' });
    expect(put.statusCode).toBe(404);
    expect(put.envelope.message).toBe('Level not found');
    expect((await levels.put('1.5', { name: 'X' })).statusCode).toBe(400);
    const [first] = await levels.list();
    expect((await levels.delete(first!.id)).statusCode).toBe(404);
    expect((await levels.list())[0]).toEqual(first);
  });

  it('refuses writes without manageSettings (403), changes nothing, and needs a token (401)', async () => {
    const level = await createLevel('Staff');
    const viewer = await t.createUser({ showSettings: true, showSalary: true, showCost: true });
    await expectRefused(t, viewer.token, [
      { method: 'POST', url: '/api/levels', payload: { name: 'Sneaky' } },
      { method: 'PUT', url: `/api/levels/${level.id}`, payload: { name: 'Renamed' } },
    ]);
    const names = (await levels.list(viewer.token)).map((l) => l.name);
    expect(names).toContain('Staff');
    expect(names).not.toContain('Sneaky');
    const manager = await t.createUser({ manageSettings: true });
    expect((await levels.post({ name: 'Fellow' }, manager.token)).statusCode).toBe(201);
    expect((await t.call({ method: 'GET', url: '/api/levels' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/levels', payload: { name: 'X' } })).statusCode).toBe(
      401,
    );
  });

  it('describes its calls in the OpenAPI document at /api/docs', async () => {
    await expectDocumented(t, 'levels', {
      '/api/levels': ['get', 'post'],
      '/api/levels/{id}': ['put'],
    });
  });
});
