import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { auditEntries } from '../../src/db/schema.ts';
import { IMPORT_HEADER, importRow, upload, xlsxOf } from '../excel/excel-files.ts';
import { exportedWorksheet } from '../raise-cycles/worksheet-files.ts';
import { newGrade, newJob, newLevel } from '../support/factories.ts';
import { ADMIN, buildTestApp, type TestContext, USER_PASSWORD } from '../support/helper.ts';
import {
  currentCompany,
  currentSettings,
  deletedEmployee,
  editedEmployee,
  employeeForm,
  existingEmployee,
  existingRaiseCycle,
  importedOne,
  MISSING,
  type RouteRequest,
  raiseCycleBody,
  renamedJob,
  reorderRequest,
  unique,
  writeRequest,
} from '../support/route-requests.ts';

/*
 * Complete by construction, checked over the real route table: every write route the app
 * registers (collected with onRoute) must have a case here, or the test fails naming it.
 * Each case is called once as an administrator (exactly one audit entry, the actor's id and
 * email on it) and once in a way that fails (no entry at all).
 */

type Request = RouteRequest & { token?: string };

interface WriteCase {
  /** A successful call: the route's request of WRITE_REQUESTS unless given here. */
  ok?: (t: TestContext) => Promise<Request>;
  /**
   * A call that fails: the write must leave no entry. 'missing id': the successful request
   * aimed at an id no record has.
   */
  fail: ((t: TestContext) => Promise<Request>) | 'missing id';
  entityType: string;
  action: string;
}

/** Routes that write only sessions (sign-in/out): no entry, by design (config.audit false or writeScope none). */
const SESSION_ONLY = new Set(['POST /api/auth/login', 'POST /api/auth/logout', 'DELETE /api/auth/sessions']);
/** POST routes that compute and write nothing. */
const READS = new Set([
  'POST /api/calculate',
  'POST /api/impact',
  'POST /api/impact/export',
  'POST /api/raise-cycles/:id/proposals/preview',
]);

/** The route's successful request with its record's id replaced by one no record has. */
async function atMissingId(route: string, t: TestContext): Promise<Request> {
  const request = await writeRequest(route)(t);
  const url = request.url.replace(/\/\d+(\/sessions|\/manager)?$/, `/${MISSING}$1`);
  if (url === request.url) throw new Error(`${route}: no id in ${request.url}`);
  return { ...request, url };
}

/** A create with the name of a record made just before: refused as taken. */
const nameTaken =
  (url: string, make: (db: Db) => Promise<{ name: string }>) =>
  async (t: TestContext): Promise<Request> => ({
    method: 'POST',
    url,
    payload: { name: (await make(t.database.db)).name },
  });

/** A reorder of `list` naming one unknown id: the known one must keep its order, and no entry. */
const reorderWithUnknown = (list: 'grades' | 'levels') => (t: TestContext) =>
  reorderRequest(t, list, 200_000, [{ id: MISSING, order: 1 }]);

