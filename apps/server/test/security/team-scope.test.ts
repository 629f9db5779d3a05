import { NO_PERMISSIONS, type Permissions, teamScoped } from '@salary/shared/common/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ROUTES } from '../../src/plugins/team-scope.plugin.ts';
import { everyValue, loadWorkbook } from '../excel/excel-files.ts';
import { ALL_PERMISSIONS, buildTestApp, type TestContext } from '../support/helper.ts';
import { spellings } from '../support/pay-reconstruction.ts';
import { WRITE_REQUESTS } from '../support/route-requests.ts';

/*
 * Own team only. A company with a reporting line — Boss ← Anna ← Carl, and Olga, who reports
 * to no one — and a user who is Boss. Every route of the OpenAPI document, read and write, is
 * called as that user with each set of grants: no answer or file may hold Olga (her name, her
 * salary, her id's records), the lists hold exactly Anna and Carl, and a route not listed for
 * a limited user is refused.
 */

/** Olga's pay: a distinctive base salary, in no other employee's pay. */
const OUTSIDER_BASE = 8686.86;
/** A fixed amount per year of experience: Olga's three years make her salary her own. */
const EXPERIENCE = 111.11;

let t: TestContext;
const ids = { boss: 0, anna: 0, carl: 0, olga: 0 };
let olgaSalary = 0;
const NAMES = { boss: 'Boss Bauer', anna: 'Anna Adler', carl: 'Carl Cramer', olga: 'Olga Outsider' };

const setManager = (id: number, managerId: number | null, token?: string) =>
  t.call({
    method: 'PUT',
    url: `/api/employees/${id}/manager`,
    payload: { managerId },
    token: token ?? t.adminToken,
  });

beforeAll(async () => {
  t = await buildTestApp();
  const c = await t.newCompany(3000);
  const grade = await t.newGrade('Outsider Grade');
  await t.newBaseSalary(grade.id, c.level.id, OUTSIDER_BASE);
  ids.boss = await t.newEmployeeOf(c, { name: NAMES.boss });
  ids.anna = await t.newEmployeeOf(c, { name: NAMES.anna });
  ids.carl = await t.newEmployeeOf(c, { name: NAMES.carl });
  await t.setSettings({ experienceMultiplier: EXPERIENCE, experienceMultiplierType: 'FIXED' });
  ids.olga = await t.newEmployeeOf(c, { name: NAMES.olga, gradeId: grade.id, yearsExperience: 3 });
  for (const [id, manager] of [
    [ids.anna, ids.boss],
    [ids.carl, ids.anna],
  ] as const)
    expect((await setManager(id, manager)).statusCode).toBe(200);
  const olga = await t.callAsAdmin<{ calculatedSalary: number }>({
    method: 'GET',
    url: `/api/employees/${ids.olga}`,
  });
  olgaSalary = olga.envelope.data.calculatedSalary;
});
afterAll(async () => t.close());

let linked: number | undefined;
/** A new user who is Boss, with `permissions` (the last one linked to Boss is deleted first). */
async function bossUser(permissions: Permissions) {
  if (linked !== undefined) await t.callAsAdmin({ method: 'DELETE', url: `/api/auth/users/${linked}` });
  const made = await t.createUser(permissions, { employeeId: ids.boss });
  linked = made.user.id;
  return made.token;
}

/** Every operation of the OpenAPI document: `METHOD /api/path/:id`. */
function operations(): string[] {
  const doc = (
    t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }
  ).swagger();
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

/** Olga's name, her salary in any spelling, or a record naming her as its employee. */
const olgaPattern = () =>
  new RegExp(`${NAMES.olga}|${spellings(olgaSalary).source}|"employeeId":${ids.olga}[,}]`);

async function bodyText(res: { headers: Record<string, unknown>; body: string; rawPayload: Buffer }) {
  return String(res.headers['content-type']).includes('spreadsheetml')
    ? JSON.stringify(everyValue(await loadWorkbook(res.rawPayload)))
    : res.body;
}

