import {
  canReadMoneyRules,
  NO_PERMISSIONS,
  PERMISSION_KEYS,
  type Permissions,
} from '@salary/shared/common/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyValue, importFile, loadWorkbook } from '../excel/excel-files.ts';
import { idsOf } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { spellings } from '../support/pay-reconstruction.ts';

/*
 * The leak test. Every money rule holds a distinctive amount; one employee uses every rule,
 * so its salary and cost are distinctive too. Then every GET route of the API (read from the
 * app's own OpenAPI document, so a new route is covered the day it is added), the exported
 * and template workbooks, an import report and the error messages of refused calls are read
 * as a user of each permission set, and no answer may hold a value that user may not see:
 * - the money rules' values without admin, showSalary, showSettings or manageSettings;
 * - the salary, its compa-ratio, and the employee's own pay component (an individual allowance,
 *   stored on its versions), without showSalary; the cost without showCost;
 * - the employee's gender (personal data: OTHER here, a word no fixed text of the app holds in
 *   capitals) and any "gender" key without manageEmployee.
 */

const RULE_VALUES = {
  baseSalary: 7777.77,
  fixedFactor: 6161.61,
  experience: 5151.51,
  loyaltyPercent: 4.37,
  offshore: 3131.31,
  actingAs: 2121.21,
  pillar: 1919.19,
  remote: 1818.18,
  customMultiplier: 1717.17,
  benefitFixed: 1616.16,
  benefitPercent: 13.13,
  insuranceTotal: 12.12,
  insuranceCompany: 71.71,
};

/** The employee's own component: an individual allowance, pay of that employee (showSalary). */
const OWN_ALLOWANCE = 1414.14;

