import {
  canReadMoneyRules,
  NO_PERMISSIONS,
  PERMISSION_KEYS,
  type PermissionKey,
  type Permissions,
} from '@salary/shared/common/permissions';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkbook } from '../excel/excel-files.ts';
import { ADMIN, ALL_PERMISSIONS, buildTestApp, type TestContext, USER_PASSWORD } from '../support/helper.ts';
import {
  type BuildRequest,
  backdatedEmployee,
  deletedEmployee,
  editedEmployee,
  existingEmployee,
  importRequest,
  plainUser,
  renamedJob,
  writeRequest,
} from '../support/route-requests.ts';

/*
 * The access-control matrix: every route with who may call it. A generated test calls
 * each route as every kind of caller and checks the answer against this one table.
 */

/** `moneyRules`: admin, showSalary, showSettings or manageSettings. */
type Who = 'public' | 'signedIn' | 'admin' | 'moneyRules' | PermissionKey;

interface RouteCase {
  name: string;
  who: Who;
  /** Builds a fresh request (fresh records for writes, so every caller meets the same state). */
  request: BuildRequest;
  /** What an allowed caller gets, when it is not a 2xx (e.g. a wrong current password). */
  allowedStatus?: number;
}

/** A GET of `url`: nothing to build. */
const read =
  (url: string): BuildRequest =>
  async () => ({ method: 'GET', url });

