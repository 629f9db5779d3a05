import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_HEADER, importFile, importRow, xlsOf } from '../excel/excel-files.ts';
import { addFormFor } from '../support/employee-forms.ts';
import { newSettings } from '../support/factories.ts';
import { ADMIN, buildTestApp, type TestContext } from '../support/helper.ts';
import { snapshot } from '../support/snapshot.ts';

/*
 * Text hygiene, generated over every text field the API takes: each C0 control character
 * and DEL inside an otherwise valid value is a 400 that names the field (never a 500 from
 * the database, which cannot store NUL), and a name made only of invisible characters is
 * empty. Nothing is written by any of them.
 */

const CONTROL = [...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f'];
/** Lone UTF-16 surrogates: JSON can carry them ("\ud800"), but they are not Unicode text. */
const BROKEN = ['\ud800', '\udfff', 'Ab\ud800cd', 'Ab\udc00cd', 'Ab\udbff'];
const INVISIBLE = ['\u200b', '\u200b\u200c\u200d', '\ufeff', ' \u2060 ', '\u3164', '\u2800', '\u00a0\u200e'];

interface TextField {
  route: string;
  method: 'POST' | 'PUT';
  url: string;
  body: (value: string) => Record<string, unknown>;
  /** The field the 400 must name (the dotted path in `data.fields`). */
  field: string;
  /** Whether a value of invisible characters only must count as empty. */
  isName: boolean;
}

let t: TestContext;
let fields: TextField[];
let employeeId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const c = await t.newCompany(3000);
  employeeId = await t.newEmployeeOf(c);
  const user = await t.createUser();
  const settingsBody = newSettings();
  const employee = (name: string, customMultipliers?: string[]) =>
    addFormFor(c, { name, ...(customMultipliers ? { customMultipliers } : {}) });
  const calc = { jobId: c.job.id, positionId: c.position.id, gradeId: c.grade.id, levelId: c.level.id };
  const strongPassword = 'Vq7#pLm2!xR9-tw';
  const name = (route: string, method: 'POST' | 'PUT', url: string, extra: Record<string, unknown> = {}) => ({
    route,
    method,
    url,
    body: (value: string) => ({ ...extra, name: value }),
    field: 'name',
    isName: true,
  });
  fields = [
    name('create job', 'POST', '/api/jobs'),
    name('update job', 'PUT', `/api/jobs/${c.job.id}`),
    name('create position', 'POST', '/api/positions', { jobId: c.job.id }),
    name('update position', 'PUT', `/api/positions/${c.position.id}`, { jobId: c.job.id }),
    name('create grade', 'POST', '/api/grades'),
    name('update grade', 'PUT', `/api/grades/${c.grade.id}`),
    name('create level', 'POST', '/api/levels'),
    name('update level', 'PUT', `/api/levels/${c.level.id}`),
    name('update user', 'PUT', `/api/auth/users/${user.user.id}`, { permissions: {} }),
    name('create user (name)', 'POST', '/api/auth/users', {
      email: 'hygiene@example.com',
      password: strongPassword,
    }),
    {
      route: 'create user (password)',
      method: 'POST',
      url: '/api/auth/users',
      body: (value) => ({
        email: 'hygiene@example.com',
        name: 'Hygiene',
        password: `${strongPassword}${value}x`,
      }),
      field: 'password',
      isName: false,
    },
    {
      route: 'create user (email)',
      method: 'POST',
      url: '/api/auth/users',
      body: (value) => ({ email: `hy${value}giene@example.com`, name: 'Hygiene', password: strongPassword }),
      field: 'email',
      isName: false,
    },
    {
      route: 'login (password)',
      method: 'POST',
      url: '/api/auth/login',
      body: (value) => ({ email: ADMIN.email, password: `pass${value}word` }),
      field: 'password',
      isName: false,
    },
    {
      route: 'change password (new)',
      method: 'POST',
      url: '/api/auth/change-password',
      body: (value) => ({ currentPassword: 'whatever', newPassword: `${strongPassword}${value}x` }),
      field: 'newPassword',
      isName: false,
    },
    { ...name('create employee (name)', 'POST', '/api/employees'), body: employee },
    { ...name('update employee (name)', 'PUT', `/api/employees/${employeeId}`), body: employee },
    {
      route: 'update employee (custom multiplier id)',
      method: 'PUT',
      url: `/api/employees/${employeeId}`,
      body: (value) => employee('Kept Name', [`cm_${value}x`]),
      field: 'customMultipliers.0',
      isName: false,
    },
    {
      route: 'save settings (benefit name)',
      method: 'PUT',
      url: '/api/settings',
      body: (value) => ({ ...settingsBody, benefits: [{ name: value, amount: 10, type: 'FIXED_AMOUNT' }] }),
      field: 'benefits.0.name',
      isName: true,
    },
    {
      route: 'save settings (custom multiplier title)',
      method: 'PUT',
      url: '/api/settings',
      body: (value) => ({
        ...settingsBody,
        customMultipliers: [{ id: 'tmp-1', title: value, multiplier: 2, type: 'PERCENTAGE' }],
      }),
      field: 'customMultipliers.0.title',
      isName: true,
    },
    {
      route: 'save settings (custom multiplier id)',
      method: 'PUT',
      url: '/api/settings',
      body: (value) => ({
        ...settingsBody,
        customMultipliers: [{ id: `cm_${value}1`, title: 'Bonus', multiplier: 2, type: 'PERCENTAGE' }],
      }),
      field: 'customMultipliers.0.id',
      isName: false,
    },
    {
      route: 'justify a pay gap (text)',
      method: 'PUT',
      url: '/api/pay-transparency/justifications',
      body: (value) => ({ categoryKind: 'grade', categoryKey: String(c.grade.id), text: value }),
      field: 'text',
      isName: false,
    },
    {
      route: 'record a pay request (note)',
      method: 'POST',
      url: '/api/pay-transparency/requests',
      body: (value) => ({ employeeId, receivedOn: '2026-01-15', note: value }),
      field: 'note',
      isName: false,
    },
    {
      route: 'calculate (custom multiplier title)',
      method: 'POST',
      url: '/api/calculate',
      body: (value) => ({
        ...calc,
        customMultipliers: [{ title: value, type: 'PERCENTAGE', value: 1, checked: true }],
      }),
      field: 'customMultipliers.0.title',
      isName: true,
    },
  ];
});
afterAll(async () => t.close());

