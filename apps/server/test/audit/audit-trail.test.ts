import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { auditEntries } from '../../src/db/schema.ts';
import { IMPORT_HEADER, upload, xlsxOf } from '../excel/excel-files.ts';
import {
  countRows,
  newBaseSalary,
  newCompany,
  newEmployee,
  newFactor,
  newGrade,
  newJob,
  newLevel,
  newPosition,
} from '../support/factories.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  buildTestApp,
  type TestContext,
  USER_PASSWORD,
} from '../support/helper.ts';

/*
 * Complete by construction, checked over the real route table: every write route the app
 * registers (collected with onRoute) must have a case here, or the test fails naming it.
 * Each case is called once as an administrator (exactly one audit entry, the actor's id and
 * email on it) and once in a way that fails (no entry at all).
 */

type Request = InjectOptions & { url: string };

interface WriteCase {
  /** A successful call (fresh records, built on the database). */
  ok(db: Db, t: TestContext): Promise<Request & { token?: string }>;
  /** A call that fails: the write must leave no entry. */
  fail(db: Db, t: TestContext): Promise<Request & { token?: string }>;
  entityType: string;
  action: string;
}

let seq = 0;
const unique = (p: string) => `${p} ${++seq}-${Math.random().toString(36).slice(2, 7)}`;

async function employeeForm(db: Db) {
  const c = await newCompany(db, 3000);
  return {
    name: unique('Person'),
    technologyId: c.job.id,
    specializationId: c.position.id,
    gradeId: c.grade.id,
    levelId: c.level.id,
    yearsExperience: 1,
    yearsWithCompany: 1,
  };
}

async function existingEmployee(db: Db) {
  const c = await newCompany(db, 3000);
  return newEmployee(db, {
    jobId: c.job.id,
    positionId: c.position.id,
    gradeId: c.grade.id,
    levelId: c.level.id,
  });
}

const MISSING = 999_999;

/** Imports one new employee through the route as the administrator: its entry id and the employee's. */
async function importedOne(db: Db, t: TestContext): Promise<{ entryId: number; employeeId: number }> {
  const c = await newCompany(db, 3000);
  const row = [
    '',
    unique('Imported'),
    c.job.name,
    c.position.name,
    c.grade.name,
    c.level.name,
    1,
    1,
    'No',
    'No',
    'No',
    'No',
  ];
  const res = await t.call({
    method: 'POST',
    url: '/api/employees/import',
    token: t.adminToken,
    ...upload(await xlsxOf([IMPORT_HEADER, row])),
  });
  if (res.statusCode !== 200) throw new Error(`import failed: ${res.body}`);
  const page = await t.call<{ entries: { id: number; details: { employees: { id: number }[] } }[] }>({
    method: 'GET',
    url: '/api/audit?entityType=import&limit=1',
    token: t.adminToken,
  });
  const entry = page.envelope.data.entries[0]!;
  return { entryId: entry.id, employeeId: entry.details.employees[0]!.id };
}

async function plainUser(t: TestContext) {
  return (await t.createUser({}, { email: `${unique('u').replace(/\W/g, '')}@example.com` })).user.id;
}

/** Routes that write only sessions (sign-in/out): no entry, by design (config.audit false or writeScope none). */
const SESSION_ONLY = new Set(['POST /api/auth/login', 'POST /api/auth/logout', 'DELETE /api/auth/sessions']);
/** POST routes that compute and write nothing. */
const READS = new Set(['POST /api/calculate', 'POST /api/impact']);

