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
import type { Db } from '../../src/db/client.ts';
import { IMPORT_HEADER, loadWorkbook, upload, xlsxOf } from '../excel/excel-files.ts';
import {
  newBaseSalary,
  newCompany,
  newEmployee,
  newFactor,
  newGrade,
  newJob,
  newLevel,
  newPosition,
  newSettings,
} from '../support/factories.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  buildTestApp,
  type TestContext,
  USER_PASSWORD,
} from '../support/helper.ts';

/*
 * The access-control matrix: every route with who may call it. A generated test calls
 * each route as every kind of caller and checks the answer against this one table.
 */

/** `moneyRules`: admin, showSalary, showSettings or manageSettings (architecture §5). */
type Who = 'public' | 'signedIn' | 'admin' | 'moneyRules' | PermissionKey;

interface RouteCase {
  name: string;
  who: Who;
  /** Builds a fresh request (fresh records for writes, so every caller meets the same state). */
  request: (db: Db) => Promise<InjectOptions & { url: string }>;
  /** What an allowed caller gets, when it is not a 2xx (e.g. a wrong current password). */
  allowedStatus?: number;
}

let seq = 0;
const unique = (prefix: string) => `${prefix} ${++seq}-${Math.random().toString(36).slice(2, 7)}`;

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

let plainUserId = async (_db: Db): Promise<number> => 0;
/** A fresh import's audit entry (imported by the administrator), so every caller meets one. */
let freshImportId = async (_db: Db): Promise<number> => 0;

