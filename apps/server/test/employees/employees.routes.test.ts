import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEmployee, PLACE_REQUIRED } from '../support/employee-forms.ts';
import { type Company, newBenefit, newCustomMultiplier } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

let t: TestContext;
let c: Company;
let grade2: { id: number };
let level2: { id: number };
let tokens: Record<'plain' | 'salary' | 'cost' | 'manage' | 'remover', string>;

beforeAll(async () => {
  t = await buildTestApp();
  c = await t.newCompany(4000);
  grade2 = await t.newGrade();
  level2 = await t.newLevel();
  await t.newBaseSalary(grade2.id, c.level.id, 6000);
  await t.setSettings({
    experienceMultiplier: 1,
    benefits: [newBenefit()],
    customMultipliers: [newCustomMultiplier()],
    socialInsuranceEnabled: true,
    socialInsuranceType: 'COMPANY_FULL',
    totalInsurancePercentage: 10,
    companyInsurancePercentage: 100,
  });
  tokens = {
    plain: (await t.createUser()).token,
    salary: (await t.createUser({ showSalary: true })).token,
    cost: (await t.createUser({ showCost: true })).token,
    manage: (await t.createUser({ manageEmployee: true })).token,
    remover: (await t.createUser({ deleteEmployee: true })).token,
  };
});
afterAll(async () => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  technologyId: c.job.id,
  specializationId: c.position.id,
  gradeId: c.grade.id,
  levelId: c.level.id,
  yearsExperience: 5,
  yearsWithCompany: 2,
  offshoreProject: false,
  actingAsDifferentGrade: false,
  pillar: true,
  remote: true,
  customMultipliers: JSON.stringify(['cm_oncall']),
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  return addEmployee(t, form(overrides));
}