const CASES: Record<string, WriteCase> = {
  'POST /api/auth/change-password': {
    entityType: 'user',
    action: 'password',
    ok: async (_db, t) => {
      const { email } = await t.createUser({});
      const token = await t.login(email, USER_PASSWORD);
      return {
        method: 'POST',
        url: '/api/auth/change-password',
        token,
        payload: { currentPassword: USER_PASSWORD, newPassword: 'Lantern-quiet-river-77' },
      };
    },
    fail: async () => ({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'not-my-password', newPassword: 'Lantern-quiet-river-77' },
    }),
  },
  'POST /api/auth/users': {
    entityType: 'user',
    action: 'create',
    ok: async () => ({
      method: 'POST',
      url: '/api/auth/users',
      payload: {
        email: `${unique('n').replace(/\W/g, '')}@example.com`,
        name: 'New',
        password: 'Copper-violet-29',
      },
    }),
    fail: async () => ({
      method: 'POST',
      url: '/api/auth/users',
      payload: { email: ADMIN_EMAIL, name: 'Dup', password: 'Copper-violet-29' },
    }),
  },
  'PUT /api/auth/users/:id': {
    entityType: 'user',
    action: 'update',
    ok: async (_db, t) => ({
      method: 'PUT',
      url: `/api/auth/users/${await plainUser(t)}`,
      payload: { name: 'Renamed', permissions: { showSalary: true } },
    }),
    fail: async () => ({
      method: 'PUT',
      url: `/api/auth/users/${MISSING}`,
      payload: { name: 'X', permissions: {} },
    }),
  },
  'DELETE /api/auth/users/:id': {
    entityType: 'user',
    action: 'delete',
    ok: async (_db, t) => ({ method: 'DELETE', url: `/api/auth/users/${await plainUser(t)}` }),
    fail: async () => ({ method: 'DELETE', url: `/api/auth/users/${MISSING}` }),
  },
  'DELETE /api/auth/users/:id/sessions': {
    entityType: 'user',
    action: 'end-sessions',
    ok: async (_db, t) => ({ method: 'DELETE', url: `/api/auth/users/${await plainUser(t)}/sessions` }),
    fail: async () => ({ method: 'DELETE', url: `/api/auth/users/${MISSING}/sessions` }),
  },
  'POST /api/jobs': {
    entityType: 'job',
    action: 'create',
    ok: async () => ({ method: 'POST', url: '/api/jobs', payload: { name: unique('Job') } }),
    fail: async (db) => ({ method: 'POST', url: '/api/jobs', payload: { name: (await newJob(db)).name } }),
  },
  'PUT /api/jobs/:id': {
    entityType: 'job',
    action: 'update',
    ok: async (db) => ({
      method: 'PUT',
      url: `/api/jobs/${(await newJob(db)).id}`,
      payload: { name: unique('Job') },
    }),
    fail: async () => ({ method: 'PUT', url: `/api/jobs/${MISSING}`, payload: { name: unique('Job') } }),
  },
  'DELETE /api/jobs/:id': {
    entityType: 'job',
    action: 'delete',
    ok: async (db) => ({ method: 'DELETE', url: `/api/jobs/${(await newJob(db)).id}` }),
    // Refused while an employee holds it: its positions must not go either.
    fail: async (db) => {
      const c = await newCompany(db);
      await newEmployee(db, {
        jobId: c.job.id,
        positionId: c.position.id,
        gradeId: c.grade.id,
        levelId: c.level.id,
      });
      return { method: 'DELETE', url: `/api/jobs/${c.job.id}` };
    },
  },
  'POST /api/positions': {
    entityType: 'position',
    action: 'create',
    ok: async (db) => ({
      method: 'POST',
      url: '/api/positions',
      payload: { name: unique('P'), jobId: (await newJob(db)).id },
    }),
    fail: async () => ({
      method: 'POST',
      url: '/api/positions',
      payload: { name: unique('P'), jobId: MISSING },
    }),
  },
  'PUT /api/positions/:id': {
    entityType: 'position',
    action: 'update',
    ok: async (db) => {
      const job = await newJob(db);
      const p = await newPosition(db, job.id);
      return { method: 'PUT', url: `/api/positions/${p.id}`, payload: { name: unique('P'), jobId: job.id } };
    },
    fail: async (db) => ({
      method: 'PUT',
      url: `/api/positions/${MISSING}`,
      payload: { name: unique('P'), jobId: (await newJob(db)).id },
    }),
  },
  'DELETE /api/positions/:id': {
    entityType: 'position',
    action: 'delete',
    ok: async (db) => ({
      method: 'DELETE',
      url: `/api/positions/${(await newPosition(db, (await newJob(db)).id)).id}`,
    }),
    fail: async () => ({ method: 'DELETE', url: `/api/positions/${MISSING}` }),
  },
  'POST /api/grades': {
    entityType: 'grade',
    action: 'create',
    ok: async () => ({ method: 'POST', url: '/api/grades', payload: { name: unique('G') } }),
    fail: async (db) => ({
      method: 'POST',
      url: '/api/grades',
      payload: { name: (await newGrade(db)).name },
    }),
  },
  'PUT /api/grades/:id': {
    entityType: 'grade',
    action: 'update',
    ok: async (db) => ({
      method: 'PUT',
      url: `/api/grades/${(await newGrade(db)).id}`,
      payload: { name: unique('G') },
    }),
    fail: async () => ({ method: 'PUT', url: `/api/grades/${MISSING}`, payload: { name: unique('G') } }),
  },
  'POST /api/grades/reorder': {
    entityType: 'grade',
    action: 'reorder',
    ok: async (db) => {
      const g = await newGrade(db);
      return {
        method: 'POST',
        url: '/api/grades/reorder',
        payload: { grades: [{ id: g.id, order: 100_000 + g.id }] },
      };
    },
    // One unknown id: the known one must keep its order, and no entry.
    fail: async (db) => {
      const g = await newGrade(db);
      return {
        method: 'POST',
        url: '/api/grades/reorder',
        payload: {
          grades: [
            { id: g.id, order: 200_000 + g.id },
            { id: MISSING, order: 1 },
          ],
        },
      };
    },
  },
  'POST /api/levels': {
    entityType: 'level',
    action: 'create',
    ok: async () => ({ method: 'POST', url: '/api/levels', payload: { name: unique('L') } }),
    fail: async (db) => ({
      method: 'POST',
      url: '/api/levels',
      payload: { name: (await newLevel(db)).name },
    }),
  },
  'PUT /api/levels/:id': {
    entityType: 'level',
    action: 'update',
    ok: async (db) => ({
      method: 'PUT',
      url: `/api/levels/${(await newLevel(db)).id}`,
      payload: { name: unique('L') },
    }),
    fail: async () => ({ method: 'PUT', url: `/api/levels/${MISSING}`, payload: { name: unique('L') } }),
  },
  'POST /api/base-salary': {
    entityType: 'baseSalary',
    action: 'create',
    ok: async (db) => ({
      method: 'POST',
      url: '/api/base-salary',
      payload: { gradeId: (await newGrade(db)).id, levelId: (await newLevel(db)).id, amount: 1000 },
    }),
    fail: async (db) => ({
      method: 'POST',
      url: '/api/base-salary',
      payload: { gradeId: MISSING, levelId: (await newLevel(db)).id, amount: 1000 },
    }),
  },
  'PUT /api/base-salary/:id': {
    entityType: 'baseSalary',
    action: 'update',
    ok: async (db) => {
      const c = await newCompany(db, 1000);
      return {
        method: 'PUT',
        url: `/api/base-salary/${c.baseSalary.id}`,
        payload: { gradeId: c.grade.id, levelId: c.level.id, amount: 1500 },
      };
    },
    fail: async (db) => {
      const g = await newGrade(db);
      const l = await newLevel(db);
      return {
        method: 'PUT',
        url: `/api/base-salary/${MISSING}`,
        payload: { gradeId: g.id, levelId: l.id, amount: 1 },
      };
    },
  },
  'POST /api/base-salary/bulk': {
    entityType: 'baseSalary',
    action: 'bulkSave',
    ok: async (db) => ({
      method: 'POST',
      url: '/api/base-salary/bulk',
      payload: {
        cells: [{ gradeId: (await newGrade(db)).id, levelId: (await newLevel(db)).id, amount: 1200 }],
      },
    }),
    // One unknown grade: the whole grid save is refused, nothing written.
    fail: async (db) => ({
      method: 'POST',
      url: '/api/base-salary/bulk',
      payload: {
        cells: [
          { gradeId: (await newGrade(db)).id, levelId: (await newLevel(db)).id, amount: 1200 },
          { gradeId: MISSING, levelId: (await newLevel(db)).id, amount: 1300 },
        ],
      },
    }),
  },
  'PUT /api/pay-transparency/justifications': {
    entityType: 'payGapJustification',
    action: 'create',
    ok: async () => ({
      method: 'PUT',
      url: '/api/pay-transparency/justifications',
      payload: {
        categoryKind: 'grade',
        categoryKey: String(Math.floor(Math.random() * 1e6)),
        text: 'Seniority',
      },
    }),
    fail: async () => ({
      method: 'PUT',
      url: '/api/pay-transparency/justifications',
      payload: { categoryKind: 'grade', categoryKey: '1', text: '   ' },
    }),
  },
  'DELETE /api/base-salary/:id': {
    entityType: 'baseSalary',
    action: 'delete',
    ok: async (db) => ({
      method: 'DELETE',
      url: `/api/base-salary/${(await newBaseSalary(db, (await newGrade(db)).id, (await newLevel(db)).id, 1000)).id}`,
    }),
    fail: async () => ({ method: 'DELETE', url: `/api/base-salary/${MISSING}` }),
  },
  'POST /api/adjustment-factors': {
    entityType: 'adjustmentFactor',
    action: 'create',
    ok: async (db) => {
      const job = await newJob(db);
      const p = await newPosition(db, job.id);
      return {
        method: 'POST',
        url: '/api/adjustment-factors',
        payload: { jobId: job.id, positionId: p.id, factor: 0.1, type: 'PERCENTAGE' },
      };
    },
    fail: async (db) => {
      const job = await newJob(db);
      const other = await newPosition(db, (await newJob(db)).id);
      return {
        method: 'POST',
        url: '/api/adjustment-factors',
        payload: { jobId: job.id, positionId: other.id, factor: 0.1, type: 'PERCENTAGE' },
      };
    },
  },
  'PUT /api/adjustment-factors/:id': {
    entityType: 'adjustmentFactor',
    action: 'update',
    ok: async (db) => {
      const job = await newJob(db);
      const p = await newPosition(db, job.id);
      const f = await newFactor(db, job.id, p.id, 'FIXED', 100);
      return {
        method: 'PUT',
        url: `/api/adjustment-factors/${f.id}`,
        payload: { jobId: job.id, positionId: p.id, factor: 150, type: 'FIXED' },
      };
    },
    fail: async (db) => {
      const job = await newJob(db);
      const p = await newPosition(db, job.id);
      return {
        method: 'PUT',
        url: `/api/adjustment-factors/${MISSING}`,
        payload: { jobId: job.id, positionId: p.id, factor: 150, type: 'FIXED' },
      };
    },
  },
  'DELETE /api/adjustment-factors/:id': {
    entityType: 'adjustmentFactor',
    action: 'delete',
    ok: async (db) => {
      const job = await newJob(db);
      const p = await newPosition(db, job.id);
      return {
        method: 'DELETE',
        url: `/api/adjustment-factors/${(await newFactor(db, job.id, p.id, 'FIXED', 1)).id}`,
      };
    },
    fail: async () => ({ method: 'DELETE', url: `/api/adjustment-factors/${MISSING}` }),
  },
  'PUT /api/settings': {
    entityType: 'settings',
    action: 'update',
    ok: async () => {
      const current = (await call<Record<string, unknown>>({ method: 'GET', url: '/api/settings' })).envelope
        .data;
      const { updatedAt: _u, ...body } = current;
      return {
        method: 'PUT',
        url: '/api/settings',
        payload: { ...body, experienceMultiplier: Number(body.experienceMultiplier) + 0.01 },
      };
    },
    // A stale version: someone else saved first.
    fail: async () => {
      const current = (await call<Record<string, unknown>>({ method: 'GET', url: '/api/settings' })).envelope
        .data;
      const { updatedAt: _u, ...body } = current;
      return { method: 'PUT', url: '/api/settings', payload: { ...body, version: Number(body.version) - 1 } };
    },
  },
  'POST /api/employees': {
    entityType: 'employee',
    action: 'create',
    ok: async (db) => ({ method: 'POST', url: '/api/employees', payload: await employeeForm(db) }),
    fail: async (db) => ({
      method: 'POST',
      url: '/api/employees',
      payload: { ...(await employeeForm(db)), gradeId: MISSING },
    }),
  },
  'PUT /api/employees/:id': {
    entityType: 'employee',
    action: 'update',
    ok: async (db) => ({
      method: 'PUT',
      url: `/api/employees/${await existingEmployee(db)}`,
      payload: await employeeForm(db),
    }),
    fail: async (db) => ({
      method: 'PUT',
      url: `/api/employees/${await existingEmployee(db)}`,
      payload: { ...(await employeeForm(db)), levelId: MISSING },
    }),
  },
  'DELETE /api/employees/:id': {
    entityType: 'employee',
    action: 'delete',
    ok: async (db) => ({ method: 'DELETE', url: `/api/employees/${await existingEmployee(db)}` }),
    fail: async () => ({ method: 'DELETE', url: `/api/employees/${MISSING}` }),
  },
  'POST /api/employees/import': {
    entityType: 'import',
    action: 'import',
    ok: async (db) => {
      const c = await newCompany(db, 3000);
      const row = [
        '',
        unique('Imported'),
        c.job.name,
        c.position.name,
        c.grade.name,
        c.level.name,
        1,
        1,
        'No',
        'No',
        'No',
        'No',
      ];
      return { method: 'POST', url: '/api/employees/import', ...upload(await xlsxOf([IMPORT_HEADER, row])) };
    },
    // One bad row: nothing of the file is written.
    fail: async (db) => {
      const c = await newCompany(db, 3000);
      const good = [
        '',
        unique('Imported'),
        c.job.name,
        c.position.name,
        c.grade.name,
        c.level.name,
        1,
        1,
        'No',
        'No',
        'No',
        'No',
      ];
      const bad = [
        '',
        unique('Imported'),
        'No such job',
        c.position.name,
        c.grade.name,
        c.level.name,
        1,
        1,
        'No',
        'No',
        'No',
        'No',
      ];
      return {
        method: 'POST',
        url: '/api/employees/import',
        ...upload(await xlsxOf([IMPORT_HEADER, good, bad])),
      };
    },
  },
  'POST /api/audit/:id/revert': {
    entityType: 'import',
    action: 'revert',
    ok: async (db, t) => ({ method: 'POST', url: `/api/audit/${(await importedOne(db, t)).entryId}/revert` }),
    // The imported employee was deleted after the import: the revert is refused whole.
    fail: async (db, t) => {
      const { entryId, employeeId } = await importedOne(db, t);
      await t.call({ method: 'DELETE', url: `/api/employees/${employeeId}`, token: t.adminToken });
      return { method: 'POST', url: `/api/audit/${entryId}/revert` };
    },
  },
};