export const ROUTES: RouteCase[] = [
  { name: 'health', who: 'public', request: async () => ({ method: 'GET', url: '/api/health' }) },
  {
    name: 'login',
    who: 'public',
    request: async () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    }),
  },
  // The SSO routes exist only with OIDC configured: apps/server/test/oidc covers them.
  {
    name: 'sign-in options',
    who: 'public',
    request: async () => ({ method: 'GET', url: '/api/auth/options' }),
  },
  { name: 'who am I', who: 'signedIn', request: async () => ({ method: 'GET', url: '/api/auth/me' }) },
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
  { name: 'list users', who: 'admin', request: async () => ({ method: 'GET', url: '/api/auth/users' }) },
  {
    name: 'my sessions',
    who: 'signedIn',
    request: async () => ({ method: 'GET', url: '/api/auth/sessions' }),
  },
  {
    name: 'end my other sessions',
    who: 'signedIn',
    request: async () => ({ method: 'DELETE', url: '/api/auth/sessions' }),
  },
  {
    name: "a user's sessions",
    who: 'admin',
    request: async (db) => ({ method: 'GET', url: `/api/auth/users/${await plainUserId(db)}/sessions` }),
  },
  {
    name: 'sign a user out everywhere',
    who: 'admin',
    request: async (db) => ({ method: 'DELETE', url: `/api/auth/users/${await plainUserId(db)}/sessions` }),
  },
  {
    name: 'create user',
    who: 'admin',
    request: async () => ({
      method: 'POST',
      url: '/api/auth/users',
      payload: {
        email: `${unique('u').replace(/\W/g, '')}@example.com`,
        name: 'New',
        password: 'Copper-violet-29',
      },
    }),
  },
  {
    name: 'update user',
    who: 'admin',
    request: async (db) => ({
      method: 'PUT',
      url: `/api/auth/users/${await plainUserId(db)}`,
      payload: { name: 'Renamed', permissions: {} },
    }),
  },
  {
    name: 'delete user',
    who: 'admin',
    request: async (db) => ({ method: 'DELETE', url: `/api/auth/users/${await plainUserId(db)}` }),
  },
  { name: 'list jobs', who: 'signedIn', request: async () => ({ method: 'GET', url: '/api/jobs' }) },
  {
    name: 'create job',
    who: 'manageSettings',
    request: async () => ({ method: 'POST', url: '/api/jobs', payload: { name: unique('Job') } }),
  },
  {
    name: 'update job',
    who: 'manageSettings',
    request: async (db) => ({
      method: 'PUT',
      url: `/api/jobs/${(await newJob(db)).id}`,
      payload: { name: unique('Job') },
    }),
  },
  {
    name: 'delete job',
    who: 'manageSettings',
    request: async (db) => ({ method: 'DELETE', url: `/api/jobs/${(await newJob(db)).id}` }),
  },
  {
    name: 'list positions',
    who: 'signedIn',
    request: async () => ({ method: 'GET', url: '/api/positions' }),
  },
  {
    name: 'create position',
    who: 'manageSettings',
    request: async (db) => ({
      method: 'POST',
      url: '/api/positions',
      payload: { name: unique('Position'), jobId: (await newJob(db)).id },
    }),
  },
  {
    name: 'update position',
    who: 'manageSettings',
    request: async (db) => {
      const job = await newJob(db);
      const p = await newPosition(db, job.id);
      return {
        method: 'PUT',
        url: `/api/positions/${p.id}`,
        payload: { name: unique('Position'), jobId: job.id },
      };
    },
  },
  {
    name: 'delete position',
    who: 'manageSettings',
    request: async (db) => ({
      method: 'DELETE',
      url: `/api/positions/${(await newPosition(db, (await newJob(db)).id)).id}`,
    }),
  },
  { name: 'list grades', who: 'signedIn', request: async () => ({ method: 'GET', url: '/api/grades' }) },
  {
    name: 'create grade',
    who: 'manageSettings',
    request: async () => ({ method: 'POST', url: '/api/grades', payload: { name: unique('Grade') } }),
  },
  {
    name: 'update grade',
    who: 'manageSettings',
    request: async (db) => ({
      method: 'PUT',
      url: `/api/grades/${(await newGrade(db)).id}`,
      payload: { name: unique('Grade') },
    }),
  },
  {
    name: 'reorder grades',
    who: 'manageSettings',
    request: async (db) => {
      const g = await newGrade(db);
      // A free order: a grade moved onto another's order is refused (409).
      const order = 100_000 + g.id;
      return { method: 'POST', url: '/api/grades/reorder', payload: { grades: [{ id: g.id, order }] } };
    },
  },
  { name: 'list levels', who: 'signedIn', request: async () => ({ method: 'GET', url: '/api/levels' }) },
  {
    name: 'create level',
    who: 'manageSettings',
    request: async () => ({ method: 'POST', url: '/api/levels', payload: { name: unique('Level') } }),
  },
  {
    name: 'update level',
    who: 'manageSettings',
    request: async (db) => ({
      method: 'PUT',
      url: `/api/levels/${(await newLevel(db)).id}`,
      payload: { name: unique('Level') },
    }),
  },
  {
    name: 'list base salaries',
    who: 'moneyRules',
    request: async () => ({ method: 'GET', url: '/api/base-salary' }),
  },
  {
    name: 'create base salary',
    who: 'manageSettings',
    request: async (db) => ({
      method: 'POST',
      url: '/api/base-salary',
      payload: { gradeId: (await newGrade(db)).id, levelId: (await newLevel(db)).id, amount: 1000 },
    }),
  },
  {
    name: 'update base salary',
    who: 'manageSettings',
    request: async (db) => {
      const g = await newGrade(db);
      const l = await newLevel(db);
      const b = await newBaseSalary(db, g.id, l.id, 1000);
      return {
        method: 'PUT',
        url: `/api/base-salary/${b.id}`,
        payload: { gradeId: g.id, levelId: l.id, amount: 1100 },
      };
    },
  },
  {
    name: 'delete base salary',
    who: 'manageSettings',
    request: async (db) => ({
      method: 'DELETE',
      url: `/api/base-salary/${(await newBaseSalary(db, (await newGrade(db)).id, (await newLevel(db)).id, 1000)).id}`,
    }),
  },
  {
    name: 'list adjustment factors',
    who: 'moneyRules',
    request: async () => ({ method: 'GET', url: '/api/adjustment-factors' }),
  },
  {
    name: 'create adjustment factor',
    who: 'manageSettings',
    request: async (db) => {
      const job = await newJob(db);
      const p = await newPosition(db, job.id);
      return {
        method: 'POST',
        url: '/api/adjustment-factors',
        payload: { jobId: job.id, positionId: p.id, factor: 0.1, type: 'PERCENTAGE' },
      };
    },
  },
  {
    name: 'update adjustment factor',
    who: 'manageSettings',
    request: async (db) => {
      const job = await newJob(db);
      const p = await newPosition(db, job.id);
      const f = await newFactor(db, job.id, p.id, 'FIXED', 100);
      return {
        method: 'PUT',
        url: `/api/adjustment-factors/${f.id}`,
        payload: { jobId: job.id, positionId: p.id, factor: 150, type: 'FIXED' },
      };
    },
  },
  {
    name: 'delete adjustment factor',
    who: 'manageSettings',
    request: async (db) => {
      const job = await newJob(db);
      const p = await newPosition(db, job.id);
      return {
        method: 'DELETE',
        url: `/api/adjustment-factors/${(await newFactor(db, job.id, p.id, 'FIXED', 1)).id}`,
      };
    },
  },
  { name: 'read settings', who: 'signedIn', request: async () => ({ method: 'GET', url: '/api/settings' }) },
  {
    name: 'save settings',
    who: 'manageSettings',
    request: async () => ({ method: 'PUT', url: '/api/settings', payload: settingsBody }),
  },
  {
    name: 'calculate',
    who: 'showSalary',
    request: async (db) => {
      const c = await newCompany(db, 3000);
      return {
        method: 'POST',
        url: '/api/calculate',
        payload: { jobId: c.job.id, positionId: c.position.id, gradeId: c.grade.id, levelId: c.level.id },
      };
    },
  },
  {
    name: 'list employees',
    who: 'signedIn',
    request: async () => ({ method: 'GET', url: '/api/employees' }),
  },
  {
    name: 'read employee',
    who: 'signedIn',
    request: async (db) => ({ method: 'GET', url: `/api/employees/${await existingEmployee(db)}` }),
  },
  {
    name: 'create employee',
    who: 'manageEmployee',
    request: async (db) => ({ method: 'POST', url: '/api/employees', payload: await employeeForm(db) }),
  },
  {
    name: 'update employee',
    who: 'manageEmployee',
    request: async (db) => ({
      method: 'PUT',
      url: `/api/employees/${await existingEmployee(db)}`,
      payload: await employeeForm(db),
    }),
  },
  {
    name: 'export employees',
    who: 'signedIn',
    request: async () => ({ method: 'GET', url: '/api/employees/export' }),
  },
  {
    name: 'download the import template',
    who: 'signedIn',
    request: async () => ({ method: 'GET', url: '/api/employees/template/download' }),
  },
  {
    name: 'import employees (dry run)',
    who: 'manageEmployee',
    request: async (db) => {
      const c = await newCompany(db, 3000);
      const file = await xlsxOf([
        IMPORT_HEADER,
        [
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
        ],
      ]);
      return { method: 'POST', url: '/api/employees/import?dryRun=true', ...upload(file) };
    },
  },
  {
    name: 'revert an import',
    who: 'admin',
    request: async (db) => ({ method: 'POST', url: `/api/audit/${await freshImportId(db)}/revert` }),
  },
  {
    name: 'pay transparency report',
    who: 'showSalary',
    request: async () => ({ method: 'GET', url: '/api/pay-transparency?category=grade' }),
  },
  {
    name: 'pay transparency report as .xlsx',
    who: 'showSalary',
    request: async () => ({ method: 'GET', url: '/api/pay-transparency/export' }),
  },
  {
    name: 'justify a pay gap',
    who: 'admin',
    request: async (db) => {
      const c = await newCompany(db, 3000);
      return {
        method: 'PUT',
        url: '/api/pay-transparency/justifications',
        payload: { categoryKind: 'job-grade', categoryKey: `${c.job.id}:${c.grade.id}`, text: 'Shift work' },
      };
    },
  },
  {
    name: 'pay statement',
    who: 'showSalary',
    request: async (db) => ({
      method: 'GET',
      url: `/api/employees/${await existingEmployee(db)}/pay-statement`,
    }),
  },
  {
    name: 'pay statement as PDF',
    who: 'showSalary',
    request: async (db) => ({
      method: 'GET',
      url: `/api/employees/${await existingEmployee(db)}/pay-statement.pdf`,
    }),
  },
  {
    name: 'delete employee',
    who: 'deleteEmployee',
    request: async (db) => ({ method: 'DELETE', url: `/api/employees/${await existingEmployee(db)}` }),
  },
];

