import { todayIn } from '@salary/shared/common/calendar-day';
import {
  asBasisPoints,
  asCents,
  basisPointsToFraction,
  fractionToBasisPoints,
  fromCents,
  toCents,
} from '@salary/shared/common/money';
import {
  PAY_DERIVATION_TABLE,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  type Permissions,
  payDerivation,
} from '@salary/shared/common/permissions';
import { INSIGHT_CHARTS } from '@salary/shared/insights/insights.contract';
import type { Settings } from '@salary/shared/settings/settings.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/lib/passwords.ts';
import { createUsersRepository } from '../../src/modules/users/users.repository.ts';
import { runDemoSeed } from '../../src/seed/demo.ts';
import { everyValue, loadWorkbook } from '../excel/excel-files.ts';
import { calculatorProfileOf } from '../support/employee-forms.ts';
import { buildTestApp, type TestContext, USER_PASSWORD } from '../support/helper.ts';
import {
  type Answer,
  achieved,
  employeesOf,
  harvestedCount,
  ranksAlike,
  rebuild,
  spellings,
} from '../support/pay-reconstruction.ts';
import { currentSettings } from '../support/route-requests.ts';

/*
 * The reconstruction check: what each permission set can work out about pay, not only what
 * it reads. For every one of the 64 sets of the six permissions (generated) a user signs in
 * on a demo company and reads everything the API lets it read — every GET route of the
 * OpenAPI document, for every employee, every page, every file — then tries to rebuild each
 * employee's gross with the app's own pricing from only those answers (the rule routes, the
 * settings' values, or any rule amount written in a text), and failing that to rank everyone
 * by a total cost it read. What it achieved must be what PAY_DERIVATION_TABLE (and
 * docs/security.md) says for that set; a set that may not derive exact pay finds no rule
 * amount and no salary in anything it read, and one that derives nothing finds no cost either.
 *
 * After seeding, every money rule is changed once, at most three changes a save, so each rule's
 * current amount is written in a pay-history cause and an audit summary: the texts hold
 * everything needed, and only the viewer's rights keep the amounts out of them.
 */

const EMPLOYEES = 30;

let t: TestContext;
/** Each employee's gross and total cost, as an administrator reads them. */
const gross = new Map<number, number>();
const cost = new Map<number, number>();
let employeeIds: number[] = [];
/** The raise cycle made before the sets read (its routes are read like the rest). */
let raiseCycleId = 0;
let adminAnswers: Answer[];
/** A valid settings save, for the impact preview. */
let settingsBody: Record<string, unknown>;
const users = new Map<number, { id: number; token: string }>();

const setOf = (mask: number) =>
  Object.fromEntries(PERMISSION_KEYS.map((key, i) => [key, (mask & (1 << i)) !== 0])) as Permissions;
/*
 * Every set of grants. Own team only narrows whom a user reads, not what they derive of those
 * they read: its sets are the team-scope test's (test/security/team-scope.test.ts).
 */
const SETS = Array.from({ length: 2 ** PERMISSION_KEYS.length }, (_, mask) => setOf(mask)).filter(
  (p) => !p.ownTeamOnly,
);
const nameOf = (p: Permissions) =>
  PERMISSION_KEYS.filter((k) => p[k])
    .map((k) => PERMISSION_LABELS[k])
    .join(' + ') || 'no permission';