let t: TestContext;
let employeeId: number;
let salary: number;
let cost: number;
/** The employee's compa-ratio: (base + fixed factor + own allowance) ÷ base, 15,353.52 / 7,777.77 → 1.97. */
let compaRatio: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const job = await t.newJob('Leak Job');
  const position = await t.newPosition(job.id, 'Leak Position');
  const grade = await t.newGrade('Leak Grade');
  const level = await t.newLevel('Leak Level');
  const base = await t.newBaseSalary(grade.id, level.id, RULE_VALUES.baseSalary);
  const factor = await t.newFactor(job.id, position.id, 'FIXED', RULE_VALUES.fixedFactor);
  await t.setSettings({
    experienceMultiplier: RULE_VALUES.experience,
    experienceMultiplierType: 'FIXED',
    loyaltyMultiplier: RULE_VALUES.loyaltyPercent,
    loyaltyMultiplierType: 'PERCENTAGE',
    offshoreMultiplier: RULE_VALUES.offshore,
    offshoreMultiplierType: 'FIXED',
    actingAsMultiplier: RULE_VALUES.actingAs,
    actingAsMultiplierType: 'FIXED',
    pillarMultiplier: RULE_VALUES.pillar,
    pillarMultiplierType: 'FIXED',
    remoteMultiplier: RULE_VALUES.remote,
    remoteMultiplierType: 'FIXED',
    customMultipliers: [
      { id: 'cm_leak', title: 'Leak Bonus', multiplier: RULE_VALUES.customMultiplier, type: 'FIXED' },
    ],
    benefits: [
      { name: 'Leak Meal', amount: RULE_VALUES.benefitFixed, type: 'FIXED_AMOUNT' },
      { name: 'Leak Pension', amount: RULE_VALUES.benefitPercent, type: 'PERCENTAGE' },
    ],
    socialInsuranceEnabled: true,
    socialInsuranceType: 'COMPANY_PERCENTAGE',
    totalInsurancePercentage: RULE_VALUES.insuranceTotal,
    companyInsurancePercentage: RULE_VALUES.insuranceCompany,
  });
  employeeId = await t.newEmployee({
    name: 'Leak Person',
    jobId: job.id,
    positionId: position.id,
    gradeId: grade.id,
    levelId: level.id,
    yearsExperience: 1,
    yearsWithCompany: 3,
    offshoreProject: true,
    actingAsDifferentGrade: true,
    pillar: true,
    remote: true,
    customMultiplierIds: ['cm_leak'],
    gender: 'OTHER',
  });
  // Written as the employee page writes it: its own route, from today.
  const written = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${employeeId}/allowance`,
    payload: { allowance: { type: 'FIXED', value: OWN_ALLOWANCE, reason: 'Leak Allowance' } },
  });
  expect(written.statusCode, written.body).toBe(200);
  Object.assign(ids, idsOf({ job, position, grade, level, base, factor }));
  // An entry of a distinctive amount's change, for Revert: refused to all but admins.
  await t.callAsAdmin({
    method: 'PUT',
    url: `/api/base-salary/${base.id}`,
    payload: { gradeId: grade.id, levelId: level.id, amount: RULE_VALUES.baseSalary },
  });
  const page = await t.callAsAdmin<{ entries: { id: number }[] }>({
    method: 'GET',
    url: `/api/audit?entityType=baseSalary&entityId=${base.id}&limit=1`,
  });
  ids.baseEntry = page.envelope.data.entries[0]!.id;
  const asAdmin = await t.callAsAdmin<{
    calculatedSalary: number;
    accumulatedCost: number;
    compaRatio: number;
  }>({
    method: 'GET',
    url: `/api/employees/${employeeId}`,
  });
  salary = asAdmin.envelope.data.calculatedSalary;
  cost = asAdmin.envelope.data.accumulatedCost;
  compaRatio = asAdmin.envelope.data.compaRatio;
});
afterAll(async () => t.close());

function forbiddenFor(p: Permissions): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  if (!canReadMoneyRules({ isAdmin: false, permissions: p }))
    for (const [name, value] of Object.entries(RULE_VALUES)) out.push([name, value]);
  // Limited to a team the leak employee is not in: none of its pay, whatever else is granted.
  if (!p.showSalary || p.ownTeamOnly)
    out.push(['salary', salary], ['own allowance', OWN_ALLOWANCE], ['compa-ratio', compaRatio]);
  if (!p.showCost || p.ownTeamOnly) out.push(['cost', cost]);
  return out;
}

const GENDER_SPELLINGS = /"gender"\s*:|\bOTHER\b/;

function expectNoLeak(text: string, forbidden: Array<[string, number]>, context: string, personal = true) {
  for (const [name, value] of forbidden)
    expect(text, `${context} reveals ${name} (${value})`).not.toMatch(spellings(value));
  if (!personal) expect(text, `${context} reveals a gender`).not.toMatch(GENDER_SPELLINGS);
}

const CALLERS: Array<[string, Permissions]> = [
  ['a plain user', NO_PERMISSIONS],
  ...PERMISSION_KEYS.map((key): [string, Permissions] => [
    `a user with only ${key}`,
    { ...NO_PERMISSIONS, [key]: true },
  ]),
  [
    'a user with every flag but showSalary and showCost',
    { ...NO_PERMISSIONS, manageEmployee: true, deleteEmployee: true },
  ],
  // Every grant again, limited to a team of their own (Own team only) without the leak employee.
  ...PERMISSION_KEYS.filter((key) => key !== 'ownTeamOnly').map((key): [string, Permissions] => [
    `a manager with only ${key}, limited to their own team`,
    { ...NO_PERMISSIONS, [key]: true, ownTeamOnly: true },
  ]),
  [
    'a manager with every grant, limited to their own team',
    Object.fromEntries(PERMISSION_KEYS.map((key) => [key, true])) as Permissions,
  ],
];

/** A user who is a new employee with one report of their own: a team without the leak employee. */
async function managerOfOwnTeam(permissions: Permissions) {
  const job = await t.newJob(`Team Job ${Math.random().toString(36).slice(2, 8)}`);
  const position = await t.newPosition(job.id, 'Team Position');
  const place = { jobId: job.id, positionId: position.id, gradeId: ids.grade!, levelId: ids.level! };
  const manager = await t.newEmployee({ ...place, name: 'Team Manager' });
  const report = await t.newEmployee({ ...place, name: 'Team Report' });
  await t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${report}/manager`,
    payload: { managerId: manager },
  });
  return t.createUser(permissions, { employeeId: manager });
}

