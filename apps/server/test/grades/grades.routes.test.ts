import type { Grade } from '@salary/shared/grades/grades.contract';
import { describe, expect, it } from 'vitest';
import { expectAnswered, expectConflict, testAppForFile } from '../support/helper.ts';
import { expectDocumented, expectFieldProblems, expectRefused, rulesApi } from '../support/rules-api.ts';

const t = testAppForFile();

const grades = rulesApi<Grade>(() => t, '/api/grades');
const createGrade = (payload: { name: string; order?: number }) => grades.create(payload);
const listGrades = (token?: string) => grades.list(token);
const reorder = (payload: object, token = t.adminToken) =>
  t.call<Grade[]>({ method: 'POST', url: '/api/grades/reorder', token, payload });

// The tests build on each other: one list of grades, as a person would grow it.
describe('grades API', () => {
  let junior: Grade;
  let middle: Grade;
  let senior: Grade;

  it('gives a new grade the current number of grades as its order, so it goes last', async () => {
    const first = await grades.post({ name: 'Junior' });
    expectAnswered(first, 201, 'Grade created successfully', {
      id: expect.any(Number),
      name: 'Junior',
      order: 0,
      version: expect.any(Number),
    });
    junior = first.envelope.data;
    middle = await createGrade({ name: 'Middle' });
    senior = await createGrade({ name: 'Senior' });
    expect([middle.order, senior.order]).toEqual([1, 2]);
  });

  it('keeps an explicit order and lists grades by order, then creation, to any signed-in user', async () => {
    const intern = await createGrade({ name: 'Intern', order: 0 });
    expect(intern.order).toBe(0);
    const { token } = await t.createUser();
    expect(await listGrades(token)).toEqual([
      { id: junior.id, name: 'Junior', order: 0, version: expect.any(Number) },
      { id: intern.id, name: 'Intern', order: 0, version: expect.any(Number) },
      { id: middle.id, name: 'Middle', order: 1, version: expect.any(Number) },
      { id: senior.id, name: 'Senior', order: 2, version: expect.any(Number) },
    ]);
    // Clean the tie up for the tests below: Intern first.
    const tidy = await reorder({
      grades: [
        { id: intern.id, order: 0 },
        { id: junior.id, order: 1 },
        { id: middle.id, order: 2 },
        { id: senior.id, order: 3 },
      ],
    });
    expect(tidy.statusCode).toBe(200);
  });

  it('validates name and order', async () => {
    for (const [payload, field, message] of [
      [{}, 'name', 'Name is required'],
      [{ name: '  ' }, 'name', 'Name is required'],
      [{ name: 'y'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
      [{ name: 'Lead', order: -1 }, 'order', 'Order must be 0 or more'],
      [{ name: 'Lead', order: 1.5 }, 'order', 'Order must be a whole number'],
      [{ name: 'Lead', order: 'first' }, 'order', 'Order must be a number'],
    ] as const) {
      const res = await grades.post(payload);
      expectFieldProblems(res, [{ field, message }], { context: JSON.stringify(payload) });
    }
    const empty = await grades.put(junior.id, {});
    expectFieldProblems(empty, [{ field: 'name', message: 'Name or Order is required' }]);
  });

  it('refuses a duplicate grade name in any letter case', async () => {
    const res = await grades.post({ name: 'SENIOR' });
    expect(res.statusCode).toBe(409);
    expect(res.envelope.message).toBe('A grade named "Senior" already exists');
    const rename = await grades.put(middle.id, { name: 'junior' });
    expect(rename.statusCode).toBe(409);
    expect(rename.envelope.message).toBe('A grade named "Junior" already exists');
    expect((await listGrades()).map((g) => g.name)).toEqual(['Intern', 'Junior', 'Middle', 'Senior']);
  });

  it('updates a name, an order, or both', async () => {
    const renamed = await grades.put(middle.id, { name: 'Mid-level' });
    expectAnswered(renamed, 200, 'Grade updated successfully', {
      id: middle.id,
      name: 'Mid-level',
      order: 2,
      version: expect.any(Number),
    });

    const moved = await grades.put(senior.id, { order: 10 });
    expect(moved.envelope.data).toEqual({
      id: senior.id,
      name: 'Senior',
      order: 10,
      version: expect.any(Number),
    });

    const both = await grades.put(middle.id, { name: 'Middle', order: 2 });
    expect(both.envelope.data).toEqual({
      id: middle.id,
      name: 'Middle',
      order: 2,
      version: expect.any(Number),
    });
  });

  it('swaps two adjacent grades through reorder and answers the new list', async () => {
    const before = await listGrades();
    const pairs = before.map((g) => ({ id: g.id, order: g.order }));
    // What the Grades screen does on "move down" for Junior (index 1).
    const a = pairs[1]!;
    const b = pairs[2]!;
    [a.order, b.order] = [b.order, a.order];
    const res = await reorder({ grades: pairs });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('Grades reordered successfully');
    expect(res.envelope.data.map((g) => g.name)).toEqual(['Intern', 'Middle', 'Junior', 'Senior']);
    expect(await listGrades()).toEqual(res.envelope.data);
  });

  it('reorders all or nothing: an unknown or repeated id changes no order', async () => {
    const before = await listGrades();
    const reversed = before.map((g, i) => ({ id: g.id, order: before.length - i }));

    const unknown = await reorder({ grades: [...reversed, { id: 999999, order: 0 }] });
    expectFieldProblems(unknown, [
      { field: `grades.${reversed.length}.id`, message: 'Grade 999999 not found' },
    ]);
    expect(unknown.envelope.message).toBe('Grade not found');
    expect(await listGrades()).toEqual(before);

    const repeated = await reorder({ grades: [...reversed, { id: before[0]!.id, order: 7 }] });
    expectFieldProblems(repeated, [
      { field: `grades.${reversed.length}.id`, message: `Grade ${before[0]!.id} appears more than once` },
    ]);
    expect(await listGrades()).toEqual(before);

    for (const payload of [{}, { grades: [] }, { grades: [{ id: before[0]!.id }] }]) {
      const res = await reorder(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await listGrades()).toEqual(before);
  });

  it('answers 404 for an unknown grade and 400 for a non-numeric id', async () => {
    await grades.expectNotFound('Grade', { name: 'X' });
    expect((await grades.put('one', { name: 'X' })).statusCode).toBe(400);
  });

  it('refuses to delete a grade that employees or base salaries use, naming them (409), and keeps it', async () => {
    const used = await createGrade({ name: 'Used' });
    const level = await t.newLevel();
    await t.newBaseSalary(used.id, level.id, 3000);
    const bySalary = await grades.delete(used.id);
    expectConflict(bySalary, 'Cannot delete grade "Used": 1 base salary uses it');
    const job = await t.newJob();
    const position = await t.newPosition(job.id);
    await t.newEmployee({ jobId: job.id, positionId: position.id, gradeId: used.id, levelId: level.id });
    await t.newEmployee({ jobId: job.id, positionId: position.id, gradeId: used.id, levelId: level.id });
    const byBoth = await grades.delete(used.id);
    expect(byBoth.statusCode).toBe(409);
    expect(byBoth.envelope.message).toBe(
      'Cannot delete grade "Used": 2 employees are assigned to it and 1 base salary uses it',
    );
    expect((await listGrades()).some((g) => g.id === used.id)).toBe(true);
  });

  it('deletes a grade nothing uses, and the audit log records it', async () => {
    const spare = await createGrade({ name: 'Spare' });
    const res = await grades.delete(spare.id);
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('Grade deleted successfully');
    expect((await listGrades()).some((g) => g.id === spare.id)).toBe(false);
    const audit = await t.callAsAdmin({ method: 'GET', url: '/api/audit' });
    expect(JSON.stringify(audit.envelope.data)).toContain('Grade Spare');
  });

  it('refuses writes without manageSettings (403), changes nothing, and needs a token (401)', async () => {
    const before = await listGrades();
    const viewer = await t.createUser({ showSettings: true });
    await expectRefused(t, viewer.token, [
      { method: 'POST', url: '/api/grades', payload: { name: 'Sneaky' } },
      { method: 'PUT', url: `/api/grades/${junior.id}`, payload: { name: 'Renamed' } },
      { method: 'POST', url: '/api/grades/reorder', payload: { grades: [{ id: junior.id, order: 99 }] } },
      { method: 'DELETE', url: `/api/grades/${junior.id}` },
    ]);
    expect(await listGrades(viewer.token)).toEqual(before);
    const manager = await t.createUser({ manageSettings: true });
    const created = await grades.post({ name: 'Lead' }, manager.token);
    expect(created.statusCode).toBe(201);
    expect((created.envelope.data as Grade).order).toBe(before.length);
    expect((await t.call({ method: 'GET', url: '/api/grades' })).statusCode).toBe(401);
    const anonymous = { grades: [{ id: 1, order: 0 }] };
    expect(
      (await t.call({ method: 'POST', url: '/api/grades/reorder', payload: anonymous })).statusCode,
    ).toBe(401);
  });
  it('describes its calls in the OpenAPI document at /api/docs', async () => {
    await expectDocumented(t, 'grades', {
      '/api/grades': ['get', 'post'],
      '/api/grades/reorder': ['post'],
      '/api/grades/{id}': ['delete', 'put'],
    });
  });
});