export const ROUTES: RouteCase[] = [
  { name: 'health', who: 'public', request: read('/api/health') },
  {
    name: 'login',
    who: 'public',
    request: async () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
    }),
  },
  // The SSO routes exist only with OIDC configured: apps/server/test/oidc covers them.
  { name: 'sign-in options', who: 'public', request: read('/api/auth/options') },
  { name: 'who am I', who: 'signedIn', request: read('/api/auth/me') },
  {
    name: 'change password (wrong current password: allowed in, changes nothing)',
    who: 'signedIn',
    allowedStatus: 400,
    request: async () => ({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'not-my-password', newPassword: 'another-password-1' },
    }),
  },
  { name: 'list users', who: 'admin', request: read('/api/auth/users') },
  { name: 'my sessions', who: 'signedIn', request: read('/api/auth/sessions') },
  {
    name: 'end my other sessions',
    who: 'signedIn',
    request: async () => ({ method: 'DELETE', url: '/api/auth/sessions' }),
  },
  {
    name: "a user's sessions",
    who: 'admin',
    request: async (t) => ({ method: 'GET', url: `/api/auth/users/${await plainUser(t)}/sessions` }),
  },
  {
    name: 'sign a user out everywhere',
    who: 'admin',
    request: writeRequest('DELETE /api/auth/users/:id/sessions'),
  },
  { name: 'create user', who: 'admin', request: writeRequest('POST /api/auth/users') },
  { name: 'update user', who: 'admin', request: writeRequest('PUT /api/auth/users/:id') },
  { name: 'delete user', who: 'admin', request: writeRequest('DELETE /api/auth/users/:id') },
  { name: 'list jobs', who: 'signedIn', request: read('/api/jobs') },
  { name: 'create job', who: 'manageSettings', request: writeRequest('POST /api/jobs') },
  { name: 'update job', who: 'manageSettings', request: writeRequest('PUT /api/jobs/:id') },
  { name: 'delete job', who: 'manageSettings', request: writeRequest('DELETE /api/jobs/:id') },
  { name: 'list positions', who: 'signedIn', request: read('/api/positions') },
  { name: 'create position', who: 'manageSettings', request: writeRequest('POST /api/positions') },
  { name: 'update position', who: 'manageSettings', request: writeRequest('PUT /api/positions/:id') },
  { name: 'delete position', who: 'manageSettings', request: writeRequest('DELETE /api/positions/:id') },
  { name: 'list grades', who: 'signedIn', request: read('/api/grades') },
  { name: 'create grade', who: 'manageSettings', request: writeRequest('POST /api/grades') },
  { name: 'update grade', who: 'manageSettings', request: writeRequest('PUT /api/grades/:id') },
  { name: 'reorder grades', who: 'manageSettings', request: writeRequest('POST /api/grades/reorder') },
  { name: 'list levels', who: 'signedIn', request: read('/api/levels') },
  { name: 'create level', who: 'manageSettings', request: writeRequest('POST /api/levels') },
  { name: 'update level', who: 'manageSettings', request: writeRequest('PUT /api/levels/:id') },
  { name: 'list base salaries', who: 'moneyRules', request: read('/api/base-salary') },
  { name: 'create base salary', who: 'manageSettings', request: writeRequest('POST /api/base-salary') },
  { name: 'update base salary', who: 'manageSettings', request: writeRequest('PUT /api/base-salary/:id') },
  { name: 'delete base salary', who: 'manageSettings', request: writeRequest('DELETE /api/base-salary/:id') },
  { name: 'list adjustment factors', who: 'moneyRules', request: read('/api/adjustment-factors') },
  {
    name: 'create adjustment factor',
    who: 'manageSettings',
    request: writeRequest('POST /api/adjustment-factors'),
  },
  {
    name: 'update adjustment factor',
    who: 'manageSettings',
    request: writeRequest('PUT /api/adjustment-factors/:id'),
  },
  {
    name: 'delete adjustment factor',
    who: 'manageSettings',
    request: writeRequest('DELETE /api/adjustment-factors/:id'),
  },
  { name: 'read settings', who: 'signedIn', request: read('/api/settings') },
  { name: 'save settings', who: 'manageSettings', request: writeRequest('PUT /api/settings') },
  { name: 'read the company record', who: 'signedIn', request: read('/api/company') },
  { name: 'save the company record', who: 'manageSettings', request: writeRequest('PUT /api/company') },
  {
    name: 'calculate',
    who: 'showSalary',
    request: async (t) => {
      const c = await t.newCompany(3000);
      return {
        method: 'POST',
        url: '/api/calculate',
        payload: { jobId: c.job.id, positionId: c.position.id, gradeId: c.grade.id, levelId: c.level.id },
      };
    },
  },
  { name: 'list employees', who: 'signedIn', request: read('/api/employees') },
  {
    name: 'read employee',
    who: 'signedIn',
    request: async (t) => ({ method: 'GET', url: `/api/employees/${await existingEmployee(t)}` }),
  },
  { name: 'create employee', who: 'manageEmployee', request: writeRequest('POST /api/employees') },
  { name: 'update employee', who: 'manageEmployee', request: writeRequest('PUT /api/employees/:id') },
  { name: 'export employees', who: 'signedIn', request: read('/api/employees/export') },
  {
    name: 'download the import template',
    who: 'signedIn',
    request: read('/api/employees/template/download'),
  },
  {
    name: 'import employees (dry run)',
    who: 'manageEmployee',
    request: (t) => importRequest(t, '?dryRun=true'),
  },
  { name: 'revert an import', who: 'admin', request: writeRequest('POST /api/audit/:id/revert') },
  {
    name: "restore a deleted employee (revert of a delete's entry)",
    who: 'deleteEmployee',
    request: async (t) => ({
      method: 'POST',
      url: `/api/audit/${(await deletedEmployee(t)).entryId}/revert`,
    }),
  },
  {
    name: "revert an employee's edit",
    who: 'admin',
    request: async (t) => ({ method: 'POST', url: `/api/audit/${(await editedEmployee(t)).entryId}/revert` }),
  },
  {
    name: "revert a rule's update",
    who: 'admin',
    request: async (t) => ({ method: 'POST', url: `/api/audit/${(await renamedJob(t)).entryId}/revert` }),
  },
  {
    name: 'pay transparency report',
    who: 'showSalary',
    request: read('/api/pay-transparency?category=grade'),
  },
  {
    name: 'pay transparency report as .xlsx',
    who: 'showSalary',
    request: read('/api/pay-transparency/export'),
  },
  {
    name: 'justify a pay gap',
    who: 'admin',
    request: writeRequest('PUT /api/pay-transparency/justifications'),
  },
  {
    name: 'back pay download of an audit entry',
    who: 'admin',
    request: async (t) => ({
      method: 'GET',
      url: `/api/audit/${(await backdatedEmployee(t)).entryId}/back-pay.xlsx`,
    }),
  },
  {
    name: 'pay statement',
    who: 'showSalary',
    request: async (t) => ({
      method: 'GET',
      url: `/api/employees/${await existingEmployee(t)}/pay-statement`,
    }),
  },
  {
    name: 'pay statement as PDF',
    who: 'showSalary',
    request: async (t) => ({
      method: 'GET',
      url: `/api/employees/${await existingEmployee(t)}/pay-statement.pdf`,
    }),
  },
  { name: 'delete employee', who: 'deleteEmployee', request: writeRequest('DELETE /api/employees/:id') },
  { name: 'list scheduled changes', who: 'signedIn', request: read('/api/scheduled-changes') },
  {
    name: 'cancel a scheduled change',
    who: 'manageEmployee',
    request: writeRequest('DELETE /api/scheduled-changes/:id'),
  },
];

type Caller =
  | { kind: 'none' }
  | { kind: 'malformed' }
  | { kind: 'expired' }
  | { kind: 'stale' }
  | { kind: 'deleted' }
  | { kind: 'user'; label: string; permissions: Permissions }
  | { kind: 'admin' };

const CALLERS: Array<{ label: string; caller: Caller }> = [
  { label: 'no token', caller: { kind: 'none' } },
  { label: 'a malformed token', caller: { kind: 'malformed' } },
  { label: 'an expired token', caller: { kind: 'expired' } },
  { label: 'a token from before a password change', caller: { kind: 'stale' } },
  { label: "a deleted user's token", caller: { kind: 'deleted' } },
  { label: 'a plain user', caller: { kind: 'user', label: 'plain', permissions: NO_PERMISSIONS } },
  ...PERMISSION_KEYS.map((key) => ({
    label: `a user with only ${key}`,
    caller: { kind: 'user' as const, label: key, permissions: { ...NO_PERMISSIONS, [key]: true } },
  })),
  { label: 'an admin', caller: { kind: 'admin' } },
];

