import type { Level } from '@salary/shared/levels/levels.contract';
import { describe, expect, it } from 'vitest';
import { expectAnswered, testAppForFile } from '../support/helper.ts';
import { expectDocumented, expectFieldProblems, expectRefused, rulesApi } from '../support/rules-api.ts';

const t = testAppForFile();

const levels = rulesApi<Level>(() => t, '/api/levels');
const createLevel = (name: string) => levels.create({ name });
const reorder = (payload: object, token = t.adminToken) =>
  t.call<Level[]>({ method: 'POST', url: '/api/levels/reorder', token, payload });

describe('levels API', () => {
  it('creates levels, each last, and lists them by order to any signed-in user', async () => {
    const res = await levels.post({ name: '  L3 ' });
    expectAnswered(res, 201, 'Level created successfully', {
      id: expect.any(Number),
      name: 'L3',
      order: 0,
      version: expect.any(Number),
    });
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
    expectAnswered(res, 200, 'Level updated successfully', {
      id: level.id,
      name: 'PRINCIPAL',
      order: level.order,
      version: expect.any(Number),
    });
  });

  it('answers 404 for an unknown level and 400 for a non-numeric id', async () => {
    await levels.expectNotFound('Level', { name: 'X' });
    expect((await levels.put('1.5', { name: 'X' })).statusCode).toBe(400);
  });

  it('moves a level up through reorder, keeps the order on reload, and audits the move', async () => {
    const before = await levels.list();
    const [a, b] = before.slice(-2) as [Level, Level];
    const res = await reorder({
      levels: [
        { id: a.id, order: b.order },
        { id: b.id, order: a.order },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('Levels reordered successfully');
    const after = await levels.list();
    expect(after.map((l) => l.name)).toEqual([...before.slice(0, -2).map((l) => l.name), b.name, a.name]);
    const audit = await t.callAsAdmin({ method: 'GET', url: '/api/audit' });
    expect(JSON.stringify(audit.envelope.data)).toContain(`${b.name}.order`);

    const unknown = await reorder({ levels: [{ id: 999999, order: 0 }] });
    expect(unknown.statusCode).toBe(400);
    expect(await levels.list()).toEqual(after);
    const viewer = await t.createUser({ showSettings: true });
    const refused = await reorder({ levels: [{ id: a.id, order: 0 }] }, viewer.token);
    expect(refused.statusCode).toBe(403);
    expect(await levels.list()).toEqual(after);
  });

  it('refuses to delete a level that employees or base salaries use, naming them (409), and keeps it', async () => {
    const used = await createLevel('In use');
    const grade = await t.newGrade();
    await t.newBaseSalary(grade.id, used.id, 3000);
    await t.newBaseSalary((await t.newGrade()).id, used.id, 3100);
    const bySalary = await levels.delete(used.id);
    expect(bySalary.statusCode).toBe(409);
    expect(bySalary.envelope).toMatchObject({
      error: 'CONFLICT',
      message: 'Cannot delete level "In use": 2 base salaries use it',
    });
    const job = await t.newJob();
    const position = await t.newPosition(job.id);
    await t.newEmployee({ jobId: job.id, positionId: position.id, gradeId: grade.id, levelId: used.id });
    const byBoth = await levels.delete(used.id);
    expect(byBoth.statusCode).toBe(409);
    expect(byBoth.envelope.message).toBe(
      'Cannot delete level "In use": 1 employee is assigned to it and 2 base salaries use it',
    );
    expect((await levels.list()).some((l) => l.id === used.id)).toBe(true);
  });

  it('deletes a level nothing uses', async () => {
    const spare = await createLevel('Spare');
    const res = await levels.delete(spare.id);
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('Level deleted successfully');
    expect((await levels.list()).some((l) => l.id === spare.id)).toBe(false);
  });

  it('refuses writes without manageSettings (403), changes nothing, and needs a token (401)', async () => {
    const level = await createLevel('Staff');
    const viewer = await t.createUser({ showSettings: true, showSalary: true, showCost: true });
    await expectRefused(t, viewer.token, [
      { method: 'POST', url: '/api/levels', payload: { name: 'Sneaky' } },
      { method: 'PUT', url: `/api/levels/${level.id}`, payload: { name: 'Renamed' } },
      { method: 'DELETE', url: `/api/levels/${level.id}` },
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
      '/api/levels/reorder': ['post'],
      '/api/levels/{id}': ['delete', 'put'],
    });
  });
});