type Answer = { statusCode: number; body: string; envelope: { message: string; data: unknown } };
const namedFields = (res: Answer) =>
  ((res.envelope.data as { fields?: Array<{ field: string }> } | null)?.fields ?? []).map((f) => f.field);

describe('text hygiene', () => {
  it('refuses every control character in every text field with a 400 naming the field, and writes nothing', async () => {
    const before = await snapshot(t.database.db);
    let calls = 0;
    for (const f of fields) {
      for (const ch of CONTROL) {
        // Inside the value, so trimming cannot make it disappear.
        const res = (await t.callAsAdmin({
          method: f.method,
          url: f.url,
          payload: f.body(f.isName ? `Ab${ch}cd` : ch),
        })) as Answer;
        const context = `${f.route} with U+${ch.charCodeAt(0).toString(16).padStart(4, '0')}: ${res.body.slice(0, 200)}`;
        expect(res.statusCode, context).toBe(400);
        expect(namedFields(res), context).toContain(f.field);
        calls++;
      }
    }
    expect(calls).toBe(fields.length * CONTROL.length);
    expect(await snapshot(t.database.db)).toBe(before);
  });

  it('refuses text that is not valid Unicode (a lone surrogate) in every text field with a 400 naming the field', async () => {
    const before = await snapshot(t.database.db);
    for (const f of fields) {
      for (const value of BROKEN) {
        const res = (await t.callAsAdmin({ method: f.method, url: f.url, payload: f.body(value) })) as Answer;
        const context = `${f.route} with ${JSON.stringify(value)}: ${res.body.slice(0, 200)}`;
        expect(res.statusCode, context).toBe(400);
        expect(res.envelope.message, context).toMatch(/must be valid text|Enter a valid email address/);
        expect(namedFields(res), context).toContain(f.field);
      }
    }
    expect(await snapshot(t.database.db)).toBe(before);
  });

  it('counts a name of invisible characters only as empty', async () => {
    const before = await snapshot(t.database.db);
    for (const f of fields.filter((x) => x.isName)) {
      for (const value of INVISIBLE) {
        const res = (await t.callAsAdmin({ method: f.method, url: f.url, payload: f.body(value) })) as Answer;
        const context = `${f.route} with ${JSON.stringify(value)}: ${res.body.slice(0, 200)}`;
        expect(res.statusCode, context).toBe(400);
        expect(res.envelope.message, context).toMatch(/is required/);
        expect(namedFields(res), context).toContain(f.field);
      }
    }
    expect(await snapshot(t.database.db)).toBe(before);
    // A visible name with a zero-width joiner inside (as in many scripts and emoji) is fine.
    const ok = await t.callAsAdmin({ method: 'POST', url: '/api/jobs', payload: { name: 'Dev\u200dOps' } });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a NUL in a cell of an .xls import, naming the row and column, and writes nothing', async () => {
    const c = await t.newCompany(4000);
    const before = await snapshot(t.database.db);
    const file = xlsOf([IMPORT_HEADER, importRow(c, { Name: 'Nul\u0000Person', 'Years with Company': 1 })]);
    const res = await importFile(t, file, { filename: 'employees.xls', query: '?dryRun=false' });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.body).toContain('Name must not contain control characters');
    expect(await snapshot(t.database.db)).toBe(before);
  });
});