function allowed(who: Who, caller: Caller): boolean {
  if (who === 'public') return true;
  if (caller.kind === 'admin') return true;
  if (caller.kind !== 'user') return false;
  if (who === 'signedIn') return true;
  if (who === 'admin') return false;
  if (who === 'moneyRules') return canReadMoneyRules({ isAdmin: false, permissions: caller.permissions });
  return caller.permissions[who];
}

let t: TestContext;
const tokens = new Map<string, string | undefined>();

beforeAll(async () => {
  t = await buildTestApp();
  tokens.set('no token', undefined);
  tokens.set('a malformed token', 'definitely.not.ajwt');
  const key = new TextEncoder().encode(t.config.jwtSecret);
  const now = Math.floor(Date.now() / 1000);
  tokens.set(
    'an expired token',
    await new SignJWT({ sid: 'an-expired-session-id-0000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 60)
      .sign(key),
  );
  // Signed in twice; the password change through one session ends the other.
  const stale = await t.createUser(ALL_PERMISSIONS);
  const changer = await t.login(stale.email, USER_PASSWORD);
  await t.call({
    method: 'POST',
    url: '/api/auth/change-password',
    token: changer,
    payload: { currentPassword: USER_PASSWORD, newPassword: 'changed-password-1' },
  });
  tokens.set('a token from before a password change', stale.token);
  const gone = await t.createUser(ALL_PERMISSIONS);
  await t.callAsAdmin({ method: 'DELETE', url: `/api/auth/users/${gone.user.id}` });
  tokens.set("a deleted user's token", gone.token);
  for (const { label, caller } of CALLERS)
    if (caller.kind === 'user') tokens.set(label, (await t.createUser(caller.permissions)).token);
  tokens.set('an admin', t.adminToken);
});
afterAll(async () => t.close());

describe.each(ROUTES)('$name', (route) => {
  it.each(CALLERS)('as $label', async ({ label, caller }) => {
    const req = await route.request(t);
    const res = await t.call({ ...req, token: tokens.get(label) } as InjectOptions & { token?: string });
    const context = `${req.method} ${req.url} as ${label}: ${res.body.slice(0, 200)}`;
    // Files (export, template, pay statement) are the only answers that are not the envelope.
    const isFile = /spreadsheetml|application\/pdf/.test(String(res.headers['content-type']));
    if (!isFile) expect(res.envelope?.success, context).toBeTypeOf('boolean');
    if (allowed(route.who, caller)) {
      if (route.allowedStatus) expect(res.statusCode, context).toBe(route.allowedStatus);
      else expect(res.statusCode, context).toBeLessThan(300);
    } else if (caller.kind === 'user' || caller.kind === 'admin') {
      expect(res.statusCode, context).toBe(403);
    } else {
      expect(res.statusCode, context).toBe(401);
    }
  });
});

describe('salary and cost never reach a user without the permission', () => {
  it('leaves the money columns out of the exported file', async () => {
    await existingEmployee(t);
    for (const { label, caller } of CALLERS) {
      if (caller.kind !== 'user') continue;
      const res = await t.call({ method: 'GET', url: '/api/employees/export', token: tokens.get(label) });
      expect(res.statusCode).toBe(200);
      const sheet = (await loadWorkbook(res.rawPayload)).worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).filter(Boolean);
      expect(header.includes('Calculated Salary'), `export as ${label}`).toBe(caller.permissions.showSalary);
      expect(header.includes('Total Cost'), `export as ${label}`).toBe(caller.permissions.showCost);
      // Gender (personal data) only for manageEmployee.
      expect(header.includes('Gender'), `export as ${label}`).toBe(caller.permissions.manageEmployee);
      // The import's 12 columns, the 3 days and the hidden Row Key, then what the caller may see.
      expect(sheet.columnCount).toBe(
        16 +
          Number(caller.permissions.manageEmployee) +
          Number(caller.permissions.showSalary) +
          Number(caller.permissions.showCost),
      );
    }
  });

  it('omits the keys from the list and a single employee, and refuses calculate', async () => {
    const id = await existingEmployee(t);
    for (const { label, caller } of CALLERS) {
      if (caller.kind !== 'user') continue;
      const token = tokens.get(label);
      for (const url of ['/api/employees', `/api/employees/${id}`]) {
        const res = await t.call({ method: 'GET', url, token });
        expect(res.statusCode).toBe(200);
        expect(res.body.includes('calculatedSalary'), `${url} as ${label}`).toBe(
          caller.permissions.showSalary,
        );
        expect(res.body.includes('accumulatedCost'), `${url} as ${label}`).toBe(caller.permissions.showCost);
        expect(res.body.includes('"gender"'), `${url} as ${label}`).toBe(caller.permissions.manageEmployee);
      }
    }
  });
});