/** Every GET operation of the OpenAPI document, with its path parameters filled in. */
function getRoutes(): string[] {
  const doc = (
    t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }
  ).swagger();
  return Object.entries(doc.paths)
    .filter(([, ops]) => 'get' in ops)
    .map(([path]) => path.replace('{id}', String(employeeId)))
    .filter((path) => path.startsWith('/api/') && !path.startsWith('/api/docs'));
}

describe('no answer holds a value its reader may not see', () => {
  it('knows the figures it looks for', () => {
    expect(salary).toBeGreaterThan(RULE_VALUES.baseSalary);
    expect(cost).toBeGreaterThan(salary);
    expect(compaRatio).toBe(1.97);
    expect(getRoutes()).toEqual(
      expect.arrayContaining(['/api/employees', '/api/settings', '/api/base-salary']),
    );
  });

  it('checks itself: an admin reads every distinctive value somewhere', async () => {
    let all = '';
    for (const url of getRoutes()) all += (await t.callAsAdmin({ method: 'GET', url })).body;
    for (const [name, value] of forbiddenFor(NO_PERMISSIONS)) {
      // The percentage benefit and insurance figures are percent values, read as sent.
      expect(all, `admin should see ${name}`).toMatch(spellings(value));
    }
    expect(all, 'admin should see the gender').toMatch(GENDER_SPELLINGS);
  });

  for (const [label, permissions] of CALLERS) {
    it(`as ${label}`, async () => {
      const { token } = permissions.ownTeamOnly
        ? await managerOfOwnTeam(permissions)
        : await t.createUser(permissions);
      const forbidden = forbiddenFor(permissions);
      const personal = permissions.manageEmployee;
      for (const url of getRoutes()) {
        const res = await t.call({ method: 'GET', url, token });
        expect(res.statusCode, url).toBeLessThan(500);
        const text = res.headers['content-type']?.toString().includes('spreadsheetml')
          ? JSON.stringify(everyValue(await loadWorkbook(res.rawPayload)))
          : res.body;
        expectNoLeak(text, forbidden, `GET ${url}`, personal);
        // The team's own genders may show; the leak employee's (OTHER) and name never.
        if (permissions.ownTeamOnly)
          expect(text, `GET ${url} names the leak employee`).not.toMatch(/Leak Person|\bOTHER\b/);
      }
      // The file this user exported, imported back as a dry run: the report holds nothing more.
      const exported = await t.call({ method: 'GET', url: '/api/employees/export', token });
      if (exported.statusCode === 200) {
        const report = await importFile(t, exported.rawPayload, { token, query: '?dryRun=true' });
        expect(report.statusCode).toBeLessThan(500);
        expectNoLeak(report.body, forbidden, 'import report', personal);
      }
      // Refused and failed writes: their messages name things, never amounts.
      const writes = [
        {
          method: 'POST',
          url: '/api/calculate',
          payload: { jobId: ids.job, positionId: ids.position, gradeId: ids.grade, levelId: ids.level },
        },
        {
          method: 'POST',
          url: '/api/base-salary',
          payload: { gradeId: ids.grade, levelId: ids.level, amount: 1 },
        },
        {
          method: 'POST',
          url: '/api/adjustment-factors',
          payload: { jobId: ids.job, positionId: ids.position, factor: 1, type: 'FIXED' },
        },
        {
          method: 'PUT',
          url: `/api/base-salary/${ids.base}`,
          payload: { gradeId: ids.grade, levelId: 999_999, amount: 1 },
        },
        { method: 'DELETE', url: '/api/adjustment-factors/999999' },
        {
          method: 'PUT',
          url: `/api/employees/${employeeId}`,
          payload: { name: 'Leak Person', gender: 'MALE' },
        },
        { method: 'PUT', url: `/api/employees/${employeeId}`, payload: { name: '', gender: 'nope' } },
        { method: 'POST', url: `/api/audit/${ids.baseEntry}/revert` },
      ] as const;
      for (const write of writes) {
        const res = await t.call({ ...write, token });
        if (write.url === '/api/calculate' && permissions.showSalary) continue;
        expectNoLeak(res.body, forbidden, `${write.method} ${write.url}`, personal);
      }
    });
  }
});
