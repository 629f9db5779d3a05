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
import { TEAM_ROUTES } from '../../src/plugins/team-scope.plugin.ts';
import { loadWorkbook } from '../excel/excel-files.ts';
import { ADMIN, ALL_PERMISSIONS, buildTestApp, type TestContext, USER_PASSWORD } from '../support/helper.ts';
import {
  type BuildRequest,
  backdatedEmployee,
  deletedEmployee,
  editedEmployee,
  existingEmployee,
  existingPayRequest,
  existingRaiseCycle,
  importRequest,
  plainUser,
  postingRole,
  renamedJob,
  writeRequest,
} from '../support/route-requests.ts';

/*
 * The access-control matrix: every route with who may call it. A generated test calls
 * each route as every kind of caller and checks the answer against this one table.
 */

/** `moneyRules`: admin, showSalary, showSettings or manageSettings. */
/** A list: every one of those permissions. */
type Who = 'public' | 'signedIn' | 'admin' | 'moneyRules' | PermissionKey | readonly PermissionKey[];

interface RouteCase {
  name: string;
  who: Who;
  /** Builds a fresh request (fresh records for writes, so every caller meets the same state). */
  request: BuildRequest;
  /** With a list in `who`: any one of them will do (absent: every one is needed). */
  whoAny?: boolean;
  /** What an allowed caller gets, when it is not a 2xx (e.g. a wrong current password). */
  allowedStatus?: number;
}

/** A GET of `url`: nothing to build. */
const read =
  (url: string): BuildRequest =>
  async () => ({ method: 'GET', url });

/** A row whose request is the write `route` (route-requests.ts builds it). */
const writeRow = (name: string, who: Who, route: string): RouteCase => ({
  name,
  who,
  request: writeRequest(route),
});
/** A row whose request is a GET of `url`. */
const readRow = (name: string, who: Who, url: string): RouteCase => ({ name, who, request: read(url) });