describe('the reporting line', () => {
  it('prices Olga distinctly: her grade and her years, a figure no rule holds', () => {
    expect(olgaSalary).toBeCloseTo(OUTSIDER_BASE + 3 * EXPERIENCE, 2);
  });

  it('answers each employee with whom they report to', async () => {
    const list = await t.callAsAdmin<Array<{ id: number; managerId: number | null }>>({
      method: 'GET',
      url: '/api/employees',
    });
    const managers = new Map(list.envelope.data.map((e) => [e.id, e.managerId]));
    expect([managers.get(ids.anna), managers.get(ids.carl), managers.get(ids.olga)]).toEqual([
      ids.boss,
      ids.anna,
      null,
    ]);
  });

  it('refuses a loop, oneself and no such employee, saying why, and changes nothing', async () => {
    const loop = await setManager(ids.boss, ids.carl);
    expect(loop.statusCode).toBe(400);
    expect(loop.envelope.message).toBe(
      `${NAMES.carl} already reports to ${NAMES.boss}, directly or through others: choose someone outside ${NAMES.boss}'s team`,
    );
    const self = await setManager(ids.anna, ids.anna);
    expect([self.statusCode, self.envelope.message]).toEqual([
      400,
      'An employee cannot report to themselves',
    ]);
    const none = await setManager(ids.anna, 999_999);
    expect([none.statusCode, none.envelope.message]).toEqual([
      400,
      'Manager must be an employee of the directory',
    ]);
    const bad = await setManager(ids.anna, 'x' as unknown as number);
    expect(bad.statusCode).toBe(400);
    const boss = await t.callAsAdmin<{ managerId: number | null }>({
      method: 'GET',
      url: `/api/employees/${ids.boss}`,
    });
    expect(boss.envelope.data.managerId).toBeNull();
  });

  it('writes the change in the audit trail in words', async () => {
    const olga = await t.newEmployeeOf(await t.newCompany(3000), { name: 'Temp Manager Test' });
    expect((await setManager(olga, ids.boss)).statusCode).toBe(200);
    const page = await t.callAsAdmin<{ entries: Array<{ summary: string; described?: string[] }> }>({
      method: 'GET',
      url: `/api/audit?entityType=employee&entityId=${olga}&limit=1`,
    });
    expect(JSON.stringify(page.envelope.data.entries[0])).toContain(`Manager: ${NAMES.boss}`);
    expect((await setManager(olga, null)).statusCode).toBe(200);
  });

  it('links a user to one employee at most, and refuses an unknown one', async () => {
    const linked = await t.createUser(NO_PERMISSIONS, { employeeId: ids.anna });
    expect(linked.user.employeeId).toBe(ids.anna);
    const again = await t.callAsAdmin({
      method: 'POST',
      url: '/api/auth/users',
      payload: {
        email: 'second-anna@example.com',
        name: 'Second',
        password: 'Copper-violet-29',
        employeeId: ids.anna,
      },
    });
    expect([again.statusCode, again.envelope.message]).toEqual([
      409,
      'That employee is already linked to another user',
    ]);
    const unknown = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/auth/users/${linked.user.id}`,
      payload: { name: 'x', permissions: NO_PERMISSIONS, employeeId: 999_999 },
    });
    expect([unknown.statusCode, unknown.envelope.message]).toEqual([
      400,
      'Employee must be an employee of the directory',
    ]);
  });

  it('never limits an administrator', () => {
    expect(teamScoped({ isAdmin: true, permissions: { ...NO_PERMISSIONS, ownTeamOnly: true } })).toBe(false);
    expect(teamScoped({ isAdmin: false, permissions: { ...NO_PERMISSIONS, ownTeamOnly: true } })).toBe(true);
  });
});

describe('a manager limited to their own team', () => {
  const GRANTS: Array<[string, Partial<Permissions>]> = [
    ['no other grant', {}],
    ['every grant', ALL_PERMISSIONS],
    ['showSalary and showCost', { showSalary: true, showCost: true }],
  ];

  it('lists only routes that exist', () => {
    const all = new Set(operations());
    for (const key of Object.keys(TEAM_ROUTES)) expect(all, key).toContain(key);
  });

  for (const [label, grants] of GRANTS) {
    it(`reads nothing outside the team through any route (${label})`, async () => {
      const token = await bossUser({ ...NO_PERMISSIONS, ...grants, ownTeamOnly: true });
      const forbiddenText = olgaPattern();
      for (const op of operations()) {
        const [method, path] = op.split(' ') as [string, string];
        // These end the caller's own sessions and answer nothing of anyone else.
        if (op === 'POST /api/auth/logout' || op === 'DELETE /api/auth/sessions') continue;
        const rule = TEAM_ROUTES[op];
        const build = WRITE_REQUESTS[op];
        // Reads of Olga's id and of Anna's; writes (a real request's body) of Olga's id only.
        const urls = path.includes(':id')
          ? [
              path.replace(':id', String(ids.olga)),
              ...(method === 'GET' ? [path.replace(':id', String(ids.anna))] : []),
            ]
          : [path];
        for (const url of urls) {
          const request = method !== 'GET' && build ? { ...(await build(t)), url } : { method, url };
          const res = await t.call({ ...(request as { method: 'GET'; url: string }), token });
          const context = `${method} ${url} (${label}): ${res.statusCode} ${res.body.slice(0, 160)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          // A public route (health, sign-in) answers anyone, holding no employee.
          const isPublic =
            (await t.call({ method: 'GET', url: '/api/auth/me' })).statusCode === 401 &&
            (await t.call({ ...(request as { method: 'GET'; url: string }), token: undefined }))
              .statusCode !== 401;
          if (rule === undefined && !isPublic) expect(res.statusCode, context).toBe(403);
          if (rule === 'member' && url.includes(String(ids.olga))) expect(res.statusCode, context).toBe(404);
          const text = await bodyText(res);
          expect(
            text.match(forbiddenText)?.[0] ?? null,
            `${context} ${text.match(forbiddenText)?.index}`,
          ).toBeNull();
        }
      }
      const list = await t.call<Array<{ id: number }>>({ method: 'GET', url: '/api/employees', token });
      expect(list.envelope.data.map((e) => e.id).sort()).toEqual([ids.anna, ids.carl].sort());
      if (grants.showSalary) {
        // Pay Overview counts the team: Anna and Carl, on the team's own pay.
        const overview = await t.call<{ headcount: number }>({ method: 'GET', url: '/api/insights', token });
        expect(overview.envelope.data.headcount).toBe(2);
      }
      const exported = await t.call({ method: 'GET', url: '/api/employees/export', token });
      const cells = JSON.stringify(everyValue(await loadWorkbook(exported.rawPayload)));
      expect(cells).toContain(NAMES.anna);
      expect(cells).toContain(NAMES.carl);
      expect(cells).not.toContain(NAMES.boss);
    });
  }

  it('reads no one at all without a linked employee', async () => {
    const { token } = await t.createUser({ showSalary: true, ownTeamOnly: true });
    const list = await t.call<unknown[]>({ method: 'GET', url: '/api/employees', token });
    expect([list.statusCode, list.envelope.data]).toEqual([200, []]);
    const one = await t.call({ method: 'GET', url: `/api/employees/${ids.anna}`, token });
    expect(one.statusCode).toBe(404);
  });

  it('moves a member only within the team, never out of it', async () => {
    const token = await bossUser({ ...NO_PERMISSIONS, manageEmployee: true, ownTeamOnly: true });
    const out = await setManager(ids.carl, ids.olga, token);
    expect(out.statusCode).toBe(403);
    expect(out.envelope.message).toBe('Your access is limited to your own team');
    const olga = await setManager(ids.olga, ids.anna, token);
    expect(olga.statusCode).toBe(404);
    const carl = await t.callAsAdmin<{ managerId: number }>({
      method: 'GET',
      url: `/api/employees/${ids.carl}`,
    });
    expect(carl.envelope.data.managerId).toBe(ids.anna);
  });
});