const writeRoutes: string[] = [];
const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
function collect(route: RouteOptions) {
  for (const method of [route.method].flat()) {
    if (WRITE.has(method) && route.url.startsWith('/api/')) writeRoutes.push(`${method} ${route.url}`);
  }
}

let t: TestContext;
let db: Db;
beforeAll(async () => {
  t = await buildTestApp({}, { onRoute: collect });
  db = t.database.db;
});
afterAll(async () => t.close());

/** Calls as the administrator unless the request names its own token. */
const call = <T = unknown>(options: Parameters<TestContext['call']>[0]) =>
  t.call<T>({ token: t.adminToken, ...options });

const newestEntry = async () =>
  (
    await call<{
      entries: {
        id: number;
        actorId: number | null;
        actorEmail: string;
        action: string;
        entityType: string;
        changes: { field: string }[];
      }[];
    }>({ method: 'GET', url: '/api/audit?limit=1' })
  ).envelope.data.entries[0];

describe('every write route records exactly one audit entry on success, none on failure', () => {
  it('has a case for every write route the app registers', () => {
    expect(writeRoutes.length).toBeGreaterThan(20);
    const uncovered = writeRoutes.filter((r) => !CASES[r] && !SESSION_ONLY.has(r) && !READS.has(r));
    expect(uncovered).toEqual([]);
  });

  it.each(Object.entries(CASES))('%s', async (route, c) => {
    expect(writeRoutes, `${route} is not a route of the app`).toContain(route);
    const okRequest = await c.ok(db, t);
    const before = await countRows(db, auditEntries);
    const res = await call(okRequest);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await countRows(db, auditEntries)).toBe(before + 1);
    const entry = await newestEntry();
    expect(entry).toMatchObject({ entityType: c.entityType, action: c.action });
    if (route !== 'POST /api/auth/change-password') expect(entry?.actorEmail).toBe(ADMIN_EMAIL);
    // Never a password or its hash in a change list.
    expect(JSON.stringify(entry)).not.toMatch(
      /\$argon|passwordHash|Copper-violet-29|Lantern-quiet-river-77|Kettle/i,
    );

    const failRequest = await c.fail(db, t);
    const failBefore = await countRows(db, auditEntries);
    const failed = await call(failRequest);
    expect(failed.statusCode, failed.body).toBeGreaterThanOrEqual(400);
    expect(await countRows(db, auditEntries)).toBe(failBefore);
  });

  it('session-only routes write no entry', async () => {
    const before = await countRows(db, auditEntries);
    const login = await call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token = (login.envelope.data as { token: string }).token;
    expect((await call({ method: 'DELETE', url: '/api/auth/sessions', token })).statusCode).toBe(200);
    expect((await call({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
    expect(await countRows(db, auditEntries)).toBe(before);
  });
});