/** Every money rule moves once, to an amount with cents, so each appears in some cause. */
async function changeEveryRule() {
  const put = async (url: string, payload: object) => {
    const res = await t.callAsAdmin({ method: 'PUT', url, payload });
    if (res.statusCode !== 200) throw new Error(`PUT ${url}: ${res.body}`);
  };
  const bases = await t.callAsAdmin<Array<{ id: number; gradeId: number; levelId: number; amount: number }>>({
    method: 'GET',
    url: '/api/base-salary',
  });
  for (const [i, b] of bases.envelope.data.entries())
    await put(`/api/base-salary/${b.id}`, {
      ...b,
      amount: fromCents(asCents(toCents(b.amount) + 1000 + i * 37)),
    });
  const factors = await t.callAsAdmin<
    Array<{ id: number; jobId: number; positionId: number; type: 'FIXED' | 'PERCENTAGE'; factor: number }>
  >({ method: 'GET', url: '/api/adjustment-factors' });
  for (const f of factors.envelope.data)
    await put(`/api/adjustment-factors/${f.id}`, {
      jobId: f.jobId,
      positionId: f.positionId,
      type: f.type,
      factor:
        f.type === 'FIXED'
          ? f.factor + 10.5
          : basisPointsToFraction(asBasisPoints(fractionToBasisPoints(f.factor) + 125)),
    });
  type Edit = (s: Settings) => Partial<Settings>;
  const edits: Edit[] = [
    (s) => ({
      experienceMultiplier: s.experienceMultiplier + 0.25,
      loyaltyMultiplier: s.loyaltyMultiplier + 0.15,
      offshoreMultiplier: s.offshoreMultiplier + 0.5,
    }),
    (s) => ({
      actingAsMultiplier: s.actingAsMultiplier + 1.25,
      pillarMultiplier: s.pillarMultiplier + 12.34,
      remoteMultiplier: s.remoteMultiplier - 0.5,
    }),
    (s) => ({
      customMultipliers: s.customMultipliers.map((m) => ({
        ...m,
        multiplier: m.multiplier + (m.type === 'FIXED' ? 5.55 : 0.25),
      })),
    }),
    (s) => ({ benefits: s.benefits.map((b, i) => (i < 2 ? { ...b, amount: b.amount + 3.21 } : b)) }),
    (s) => ({
      benefits: s.benefits.map((b, i) =>
        i < 2 ? b : { ...b, amount: b.amount + (b.type === 'PERCENTAGE' ? 0.5 : 4.32) },
      ),
    }),
    (s) => ({
      totalInsurancePercentage: s.totalInsurancePercentage + 0.75,
      companyInsurancePercentage: s.companyInsurancePercentage - 2.5,
    }),
  ];
  for (const edit of edits) {
    const body = (await currentSettings(t)) as unknown as Settings;
    await put('/api/settings', { ...body, ...edit(body) });
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  const seeded = await runDemoSeed(t.database.db, EMPLOYEES);
  if (!seeded.seeded) throw new Error(seeded.message);
  await changeEveryRule();
  const list = await t.callAsAdmin<Array<{ id: number; calculatedSalary: number; accumulatedCost: number }>>({
    method: 'GET',
    url: '/api/employees',
  });
  for (const e of list.envelope.data) {
    gross.set(e.id, e.calculatedSalary);
    cost.set(e.id, e.accumulatedCost);
  }
  employeeIds = [...gross.keys()];
  // A raise cycle over everyone, so its reads (the cycle, its worksheet of everyone's pay) are read too.
  const cycle = await t.callAsAdmin<{ id: number }>({
    method: 'POST',
    url: '/api/raise-cycles',
    payload: {
      name: 'Every employee',
      effectiveDate: todayIn('UTC'),
      budget: { kind: 'PERCENT', value: 3 },
      guideline: [{ compaFrom: null, compaTo: null, rating: null, minPercent: 1, maxPercent: 4 }],
    },
  });
  if (cycle.statusCode !== 201) throw new Error(`raise cycle: ${cycle.body}`);
  raiseCycleId = cycle.envelope.data.id;
  // One user per set, stored with one password hash, each signed in once through the login route.
  const passwordHash = await hashPassword(USER_PASSWORD);
  const repository = createUsersRepository(t.database.db);
  await Promise.all(
    SETS.map(async (permissions, mask) => {
      const email = `set${mask}@example.com`;
      const row = await repository.insert({
        email,
        name: nameOf(permissions),
        passwordHash,
        isAdmin: false,
        permissions,
      });
      users.set(mask, { id: row.id, token: await t.login(email, USER_PASSWORD) });
    }),
  );
  adminAnswers = await readEverything(t.adminToken, 1);
  settingsBody = await currentSettings(t);
});
afterAll(async () => t?.close());

/** Every GET route of the app's OpenAPI document. */
function getRoutes(): string[] {
  const doc = (
    t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }
  ).swagger();
  return Object.entries(doc.paths)
    .filter(([path, ops]) => 'get' in ops && path.startsWith('/api/') && !path.startsWith('/api/docs'))
    .map(([path]) => path);
}