let settingsBody: Record<string, unknown> = {};

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
  settingsBody = newSettings();
  plainUserId = async () => (await t.createUser()).user.id;
  freshImportId = async (db) => {
    const c = await newCompany(db, 3000);
    const row = ['', unique('Imported'), c.job.name, c.position.name, c.grade.name, c.level.name, 1, 1];
    const res = await t.call({
      method: 'POST',
      url: '/api/employees/import',
      token: t.adminToken,
      ...upload(await xlsxOf([IMPORT_HEADER, [...row, 'No', 'No', 'No', 'No']])),
    });
    if (res.statusCode !== 200) throw new Error(`import failed: ${res.body}`);
    const page = await t.call<{ entries: { id: number }[] }>({
      method: 'GET',
      url: '/api/audit?entityType=import&limit=1',
      token: t.adminToken,
    });
    return page.envelope.data.entries[0]!.id;
  };

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
  const stale = await t.createUser({ ...Object.fromEntries(PERMISSION_KEYS.map((k) => [k, true])) });
  const changer = await t.login(stale.email, USER_PASSWORD);
  await t.call({
    method: 'POST',
    url: '/api/auth/change-password',
    token: changer,
    payload: { currentPassword: USER_PASSWORD, newPassword: 'changed-password-1' },
  });
  tokens.set('a token from before a password change', stale.token);
  const gone = await t.createUser({ ...Object.fromEntries(PERMISSION_KEYS.map((k) => [k, true])) });
  await t.call({ method: 'DELETE', url: `/api/auth/users/${gone.user.id}`, token: t.adminToken });
  tokens.set("a deleted user's token", gone.token);
  for (const { label, caller } of CALLERS)
    if (caller.kind === 'user') tokens.set(label, (await t.createUser(caller.permissions)).token);
  tokens.set('an admin', t.adminToken);
});
afterAll(async () => t.close());

describe.each(ROUTES)('$name', (route) => {
  it.each(CALLERS)('as $label', async ({ label, caller }) => {
    const req = await route.request(t.database.db);
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
    await existingEmployee(t.database.db);
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
      // The import's 12 columns and the hidden Row Key, then what the caller may see.
      expect(sheet.columnCount).toBe(
        13 +
          Number(caller.permissions.manageEmployee) +
          Number(caller.permissions.showSalary) +
          Number(caller.permissions.showCost),
      );
    }
  });

  it('omits the keys from the list and a single employee, and refuses calculate', async () => {
    const id = await existingEmployee(t.database.db);
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