const CASES: Record<string, WriteCase> = {
  'POST /api/auth/change-password': {
    entityType: 'user',
    action: 'password',
    ok: async (t) => {
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
    fail: async () => ({
      method: 'POST',
      url: '/api/auth/users',
      payload: { email: ADMIN.email, name: 'Dup', password: 'Copper-violet-29' },
    }),
  },
  'PUT /api/auth/users/:id': { entityType: 'user', action: 'update', fail: 'missing id' },
  'DELETE /api/auth/users/:id': { entityType: 'user', action: 'delete', fail: 'missing id' },
  'PUT /api/employees/:id/manager': { entityType: 'employee', action: 'update', fail: 'missing id' },
  'DELETE /api/auth/users/:id/sessions': { entityType: 'user', action: 'end-sessions', fail: 'missing id' },
  'POST /api/jobs': { entityType: 'job', action: 'create', fail: nameTaken('/api/jobs', newJob) },
  'PUT /api/jobs/:id': { entityType: 'job', action: 'update', fail: 'missing id' },
  'DELETE /api/jobs/:id': {
    entityType: 'job',
    action: 'delete',
    // Refused while an employee holds it: its positions must not go either.
    fail: async (t) => {
      const c = await t.newCompany();
      await t.newEmployeeOf(c);
      return { method: 'DELETE', url: `/api/jobs/${c.job.id}` };
    },
  },
  'POST /api/positions': {
    entityType: 'position',
    action: 'create',
    fail: async () => ({
      method: 'POST',
      url: '/api/positions',
      payload: { name: unique('P'), jobId: MISSING },
    }),
  },
  'PUT /api/positions/:id': { entityType: 'position', action: 'update', fail: 'missing id' },
  'DELETE /api/positions/:id': { entityType: 'position', action: 'delete', fail: 'missing id' },
  'POST /api/grades': { entityType: 'grade', action: 'create', fail: nameTaken('/api/grades', newGrade) },
  'PUT /api/grades/:id': { entityType: 'grade', action: 'update', fail: 'missing id' },
  'POST /api/grades/reorder': { entityType: 'grade', action: 'reorder', fail: reorderWithUnknown('grades') },
  'POST /api/levels': { entityType: 'level', action: 'create', fail: nameTaken('/api/levels', newLevel) },
  'PUT /api/levels/:id': { entityType: 'level', action: 'update', fail: 'missing id' },
  'DELETE /api/grades/:id': { entityType: 'grade', action: 'delete', fail: 'missing id' },
  'DELETE /api/levels/:id': { entityType: 'level', action: 'delete', fail: 'missing id' },
  'POST /api/levels/reorder': { entityType: 'level', action: 'reorder', fail: reorderWithUnknown('levels') },
  'POST /api/base-salary': {
    entityType: 'baseSalary',
    action: 'create',
    fail: async (t) => ({
      method: 'POST',
      url: '/api/base-salary',
      payload: { gradeId: MISSING, levelId: (await t.newLevel()).id, amount: 1000 },
    }),
  },
  'PUT /api/base-salary/:id': { entityType: 'baseSalary', action: 'update', fail: 'missing id' },
  'POST /api/base-salary/bulk': {
    entityType: 'baseSalary',
    action: 'bulkSave',
    // One unknown grade: the whole grid save is refused, nothing written.
    fail: async (t) => {
      return {
        method: 'POST',
        url: '/api/base-salary/bulk',
        payload: {
          cells: [
            { gradeId: (await t.newGrade()).id, levelId: (await t.newLevel()).id, amount: 1200 },
            { gradeId: MISSING, levelId: (await t.newLevel()).id, amount: 1300 },
          ],
        },
      };
    },
  },
  'PUT /api/pay-transparency/justifications': {
    entityType: 'payGapJustification',
    action: 'create',
    fail: async () => ({
      method: 'PUT',
      url: '/api/pay-transparency/justifications',
      payload: { categoryKind: 'grade', categoryKey: '1', text: '   ' },
    }),
  },
  'POST /api/pay-transparency/requests': {
    entityType: 'payRequest',
    action: 'create',
    // Answered before it was received.
    fail: async (t) => ({
      method: 'POST',
      url: '/api/pay-transparency/requests',
      payload: { employeeId: await existingEmployee(t), receivedOn: '2026-01-15', answeredOn: '2026-01-14' },
    }),
  },
  'PUT /api/pay-transparency/requests/:id': {
    entityType: 'payRequest',
    action: 'answer',
    fail: 'missing id',
  },
  'DELETE /api/pay-transparency/requests/:id': {
    entityType: 'payRequest',
    action: 'delete',
    fail: 'missing id',
  },
  'POST /api/raise-cycles': {
    entityType: 'raiseCycle',
    action: 'create',
    // The name of a cycle made just before.
    fail: async (t) => {
      const { body } = await raiseCycleBody(t);
      await t.callAsAdmin({ method: 'POST', url: '/api/raise-cycles', payload: body });
      return { method: 'POST', url: '/api/raise-cycles', payload: body };
    },
  },
  'PUT /api/raise-cycles/:id': { entityType: 'raiseCycle', action: 'update', fail: 'missing id' },
  'DELETE /api/raise-cycles/:id': { entityType: 'raiseCycle', action: 'delete', fail: 'missing id' },
  'PUT /api/raise-cycles/:id/proposals': {
    entityType: 'raiseCycle',
    action: 'propose',
    // An employee the cycle does not hold.
    fail: async (t) => ({
      method: 'PUT',
      url: `/api/raise-cycles/${await existingRaiseCycle(t)}/proposals`,
      payload: { proposals: [{ employeeId: MISSING, kind: 'PERCENT', value: 1 }] },
    }),
  },
  // The import saves its changed rows as proposals; into a submitted cycle it is refused.
  'POST /api/raise-cycles/:id/worksheet/import': {
    entityType: 'raiseCycle',
    action: 'propose',
    fail: async (t) => {
      const id = await existingRaiseCycle(t, 'SUBMITTED');
      const { book } = await exportedWorksheet(t, id);
      return {
        method: 'POST',
        url: `/api/raise-cycles/${id}/worksheet/import`,
        ...upload(Buffer.from(await book.xlsx.writeBuffer()), 'raise_worksheet.xlsx'),
      };
    },
  },
  // Each step refused from the wrong state.
  'POST /api/raise-cycles/:id/submit': {
    entityType: 'raiseCycle',
    action: 'submit',
    fail: async (t) => ({
      method: 'POST',
      url: `/api/raise-cycles/${await existingRaiseCycle(t, 'SUBMITTED')}/submit`,
    }),
  },
  'POST /api/raise-cycles/:id/approve': {
    entityType: 'raiseCycle',
    action: 'approve',
    fail: async (t) => ({ method: 'POST', url: `/api/raise-cycles/${await existingRaiseCycle(t)}/approve` }),
  },
  'POST /api/raise-cycles/:id/send-back': {
    entityType: 'raiseCycle',
    action: 'send-back',
    fail: async (t) => ({
      method: 'POST',
      url: `/api/raise-cycles/${await existingRaiseCycle(t)}/send-back`,
      payload: { comment: 'Too early' },
    }),
  },
  'POST /api/raise-cycles/:id/apply': {
    entityType: 'raiseCycle',
    action: 'apply',
    fail: async (t) => ({
      method: 'POST',
      url: `/api/raise-cycles/${await existingRaiseCycle(t, 'SUBMITTED')}/apply`,
    }),
  },
  'DELETE /api/base-salary/:id': { entityType: 'baseSalary', action: 'delete', fail: 'missing id' },
  'POST /api/adjustment-factors': {
    entityType: 'adjustmentFactor',
    action: 'create',
    // A position of another job.
    fail: async (t) => {
      const job = await t.newJob();
      const other = await t.newPosition((await t.newJob()).id);
      return {
        method: 'POST',
        url: '/api/adjustment-factors',
        payload: { jobId: job.id, positionId: other.id, factor: 0.1, type: 'PERCENTAGE' },
      };
    },
  },
  'PUT /api/adjustment-factors/:id': { entityType: 'adjustmentFactor', action: 'update', fail: 'missing id' },
  'DELETE /api/adjustment-factors/:id': {
    entityType: 'adjustmentFactor',
    action: 'delete',
    fail: 'missing id',
  },
  'PUT /api/settings': {
    entityType: 'settings',
    action: 'update',
    // A stale version: someone else saved first.
    fail: async (t) => {
      const body = await currentSettings(t);
      return { method: 'PUT', url: '/api/settings', payload: { ...body, version: Number(body.version) - 1 } };
    },
  },
  'PUT /api/job-evaluation/jobs/:id': { entityType: 'jobScore', action: 'create', fail: 'missing id' },
  'DELETE /api/job-evaluation/jobs/:id': { entityType: 'jobScore', action: 'delete', fail: 'missing id' },
  'PUT /api/job-evaluation/positions/:id': {
    entityType: 'positionScore',
    action: 'create',
    fail: 'missing id',
  },
  'DELETE /api/job-evaluation/positions/:id': {
    entityType: 'positionScore',
    action: 'delete',
    fail: 'missing id',
  },
  'PUT /api/job-evaluation/settings': {
    entityType: 'jobEvaluationSettings',
    action: 'update',
    // Every weight 0: refused before anything is written.
    fail: async () => ({
      method: 'PUT',
      url: '/api/job-evaluation/settings',
      payload: { weights: { skills: 0, effort: 0, responsibility: 0, workingConditions: 0 }, bandWidth: 1 },
    }),
  },
  'PUT /api/company': {
    entityType: 'company',
    action: 'update',
    // A stale version: someone else saved first.
    fail: async (t) => {
      const body = await currentCompany(t);
      await t.callAsAdmin({ method: 'PUT', url: '/api/company', payload: { ...body, currency: 'CHF' } });
      return { method: 'PUT', url: '/api/company', payload: { ...body, currency: 'EUR' } };
    },
  },
  'POST /api/employees': {
    entityType: 'employee',
    action: 'create',
    fail: async (t) => ({
      method: 'POST',
      url: '/api/employees',
      payload: { ...(await employeeForm(t)), gradeId: MISSING },
    }),
  },
  'PUT /api/employees/:id': {
    entityType: 'employee',
    action: 'update',
    fail: async (t) => ({
      method: 'PUT',
      url: `/api/employees/${await existingEmployee(t)}`,
      payload: { ...(await employeeForm(t)), levelId: MISSING },
    }),
  },
  'PUT /api/employees/:id/benefits': {
    entityType: 'employee',
    action: 'update',
    // A benefit the settings do not have: refused, nothing written.
    fail: async (t) => ({
      method: 'PUT',
      url: `/api/employees/${await existingEmployee(t)}/benefits`,
      payload: { excludedBenefits: ['No such benefit'] },
    }),
  },
  'PUT /api/employees/:id/allowance': {
    entityType: 'employee',
    action: 'update',
    // A percent over 100: refused, nothing written.
    fail: async (t) => ({
      method: 'PUT',
      url: `/api/employees/${await existingEmployee(t)}/allowance`,
      payload: { allowance: { type: 'PERCENTAGE', value: 120, reason: 'Too much' } },
    }),
  },
  'DELETE /api/employees/:id': { entityType: 'employee', action: 'delete', fail: 'missing id' },
  'DELETE /api/scheduled-changes/:id': { entityType: 'employee', action: 'update', fail: 'missing id' },
  'POST /api/employees/import': {
    entityType: 'import',
    action: 'import',
    // One bad row: nothing of the file is written.
    fail: async (t) => {
      const c = await t.newCompany(3000);
      const good = importRow(c, { Name: unique('Imported') });
      const bad = importRow(c, { Name: unique('Imported'), Job: 'No such job' });
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
    // The imported employee was deleted after the import: the revert is refused whole.
    fail: async (t) => {
      const { entryId, employeeId } = await importedOne(t);
      await t.callAsAdmin({ method: 'DELETE', url: `/api/employees/${employeeId}` });
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
beforeAll(async () => {
  t = await buildTestApp({}, { onRoute: collect });
});
afterAll(async () => t.close());

const newestEntry = async () =>
  (
    await t.callAsAdmin<{
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

// First: the session tests below end the administrator's sessions.
describe('a revert or restore of an entry records exactly one entry, none when refused', () => {
  const revert = (entryId: number) => t.callAsAdmin({ method: 'POST', url: `/api/audit/${entryId}/revert` });

  it.each([
    ['restore', 'employee', deletedEmployee],
    ['revert', 'employee', editedEmployee],
    ['revert', 'job', renamedJob],
  ] as const)('%s of an %s entry', async (action, entityType, made) => {
    const { entryId } = await made(t);
    const before = await t.countRows(auditEntries);
    const res = await revert(entryId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.countRows(auditEntries)).toBe(before + 1);
    expect(await newestEntry()).toMatchObject({ entityType, action, actorEmail: ADMIN.email });
    // The second time the record was written since: refused, nothing recorded.
    const again = await revert(entryId);
    expect(again.statusCode).toBe(409);
    expect(await t.countRows(auditEntries)).toBe(before + 1);
  });
});

describe('every write route records exactly one audit entry on success, none on failure', () => {
  it('has a case for every write route the app registers', () => {
    expect(writeRoutes.length).toBeGreaterThan(20);
    const uncovered = writeRoutes.filter((r) => !CASES[r] && !SESSION_ONLY.has(r) && !READS.has(r));
    expect(uncovered).toEqual([]);
  });

  it.each(Object.entries(CASES))('%s', async (route, c) => {
    expect(writeRoutes, `${route} is not a route of the app`).toContain(route);
    const okRequest = await (c.ok ?? writeRequest(route))(t);
    const before = await t.countRows(auditEntries);
    const res = await t.callAsAdmin(okRequest);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await t.countRows(auditEntries)).toBe(before + 1);
    const entry = await newestEntry();
    expect(entry).toMatchObject({ entityType: c.entityType, action: c.action });
    if (route !== 'POST /api/auth/change-password') expect(entry?.actorEmail).toBe(ADMIN.email);
    // Never a password or its hash in a change list.
    expect(JSON.stringify(entry)).not.toMatch(
      /\$argon|passwordHash|Copper-violet-29|Lantern-quiet-river-77|Kettle/i,
    );

    const failRequest = c.fail === 'missing id' ? await atMissingId(route, t) : await c.fail(t);
    const failBefore = await t.countRows(auditEntries);
    const failed = await t.callAsAdmin(failRequest);
    expect(failed.statusCode, failed.body).toBeGreaterThanOrEqual(400);
    expect(await t.countRows(auditEntries)).toBe(failBefore);
  });

  it('session-only routes write no entry', async () => {
    const before = await t.countRows(auditEntries);
    const login = await t.callAsAdmin({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
    });
    expect(login.statusCode).toBe(200);
    const token = (login.envelope.data as { token: string }).token;
    expect((await t.callAsAdmin({ method: 'DELETE', url: '/api/auth/sessions', token })).statusCode).toBe(
      200,
    );
    expect((await t.callAsAdmin({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
    expect(await t.countRows(auditEntries)).toBe(before);
  });
});