/** The URLs of a route: its parameters filled with every value a reader could ask for. */
function urlsOf(path: string, ownId: number): string[] {
  // The pay report as of today and for last year (annual and hourly pay, the adjusted gap).
  if (path === '/api/pay-transparency' || path === '/api/pay-transparency/export')
    return [path, `${path}?year=${new Date().getUTCFullYear() - 1}`];
  if (!path.includes('{')) return [path];
  if (path.startsWith('/api/employees/{id}'))
    return employeeIds.map((id) => path.replace('{id}', String(id)));
  if (path === '/api/auth/users/{id}/sessions') return [path.replace('{id}', String(ownId))];
  if (path.includes('{chart}')) return INSIGHT_CHARTS.map((chart) => path.replace('{chart}', chart));
  // An audit entry's file (admin only): the demo's first entries, whatever they hold.
  if (path.startsWith('/api/audit/{id}')) return [1, 2, 3].map((id) => path.replace('{id}', String(id)));
  // A worker request's statement (a PDF, which this check cannot read): the pay statement of its employee.
  if (path.startsWith('/api/pay-transparency/requests/{id}')) return [path.replace('{id}', '1')];
  if (path.startsWith('/api/raise-cycles/{id}')) return [path.replace('{id}', String(raiseCycleId))];
  throw new Error(`the reconstruction check does not know how to fill the parameters of ${path}`);
}

async function answerOf(url: string, token: string, parseFiles: boolean): Promise<Answer> {
  const res = await t.call({ method: 'GET', url, token });
  const contentType = String(res.headers['content-type'] ?? '');
  let value: unknown = null;
  let text = res.body;
  if (contentType.includes('spreadsheetml') && res.statusCode === 200) {
    if (parseFiles) {
      value = everyValue(await loadWorkbook(res.rawPayload));
      text = JSON.stringify(value);
    }
  } else if (contentType.includes('json')) value = JSON.parse(res.body);
  return { url, status: res.statusCode, contentType, text, value };
}

/**
 * Everything `token` may read: each GET route, every page of a paged answer, each workbook's
 * cells, and per-employee routes for every employee (one that refuses the first employee, or
 * answers a PDF, which this check cannot read, is not asked again). `whole: false` reads each
 * route once and leaves workbooks unopened: for a set that already derives exact pay from the
 * list and the rules, reading more cannot derive more, and nothing it reads is forbidden to it.
 */
async function readEverything(token: string, ownId: number, whole = true): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const path of getRoutes()) {
    const [first, ...rest] = urlsOf(path, ownId);
    const answer = await answerOf(first!, token, whole);
    answers.push(answer);
    for (let page = answer; ; ) {
      const next = (page.value as { data?: { nextCursor?: unknown } } | null)?.data?.nextCursor;
      if (page.status !== 200 || typeof next !== 'number') break;
      page = await answerOf(`${first}?before=${next}`, token, whole);
      answers.push(page);
    }
    if (answer.status !== 200 || answer.contentType.includes('pdf') || !whole) continue;
    answers.push(...(await Promise.all(rest.map((url) => answerOf(url, token, whole)))));
  }
  return answers;
}

/**
 * The reads the API answers to a POST: the calculator prices any profile, the impact preview
 * prices everyone before and after a rule change it rolls back. Only sets that derive exact
 * pay may use them; the check does not read their answers, it makes sure others are refused.
 */
function postReads() {
  const e = employeesOf(adminAnswers)[0]!;
  const profile = calculatorProfileOf(e);
  const preview = { method: 'PUT', path: '/settings', body: settingsBody };
  return [
    { method: 'POST' as const, url: '/api/calculate', payload: profile },
    { method: 'POST' as const, url: '/api/impact', payload: preview },
    { method: 'POST' as const, url: '/api/impact/export', payload: preview },
  ];
}

/** The first answer holding one of `values` (and which), or null. */
function firstHolding(answers: Answer[], values: Map<number, number>): string | null {
  for (const [id, value] of values) {
    const pattern = spellings(value);
    const found = answers.find((a) => pattern.test(a.text));
    if (found) return `employee ${id}'s ${value} in GET ${found.url}`;
  }
  return null;
}