export const ROUTES: RouteCase[] = [
  readRow('health', 'public', '/api/health'),
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
  readRow('sign-in options', 'public', '/api/auth/options'),
  readRow('who am I', 'signedIn', '/api/auth/me'),
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
  readRow('list users', 'admin', '/api/auth/users'),
  readRow('my sessions', 'signedIn', '/api/auth/sessions'),
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
  writeRow('sign a user out everywhere', 'admin', 'DELETE /api/auth/users/:id/sessions'),
  writeRow('create user', 'admin', 'POST /api/auth/users'),
  writeRow('update user', 'admin', 'PUT /api/auth/users/:id'),
  writeRow('delete user', 'admin', 'DELETE /api/auth/users/:id'),
  readRow('list jobs', 'signedIn', '/api/jobs'),
  writeRow('create job', 'manageSettings', 'POST /api/jobs'),
  writeRow('update job', 'manageSettings', 'PUT /api/jobs/:id'),
  writeRow('delete job', 'manageSettings', 'DELETE /api/jobs/:id'),
  readRow('list positions', 'signedIn', '/api/positions'),
  writeRow('create position', 'manageSettings', 'POST /api/positions'),
  writeRow('update position', 'manageSettings', 'PUT /api/positions/:id'),
  writeRow('delete position', 'manageSettings', 'DELETE /api/positions/:id'),
  readRow('list grades', 'signedIn', '/api/grades'),
  writeRow('create grade', 'manageSettings', 'POST /api/grades'),
  writeRow('update grade', 'manageSettings', 'PUT /api/grades/:id'),
  writeRow('reorder grades', 'manageSettings', 'POST /api/grades/reorder'),
  readRow('list levels', 'signedIn', '/api/levels'),
  writeRow('create level', 'manageSettings', 'POST /api/levels'),
  writeRow('update level', 'manageSettings', 'PUT /api/levels/:id'),
  readRow('list base salaries', 'moneyRules', '/api/base-salary'),
  writeRow('create base salary', 'manageSettings', 'POST /api/base-salary'),
  writeRow('update base salary', 'manageSettings', 'PUT /api/base-salary/:id'),
  writeRow('delete base salary', 'manageSettings', 'DELETE /api/base-salary/:id'),
  readRow('list adjustment factors', 'moneyRules', '/api/adjustment-factors'),
  writeRow('create adjustment factor', 'manageSettings', 'POST /api/adjustment-factors'),
  writeRow('update adjustment factor', 'manageSettings', 'PUT /api/adjustment-factors/:id'),
  writeRow('delete adjustment factor', 'manageSettings', 'DELETE /api/adjustment-factors/:id'),
  readRow('read settings', 'signedIn', '/api/settings'),
  writeRow('save settings', 'manageSettings', 'PUT /api/settings'),
  readRow('read the company record', 'signedIn', '/api/company'),
  writeRow('save the company record', 'manageSettings', 'PUT /api/company'),
  readRow('read the job evaluation', 'signedIn', '/api/job-evaluation'),
  writeRow('score a job', 'manageSettings', 'PUT /api/job-evaluation/jobs/:id'),
  writeRow("remove a job's score", 'manageSettings', 'DELETE /api/job-evaluation/jobs/:id'),
  writeRow('score a position', 'manageSettings', 'PUT /api/job-evaluation/positions/:id'),
  writeRow("remove a position's score", 'manageSettings', 'DELETE /api/job-evaluation/positions/:id'),
  writeRow('save the job evaluation settings', 'manageSettings', 'PUT /api/job-evaluation/settings'),
  readRow(
    'pay transparency report by job evaluation',
    'showSalary',
    '/api/pay-transparency?category=evaluation',
  ),
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
  readRow('list employees', 'signedIn', '/api/employees'),
  {
    name: 'read employee',
    who: 'signedIn',
    request: async (t) => ({ method: 'GET', url: `/api/employees/${await existingEmployee(t)}` }),
  },
  writeRow('create employee', 'manageEmployee', 'POST /api/employees'),
  writeRow('update employee', 'manageEmployee', 'PUT /api/employees/:id'),
  writeRow("set an employee's manager", 'manageEmployee', 'PUT /api/employees/:id/manager'),
  {
    name: "read an employee's allowance",
    who: 'showSalary',
    request: async (t) => ({ method: 'GET', url: `/api/employees/${await existingEmployee(t)}/allowance` }),
  },
  {
    name: "read an employee's benefit choice",
    who: ['showSalary', 'showCost', 'manageEmployee'],
    whoAny: true,
    request: async (t) => ({ method: 'GET', url: `/api/employees/${await existingEmployee(t)}/benefits` }),
  },
  writeRow("choose an employee's benefits", 'manageEmployee', 'PUT /api/employees/:id/benefits'),
  {
    name: "set an employee's allowance",
    who: ['showSalary', 'manageEmployee'],
    request: async (t) => ({
      method: 'PUT',
      url: `/api/employees/${await existingEmployee(t)}/allowance`,
      payload: { allowance: { type: 'FIXED', value: 100, reason: 'Retention' } },
    }),
  },
  readRow('export employees', 'signedIn', '/api/employees/export'),
  readRow('download the import template', 'signedIn', '/api/employees/template/download'),
  {
    name: 'import employees (dry run)',
    who: 'manageEmployee',
    request: (t) => importRequest(t, '?dryRun=true'),
  },
  writeRow('revert an import', 'admin', 'POST /api/audit/:id/revert'),
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
  readRow('pay transparency report', 'showSalary', '/api/pay-transparency?category=grade'),
  readRow('pay transparency report as .xlsx', 'showSalary', '/api/pay-transparency/export'),
  readRow('pay transparency report for a year', 'showSalary', '/api/pay-transparency?year=2025'),
  readRow(
    'pay transparency report for a year as .xlsx',
    'showSalary',
    '/api/pay-transparency/export?year=2025',
  ),
  writeRow('justify a pay gap', 'admin', 'PUT /api/pay-transparency/justifications'),
  readRow('pay requests register', 'showSalary', '/api/pay-transparency/requests'),
  writeRow('record a pay request', 'admin', 'POST /api/pay-transparency/requests'),
  writeRow('answer or edit a pay request', 'admin', 'PUT /api/pay-transparency/requests/:id'),
  writeRow('delete a pay request', 'admin', 'DELETE /api/pay-transparency/requests/:id'),
  {
    name: 'statement of a pay request as PDF',
    who: 'showSalary',
    request: async (t) => ({
      method: 'GET',
      url: `/api/pay-transparency/requests/${await existingPayRequest(t)}/statement.pdf`,
    }),
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
  {
    name: 'pay range of a job posting',
    who: 'moneyRules',
    request: async (t) => ({
      method: 'GET',
      url: `/api/pay-transparency/posting-range?${await postingRole(t)}`,
    }),
  },
  {
    name: 'pay range of a job posting as PDF',
    who: 'moneyRules',
    request: async (t) => ({
      method: 'GET',
      url: `/api/pay-transparency/posting-range.pdf?${await postingRole(t)}`,
    }),
  },
  readRow('list raise cycles', 'showSalary', '/api/raise-cycles'),
  {
    name: 'read a raise cycle',
    who: 'showSalary',
    request: async (t) => ({ method: 'GET', url: `/api/raise-cycles/${await existingRaiseCycle(t)}` }),
  },
  {
    name: "a raise cycle's worksheet",
    who: 'showSalary',
    request: async (t) => ({
      method: 'GET',
      url: `/api/raise-cycles/${await existingRaiseCycle(t)}/worksheet`,
    }),
  },
  {
    name: "a raise cycle's worksheet as .xlsx",
    who: 'showSalary',
    request: async (t) => ({
      method: 'GET',
      url: `/api/raise-cycles/${await existingRaiseCycle(t)}/worksheet.xlsx`,
    }),
  },
  writeRow('create a raise cycle', 'manageSettings', 'POST /api/raise-cycles'),
  writeRow('edit a raise cycle', 'manageSettings', 'PUT /api/raise-cycles/:id'),
  writeRow('delete a raise cycle', 'manageSettings', 'DELETE /api/raise-cycles/:id'),
  // Proposing needs showSalary with manageEmployee or manageSettings: no single grant is enough.
  writeRow('propose raises', 'admin', 'PUT /api/raise-cycles/:id/proposals'),
  writeRow('preview proposals', 'admin', 'POST /api/raise-cycles/:id/proposals/preview'),
  writeRow('import a worksheet', 'admin', 'POST /api/raise-cycles/:id/worksheet/import'),
  writeRow('submit a raise cycle', 'admin', 'POST /api/raise-cycles/:id/submit'),
  writeRow('approve a raise cycle', 'admin', 'POST /api/raise-cycles/:id/approve'),
  writeRow('send a raise cycle back', 'admin', 'POST /api/raise-cycles/:id/send-back'),
  writeRow('apply a raise cycle', 'admin', 'POST /api/raise-cycles/:id/apply'),
  writeRow('delete employee', 'deleteEmployee', 'DELETE /api/employees/:id'),
  readRow('list scheduled changes', 'signedIn', '/api/scheduled-changes'),
  writeRow('cancel a scheduled change', 'manageEmployee', 'DELETE /api/scheduled-changes/:id'),
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

/**
 * A user with Own team only and no employee has an empty team: a route closed to a limited
 * user answers 403 and an employee's own route 404, whatever else they hold
 * (plugins/team-scope.plugin.ts; test/security/team-scope.test.ts covers a real team).
 */
function teamRefusal(req: { method?: string; url: string }, caller: Caller): number | undefined {
  if (caller.kind !== 'user' || !caller.permissions.ownTeamOnly) return undefined;
  const path = req.url.split('?')[0]!;
  const rule = Object.entries(TEAM_ROUTES).find(([key]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    return method === req.method && new RegExp(`^${pattern.replace(/:id/g, '[^/]+')}$`).test(path);
  })?.[1];
  if (rule === undefined) return 403;
  return rule === 'member' ? 404 : undefined;
}

function allowed(who: Who, caller: Caller, any = false): boolean {
  if (who === 'public') return true;
  if (caller.kind === 'admin') return true;
  if (caller.kind !== 'user') return false;
  if (who === 'signedIn') return true;
  if (who === 'admin') return false;
  if (who === 'moneyRules') return canReadMoneyRules({ isAdmin: false, permissions: caller.permissions });
  if (typeof who !== 'string')
    return any ? who.some((key) => caller.permissions[key]) : who.every((key) => caller.permissions[key]);
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
  /** The route's request built once: what every refused call, and every read, is made with. */
  let once: Promise<Awaited<ReturnType<BuildRequest>>> | undefined;
  it.each(CALLERS)('as $label', async ({ label, caller }) => {
    once ??= route.request(t);
    const shared = await once;
    const team = route.who === 'public' ? undefined : teamRefusal(shared, caller);
    const allow = team === undefined && allowed(route.who, caller, route.whoAny);
    // A refused call must change nothing, and a read changes nothing: they share one request (a
    // refused call that wrote would fail here, or the next caller's answer). An allowed write
    // gets fresh records, so every caller it lets in meets the same state.
    const req = allow && shared.method !== 'GET' ? await route.request(t) : shared;
    const res = await t.call({ ...req, token: tokens.get(label) } as InjectOptions & { token?: string });
    const context = `${req.method} ${req.url} as ${label}: ${res.body.slice(0, 200)}`;
    // Files (export, template, pay statement) are the only answers that are not the envelope.
    const isFile = /spreadsheetml|application\/pdf/.test(String(res.headers['content-type']));
    if (!isFile) expect(res.envelope?.success, context).toBeTypeOf('boolean');
    // The team's gate answers before any permission check.
    if (team !== undefined) expect(res.statusCode, context).toBe(team);
    else if (allow) {
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
      if (caller.kind !== 'user' || caller.permissions.ownTeamOnly) continue;
      const res = await t.call({ method: 'GET', url: '/api/employees/export', token: tokens.get(label) });
      expect(res.statusCode).toBe(200);
      const sheet = (await loadWorkbook(res.rawPayload)).worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).filter(Boolean);
      expect(header.includes('Calculated Salary'), `export as ${label}`).toBe(caller.permissions.showSalary);
      expect(header.includes('Compa-ratio'), `export as ${label}`).toBe(caller.permissions.showSalary);
      expect(header.includes('Total Cost'), `export as ${label}`).toBe(caller.permissions.showCost);
      // Gender (personal data) only for manageEmployee.
      expect(header.includes('Gender'), `export as ${label}`).toBe(caller.permissions.manageEmployee);
      // The import's 12 columns, the 3 days, the weekly hours and the hidden Row Key, then what
      // the caller may see: with showSalary the salary, its compa-ratio and the allowance's three
      // columns; with showCost the cost; the benefits not received with any of these or
      // manageEmployee.
      const { manageEmployee, showSalary, showCost } = caller.permissions;
      expect(sheet.columnCount).toBe(
        17 +
          Number(manageEmployee) +
          5 * Number(showSalary) +
          Number(showCost) +
          Number(showSalary || showCost || manageEmployee),
      );
    }
  });

  it('omits the keys from the list and a single employee, and refuses calculate', async () => {
    const id = await existingEmployee(t);
    for (const { label, caller } of CALLERS) {
      if (caller.kind !== 'user' || caller.permissions.ownTeamOnly) continue;
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