describe('query values', () => {
  it('refuses list and object query values instead of silently ignoring the filter', async () => {
    for (const query of [
      'gradeId[]=1',
      'gradeId[a]=1',
      'gradeId[]=1&gradeId[]=2',
      'levelId=1&levelId=2',
      'salaryFrom[x]=1',
    ]) {
      const res = (await t.callAsAdmin({ method: 'GET', url: `/api/employees?${query}` })) as Answer;
      expect(res.statusCode, `?${query}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.envelope.message).toMatch(/must be a single value|is not a valid|Must be/);
    }
    for (const query of ['jobId[]=1', 'jobId[a]=1']) {
      const res = await t.callAsAdmin({ method: 'GET', url: `/api/positions?${query}` });
      expect(res.statusCode, `positions ?${query}`).toBe(400);
    }
    const plain = await t.callAsAdmin<unknown[]>({ method: 'GET', url: '/api/employees?gradeId=999999' });
    expect(plain.statusCode).toBe(200);
    expect(plain.envelope.data).toEqual([]);
  });
});

describe('grade reorder', () => {
  it('refuses two grades on one order, in the request or against a grade it does not move', async () => {
    const a = await t.newGrade('Reorder A', 500_001);
    const b = await t.newGrade('Reorder B', 500_002);
    const reorder = async (grades: Array<{ id: number; order: number }>) =>
      (await t.callAsAdmin({ method: 'POST', url: '/api/grades/reorder', payload: { grades } })) as Answer;
    const before = await snapshot(t.database.db);
    const same = await reorder([
      { id: a.id, order: 7 },
      { id: b.id, order: 7 },
    ]);
    expect(same.statusCode).toBe(400);
    expect(same.envelope.message).toContain('Order 7 is given to more than one grade');
    const onto = await reorder([{ id: a.id, order: 500_002 }]);
    expect(onto.statusCode).toBe(409);
    expect(onto.envelope.message).toBe('Grades "Reorder A" and "Reorder B" would share order 500002');
    expect(await snapshot(t.database.db)).toBe(before);
    const swap = await reorder([
      { id: a.id, order: 500_002 },
      { id: b.id, order: 500_001 },
    ]);
    expect(swap.statusCode).toBe(200);
  });
});
