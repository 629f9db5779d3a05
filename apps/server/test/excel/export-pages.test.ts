import { type Actor, NO_PERMISSIONS } from '@salary/shared/common/permissions';
import type { EmployeeFilters, EmployeeView } from '@salary/shared/employees/employee.contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { AppError } from '../../src/lib/app-error.ts';
import { createTokenService } from '../../src/lib/tokens.ts';
import type { EmployeesService } from '../../src/modules/employees/employees.service.ts';
import { buildServices } from '../../src/services.ts';
import { newCompany, newEmployee, newFactor, newGrade, newLevel } from '../support/factories.ts';
import { createTestDatabase } from '../support/test-database.ts';

/*
 * The export reads the list a page at a time (keyset by id) so its memory stays flat: for
 * every filter and every kind of user, the pages together are exactly the list, also when
 * pages end in the middle of what a salary filter keeps or drops.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let service: EmployeesService;
let gradeId: number;

const actor = (permissions: Partial<Actor['permissions']>, isAdmin = false): Actor => ({
  id: 1,
  isAdmin,
  permissions: { ...NO_PERMISSIONS, ...permissions },
});

async function paged(who: Actor, filters: EmployeeFilters, pageSize: number): Promise<EmployeeView[]> {
  const out: EmployeeView[] = [];
  for await (const e of service.listInPages(who, filters, pageSize)) out.push(e);
  return out;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const c = await newCompany(database.db, 4000);
  await newFactor(database.db, c.job.id, c.otherPosition.id, 'PERCENTAGE', 0.1);
  // An employee of a grade and level with no base salary: listed unpriced.
  const unpricedGrade = await newGrade(database.db);
  const unpricedLevel = await newLevel(database.db);
  gradeId = c.grade.id;
  for (let i = 0; i < 23; i++)
    await newEmployee(database.db, {
      jobId: c.job.id,
      positionId: i % 3 ? c.position.id : c.otherPosition.id,
      gradeId: i === 7 ? unpricedGrade.id : c.grade.id,
      levelId: i === 7 ? unpricedLevel.id : c.level.id,
      yearsExperience: i,
      remote: i % 2 === 0,
    });
  // The composition root on its own, as the app builds it (no HTTP needed here).
  service = buildServices(database.db, {
    config: loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
    tokens: createTokenService('test-secret-that-is-long-enough-for-hs256-signing'),
    lifetimes: { idleSeconds: 3600, maxSeconds: 86_400 },
    log: pino({ level: 'silent' }),
  }).employees;
});
afterAll(async () => database.close());

describe('listInPages', () => {
  it.each<[string, Actor, EmployeeFilters]>([
    ['an admin, everything', actor({}, true), {}],
    ['a user without money permissions', actor({}), {}],
    ['a user who sees salaries, by grade', actor({ showSalary: true }), { gradeId: 0 }],
    ['a user who sees costs only', actor({ showCost: true }), {}],
    ['an admin, a salary range', actor({}, true), { salaryFrom: 4100, salaryTo: 4500 }],
  ])('%s: the pages are the list', async (_label, who, filters) => {
    const resolved = filters.gradeId === 0 ? { ...filters, gradeId } : filters;
    const whole = await service.list(who, resolved);
    expect(whole.length).toBeGreaterThan(0);
    for (const pageSize of [1, 4, 23, 5000]) expect(await paged(who, resolved, pageSize)).toEqual(whole);
  });

  it('refuses a salary filter to a user without showSalary before reading anything', () => {
    expect(() => service.listInPages(actor({ showCost: true }), { salaryFrom: 1 })).toThrow(AppError);
  });
});