describe('the company the check runs on', () => {
  it('is varied: every flag, custom multiplier and kind of factor moves someone’s pay', () => {
    const employees = employeesOf(adminAnswers);
    expect(employees).toHaveLength(EMPLOYEES);
    for (const flag of ['offshoreProject', 'actingAsDifferentGrade', 'pillar', 'remote'] as const)
      expect(
        employees.some((e) => e[flag]),
        flag,
      ).toBe(true);
    expect(new Set(employees.flatMap((e) => e.customMultipliers)).size).toBe(3);
    const factors = adminAnswers.find((a) => a.url === '/api/adjustment-factors')!.value as {
      data: Array<{ jobId: number; positionId: number; type: string }>;
    };
    const used = factors.data.filter((f) =>
      employees.some((e) => e.technologyId === f.jobId && e.specializationId === f.positionId),
    );
    expect(new Set(used.map((f) => f.type))).toEqual(new Set(['PERCENTAGE', 'FIXED']));
    expect(new Set(employees.map((e) => `${e.gradeId}:${e.levelId}`)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(gross.values()).size).toBeGreaterThan(EMPLOYEES * 0.9);
  });

  it('ranks pay by cost: total cost rises with gross for every pair of employees', () => {
    expect(ranksAlike(cost, gross)).toBe(true);
  });

  it('checks itself: the amounts in an administrator’s texts alone rebuild every salary', () => {
    const fromTexts = rebuild(adminAnswers, { source: 'texts' });
    expect(typeof fromTexts.gross === 'string' ? fromTexts.gross : 'rebuilt').toBe('rebuilt');
    expect(achieved(fromTexts, gross)).toBe('exact pay');
    expect(fromTexts.rebuiltCost).toEqual(cost);
    // …and the same salaries are spelled in what the administrator read.
    expect(firstHolding(adminAnswers, gross)).not.toBeNull();
  });

  it('an administrator derives exact pay, as the table says, and may use the reads that are POSTs', async () => {
    expect(achieved(rebuild(adminAnswers), gross)).toBe(
      payDerivation({ isAdmin: true, permissions: SETS[0]! }),
    );
    for (const read of postReads()) {
      const res = await t.callAsAdmin(read);
      expect(res.statusCode, `${read.method} ${read.url}: ${res.body}`).toBe(200);
    }
  });
});

describe('each permission set derives what PAY_DERIVATION_TABLE says', () => {
  for (const [mask, permissions] of SETS.entries()) {
    const documented = payDerivation({ isAdmin: false, permissions });
    it(`${nameOf(permissions)}: ${documented}`, async () => {
      expect(PAY_DERIVATION_TABLE.map((row) => row.derives)).toContain(documented);
      const user = users.get(mask)!;
      const answers = await readEverything(user.token, user.id, documented !== 'exact pay');
      for (const a of answers) expect(a.status, `GET ${a.url}`).toBeLessThan(500);
      expect(answers.find((a) => a.url === '/api/employees')?.status).toBe(200);

      const rebuilt = rebuild(answers);
      expect(
        achieved(rebuilt, gross),
        `gross: ${String(typeof rebuilt.gross === 'string' ? rebuilt.gross : 'rebuilt')}`,
      ).toBe(documented);
      // Exact pay is the rules' work, total cost included, not a figure read off the list.
      if (documented === 'exact pay') {
        expect(rebuilt.rebuiltCost).toEqual(cost);
        return;
      }

      // Not exact: no rule amount in any text, no salary anywhere, no file it could not inspect,
      // and the reads that are POSTs (the calculator, the impact preview) refuse it.
      expect(typeof rebuilt.gross).toBe('string');
      expect(harvestedCount(rebuilt.harvested), JSON.stringify(rebuilt.harvested, mapsAsObjects)).toBe(0);
      expect(firstHolding(answers, gross)).toBeNull();
      const unread = answers.filter((a) => a.status === 200 && a.value === null);
      expect(unread.map((a) => `${a.url} (${a.contentType})`)).toEqual([]);
      for (const read of postReads()) {
        const res = await t.call({ ...read, token: user.token });
        expect(res.statusCode, `${read.method} ${read.url}: ${res.body}`).toBe(403);
      }
      if (documented === 'order by pay') return;
      expect(typeof rebuilt.cost).toBe('string');
      expect(firstHolding(answers, cost)).toBeNull();
    });
  }
});

function mapsAsObjects(_key: string, value: unknown) {
  return value instanceof Map ? Object.fromEntries(value) : value;
}