describe('employees CRUD', () => {
  it('creates, reads, updates and deletes with the spec shapes', async () => {
    const created = await t.call<EmployeeView>({
      method: 'POST',
      url: '/api/employees',
      token: tokens.manage,
      payload: form(),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.envelope.message).toBe('Employee created successfully');
    const e = created.envelope.data;
    expect(e).toMatchObject({
      name: 'Ada Lovelace',
      technologyId: c.job.id,
      specializationId: c.position.id,
      technology: { name: c.job.name },
      position: { name: c.position.name },
      grade: { name: c.grade.name },
      level: { name: c.level.name },
      yearsExperience: 5,
      yearsWithCompany: 2,
      pillar: true,
      remote: true,
      customMultipliers: ['cm_oncall'],
    });
    // manageEmployee alone sees no salary figures: the keys are absent, not null.
    expect(e).not.toHaveProperty('calculatedSalary');
    expect(e).not.toHaveProperty('accumulatedCost');

    const read = await t.callAsAdmin<EmployeeView>({ method: 'GET', url: `/api/employees/${e.id}` });
    // 4000 + experience 1% × 5 = 200 + on-call $250 = 4450; cost = 4450 + 100 + 10% SI 445 = 4995.
    expect(read.envelope.data).toMatchObject({ calculatedSalary: 4450, accumulatedCost: 4995 });

    const updated = await t.call<EmployeeView>({
      method: 'PUT',
      url: `/api/employees/${e.id}`,
      token: tokens.manage,
      payload: form({ name: 'Ada King', gradeId: grade2.id, customMultipliers: '[]', yearsExperience: 0 }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.envelope.message).toBe('Employee updated successfully');
    const after = await t.callAsAdmin<EmployeeView>({ method: 'GET', url: `/api/employees/${e.id}` });
    expect(after.envelope.data).toMatchObject({
      name: 'Ada King',
      gradeId: grade2.id,
      customMultipliers: [],
      calculatedSalary: 6000,
    });

    const deleted = await t.call({ method: 'DELETE', url: `/api/employees/${e.id}`, token: tokens.remover });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.envelope.message).toBe('Employee deleted successfully');
    expect((await t.callAsAdmin({ method: 'GET', url: `/api/employees/${e.id}` })).statusCode).toBe(404);
  });

  it('needs manageEmployee to create or update and deleteEmployee to delete', async () => {
    const e = await create();
    for (const token of [tokens.plain, tokens.salary, tokens.remover]) {
      expect(
        (await t.call({ method: 'POST', url: '/api/employees', token, payload: form() })).statusCode,
      ).toBe(403);
      expect(
        (await t.call({ method: 'PUT', url: `/api/employees/${e.id}`, token, payload: form() })).statusCode,
      ).toBe(403);
    }
    for (const token of [tokens.plain, tokens.manage, tokens.salary])
      expect((await t.call({ method: 'DELETE', url: `/api/employees/${e.id}`, token })).statusCode).toBe(403);
    const still = await t.call<EmployeeView>({
      method: 'GET',
      url: `/api/employees/${e.id}`,
      token: tokens.plain,
    });
    expect(still.envelope.data.name).toBe('Ada Lovelace');
    expect((await t.call({ method: 'GET', url: '/api/employees' })).statusCode).toBe(401);
  });

  it('validates the form: required fields, years ≥ 0, position of the job, known custom multipliers', async () => {
    const empty = await t.callAsAdmin({ method: 'POST', url: '/api/employees', payload: {} });
    expect(empty.statusCode).toBe(400);
    for (const m of [
      'Name is required',
      ...PLACE_REQUIRED,
      'Years of Experience is required',
      'Years with Company is required',
    ])
      expect(empty.envelope.message).toContain(m);

    const negative = await t.callAsAdmin({
      method: 'POST',
      url: '/api/employees',
      payload: form({ yearsWithCompany: -1 }),
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.envelope.message).toContain('Years with Company cannot be negative');

    const otherJob = await t.newJob();
    const foreign = await t.newPosition(otherJob.id);
    const mismatch = await t.callAsAdmin({
      method: 'POST',
      url: '/api/employees',
      payload: form({ specializationId: foreign.id }),
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.envelope.data).toEqual({
      fields: [{ field: 'specializationId', message: 'Position does not belong to the selected job' }],
    });

    const unknown = await t.callAsAdmin({
      method: 'POST',
      url: '/api/employees',
      payload: form({ customMultipliers: '["cm_nope"]' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.envelope.message).toBe('Unknown custom multiplier: cm_nope');

    const missingGrade = await t.callAsAdmin({
      method: 'POST',
      url: '/api/employees',
      payload: form({ gradeId: 999999 }),
    });
    expect(missingGrade.statusCode).toBe(400);
    expect(missingGrade.envelope.message).toBe('Grade not found');
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await t.callAsAdmin({ method: 'GET', url: '/api/employees/999999' })).statusCode).toBe(404);
    expect(
      (await t.callAsAdmin({ method: 'PUT', url: '/api/employees/999999', payload: form() })).statusCode,
    ).toBe(404);
    expect((await t.callAsAdmin({ method: 'DELETE', url: '/api/employees/999999' })).statusCode).toBe(404);
    expect((await t.callAsAdmin({ method: 'GET', url: '/api/employees/1.5' })).statusCode).toBe(400);
  });
});

describe('GET /api/employees', () => {
  let ids: { a: number; b: number; c: number; orphan: number };
  beforeAll(async () => {
    const base = { jobId: c.job.id, gradeId: c.grade.id, levelId: c.level.id };
    ids = {
      a: await t.newEmployee({ ...base, positionId: c.position.id, name: 'Filter A' }),
      b: await t.newEmployee({
        ...base,
        positionId: c.otherPosition.id,
        gradeId: grade2.id,
        name: 'Filter B',
      }),
      c: await t.newEmployee({ ...base, positionId: c.position.id, yearsExperience: 10, name: 'Filter C' }),
      // No base salary for (grade, level2): priced as null, never a failed list.
      orphan: await t.newEmployee({
        ...base,
        positionId: c.position.id,
        levelId: level2.id,
        name: 'Filter Orphan',
      }),
    };
  });

  const list = async (query: string, token = t.adminToken) => {
    const res = await t.call<EmployeeView[]>({ method: 'GET', url: `/api/employees${query}`, token });
    return res;
  };
  const names = (rows: EmployeeView[]) => rows.map((r) => r.name).filter((n) => n.startsWith('Filter'));

  it('lists everyone ordered by id with live figures for an admin; null where no base salary exists', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    expect(res.envelope.success).toBe(true);
    const rows = res.envelope.data;
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((x, y) => x - y));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids.a)).toMatchObject({ calculatedSalary: 4000, accumulatedCost: 4500 });
    expect(byId.get(ids.c)).toMatchObject({ calculatedSalary: 4400 });
    expect(byId.get(ids.orphan)).toMatchObject({ calculatedSalary: null, accumulatedCost: null });
  });

  it('filters by technologyId, positionId, gradeId and levelId', async () => {
    expect(
      names((await list(`?technologyId=${c.job.id}&positionId=${c.otherPosition.id}`)).envelope.data),
    ).toEqual(['Filter B']);
    expect(names((await list(`?gradeId=${grade2.id}`)).envelope.data)).toEqual(['Filter B']);
    expect(names((await list(`?levelId=${level2.id}`)).envelope.data)).toEqual(['Filter Orphan']);
    expect(names((await list(`?technologyId=999999`)).envelope.data)).toEqual([]);
    expect(names((await list(`?technologyId=&gradeId=`)).envelope.data)).toContain('Filter A');
  });

  it('filters by salary range (inclusive) for users who may see salaries, skipping unpriced employees', async () => {
    const res = await list('?salaryFrom=4400&salaryTo=6000', tokens.salary);
    expect(res.statusCode).toBe(200);
    expect(names(res.envelope.data).sort()).toEqual(['Filter B', 'Filter C']);
    const bad = await list('?salaryFrom=5000&salaryTo=100');
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.message).toBe('Salary From cannot be greater than Salary To');
  });

  it('refuses a name search that is too long, with a message', async () => {
    const res = await t.callAsAdmin({ method: 'GET', url: `/api/employees?name=${'a'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Search by Name is too long');
  });

  it('answers 403 to salary filters without showSalary', async () => {
    const res = await list('?salaryFrom=1', tokens.cost);
    expect(res.statusCode).toBe(403);
    expect(res.envelope.message).toBe('You do not have permission to filter by salary');
  });

  it('strips salary and cost keys by permission', async () => {
    const plain = (await list('', tokens.plain)).envelope.data;
    const salary = (await list('', tokens.salary)).envelope.data;
    const cost = (await list('', tokens.cost)).envelope.data;
    expect(plain.length).toBeGreaterThan(0);
    for (const r of plain) {
      expect(r).not.toHaveProperty('calculatedSalary');
      expect(r).not.toHaveProperty('accumulatedCost');
    }
    for (const r of salary) {
      expect(r).toHaveProperty('calculatedSalary');
      expect(r).not.toHaveProperty('accumulatedCost');
    }
    for (const r of cost) {
      expect(r).not.toHaveProperty('calculatedSalary');
      expect(r).toHaveProperty('accumulatedCost');
    }
    const single = await t.call({ method: 'GET', url: `/api/employees/${ids.a}`, token: tokens.plain });
    expect(single.body).not.toMatch(/calculatedSalary|accumulatedCost/);
  });

  it('lists the same salary that POST /api/calculate gives for the profile with all benefits', async () => {
    const e = await create({ yearsExperience: 7, yearsWithCompany: 3, offshoreProject: true });
    const listed = (await list('')).envelope.data.find((r) => r.id === e.id)!;
    const calc = await t.callAsAdmin<{ calculatedSalary: number; details: { totalCost: number } }>({
      method: 'POST',
      url: '/api/calculate',
      payload: {
        jobId: e.technologyId,
        positionId: e.specializationId,
        gradeId: e.gradeId,
        levelId: e.levelId,
        yearsExperience: 7,
        yearsWithCompany: 3,
        offshoreProject: true,
        pillar: true,
        remote: true,
        customMultipliers: JSON.stringify([{ title: 'On call', type: 'FIXED', value: 250, checked: true }]),
      },
    });
    expect(calc.statusCode, calc.body).toBe(200);
    expect(listed.calculatedSalary).toBe(calc.envelope.data.calculatedSalary);
    expect(listed.accumulatedCost).toBe(calc.envelope.data.details.totalCost);
  });
});
