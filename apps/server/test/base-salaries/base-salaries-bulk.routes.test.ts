import type { BaseSalary, BulkBaseSalariesResult } from '@salary/shared/base-salaries/base-salaries.contract';
import type { FieldProblem } from '@salary/shared/common/envelope';
import type { Permissions } from '@salary/shared/common/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';

let t: TestContext;
let grades: { id: number; name: string }[];
let levels: { id: number; name: string }[];

const URL = '/api/base-salary/bulk';
const save = (cells: unknown[], token = t.adminToken) =>
  t.call<BulkBaseSalariesResult>({ method: 'POST', url: URL, token, payload: { cells } });
const stored = async () => {
  const res = await t.callAsAdmin<BaseSalary[]>({ method: 'GET', url: '/api/base-salary' });
  return new Map(res.envelope.data.map((b) => [`${b.gradeId}:${b.levelId}`, b.amount]));
};

beforeAll(async () => {
  t = await buildTestApp();
  grades = [];
  for (let i = 0; i < 5; i += 1) grades.push(await t.newGrade(`Bulk G${i + 1}`, i));
  levels = [];
  for (let i = 0; i < 3; i += 1) levels.push(await t.newLevel(`Bulk L${i + 1}`));
  await t.newBaseSalary(grades[0]!.id, levels[0]!.id, 1000);
  await t.newBaseSalary(grades[0]!.id, levels[1]!.id, 1100);
});
afterAll(async () => t.close());

describe('POST /base-salary/bulk', () => {
  it('writes a whole 5 × 3 matrix in one call: new cells created, changed ones updated, null cleared', async () => {
    const cells = grades.flatMap((g, gi) =>
      levels.map((l, li) => ({ gradeId: g.id, levelId: l.id, amount: 3000 + gi * 1000 + li * 250.5 })),
    );
    // G1/L1 keeps its amount? No: 3000 ≠ 1000, so updated; G1/L2 cleared instead of set.
    cells[1] = { gradeId: grades[0]!.id, levelId: levels[1]!.id, amount: null } as never;
    const res = await save(cells);
    expect(res.statusCode).toBe(200);
    expect(res.envelope.message).toBe('Base salaries saved successfully');
    expect(res.envelope.data).toMatchObject({ created: 13, updated: 1, deleted: 1 });
    const after = await stored();
    expect(after.get(`${grades[4]!.id}:${levels[2]!.id}`)).toBe(7501);
    expect(after.get(`${grades[0]!.id}:${levels[0]!.id}`)).toBe(3000);
    expect(after.has(`${grades[0]!.id}:${levels[1]!.id}`)).toBe(false);
    expect(res.envelope.data.baseSalaries).toHaveLength(after.size);
  });

  it('refuses the whole save when one cell is bad, names that cell, and writes nothing', async () => {
    const before = await stored();
    const res = await save([
      { gradeId: grades[1]!.id, levelId: levels[0]!.id, amount: 9999 },
      { gradeId: grades[1]!.id, levelId: levels[1]!.id, amount: -5 },
      { gradeId: grades[1]!.id, levelId: levels[2]!.id, amount: 1.005 },
    ]);
    expect(res.statusCode).toBe(400);
    const fields = (res.envelope.data as unknown as { fields: FieldProblem[] }).fields;
    expect(fields.map((f) => f.field).sort()).toEqual(['cells.1.amount', 'cells.2.amount']);
    expect(fields.find((f) => f.field === 'cells.1.amount')?.message).toBe(
      'Base Salary Amount must be 0 or more',
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses unknown grades or levels and a cell given twice, naming each, writing nothing', async () => {
    const before = await stored();
    const res = await save([
      { gradeId: grades[2]!.id, levelId: levels[0]!.id, amount: 1 },
      { gradeId: 999_999, levelId: levels[0]!.id, amount: 1 },
      { gradeId: grades[2]!.id, levelId: 999_998, amount: 1 },
      { gradeId: grades[2]!.id, levelId: levels[0]!.id, amount: 2 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.envelope.message).toBe('3 cells were refused; nothing was saved');
    const fields = (res.envelope.data as unknown as { fields: FieldProblem[] }).fields;
    expect(fields).toEqual([
      { field: 'cells.1.gradeId', message: 'Grade not found' },
      { field: 'cells.2.levelId', message: 'Level not found' },
      { field: 'cells.3.amount', message: 'This grade and level appear twice in one save' },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('is refused to every permission set without manageSettings, and reveals no amount', async () => {
    const keys: (keyof Permissions)[] = [
      'showSettings',
      'showSalary',
      'showCost',
      'manageEmployee',
      'deleteEmployee',
    ];
    const before = await stored();
    // Every subset of the other five permissions.
    for (let mask = 0; mask < 1 << keys.length; mask += 1) {
      const permissions = Object.fromEntries(keys.map((k, i) => [k, Boolean(mask & (1 << i))]));
      const { token } = await t.createUser(permissions);
      const res = await save([{ gradeId: grades[3]!.id, levelId: levels[0]!.id, amount: 123456 }], token);
      expect(res.statusCode, JSON.stringify(permissions)).toBe(403);
      expect(res.body).not.toContain('7501');
    }
    const { token } = await t.createUser({ manageSettings: true });
    expect(
      (await save([{ gradeId: grades[3]!.id, levelId: levels[0]!.id, amount: 4000 }], token)).statusCode,
    ).toBe(200);
    expect((await stored()).get(`${grades[3]!.id}:${levels[0]!.id}`)).toBe(4000);
    expect(before.get(`${grades[3]!.id}:${levels[0]!.id}`)).not.toBe(4000);
  });

  it('answers 401 without a session', async () => {
    const res = await t.call({ method: 'POST', url: URL, payload: { cells: [] } });
    expect(res.statusCode).toBe(401);
  });
});
