import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import { asCents, fromCents, toCents } from '@salary/shared/common/money';
import type { PostingRange } from '@salary/shared/pay-transparency/posting-range.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putCompany, setTimeZone } from '../support/dated-company.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { saveBaseSalaryFrom } from '../support/rules-api.ts';

/*
 * The pay range of a job posting: each level's basic pay is what the calculator gives for that
 * profile (adjusted salary), the range spans the levels as of a day, a base salary scheduled
 * for a later day shows only from that day, and the PDF holds the same sentence.
 */

/** The `data` of a 400: the fields refused. */
type Refusal = { fields: Array<{ field: string; message: string }> };

let t: TestContext;
let c: Awaited<ReturnType<TestContext['newCompany']>>;
let l2: { id: number };
let l3: { id: number };
let bare: { id: number };
let l2Base: { id: number };
let today: string;

const url = (query: string, pdf = false) =>
  `/api/pay-transparency/posting-range${pdf ? '.pdf' : ''}?${query}`;
const roleQuery = (levelIds: number[], more = '') =>
  `jobId=${c.job.id}&positionId=${c.position.id}&gradeId=${c.grade.id}&levelIds=${levelIds.join(',')}${more}`;
const range = async (query: string) => {
  const res = await t.callAsAdmin<PostingRange>({ method: 'GET', url: url(query) });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data;
};
/** The calculator's adjusted salary (basic pay) for the role at one level, as of a day. */
const calculated = async (levelId: number, asOf?: string) => {
  const res = await t.callAsAdmin<{ details: { adjustedSalary: number } }>({
    method: 'POST',
    url: '/api/calculate',
    payload: {
      jobId: c.job.id,
      positionId: c.position.id,
      gradeId: c.grade.id,
      levelId,
      yearsExperience: 7,
      yearsWithCompany: 3,
      remote: true,
      ...(asOf && { asOf }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data.details.adjustedSalary;
};

beforeAll(async () => {
  t = await buildTestApp();
  c = await t.newCompany(4200);
  await t.newFactor(c.job.id, c.position.id, 'PERCENTAGE', 0.1);
  l2 = await t.newLevel('Level Two');
  l3 = await t.newLevel('Level Three');
  bare = await t.newLevel('No Base');
  l2Base = await t.newBaseSalary(c.grade.id, l2.id, 4636.37);
  await t.newBaseSalary(c.grade.id, l3.id, 5100);
  await setTimeZone(t, 'UTC');
  today = todayIn('UTC');
  // Money reads as a generic settings record would have it: experience and remote add to gross, not basic pay.
  await t.setSettings({ experienceMultiplier: 2, remoteMultiplier: 5 });
});
afterAll(async () => t.close());

describe('GET /api/pay-transparency/posting-range', () => {
  it("gives each level's basic pay as the calculator does, the range per month and per year, and the sentence", async () => {
    const r = await range(roleQuery([l3.id, c.level.id, l2.id]));
    expect(r.job).toEqual({ id: c.job.id, name: c.job.name });
    expect(r.position).toEqual({ id: c.position.id, name: c.position.name });
    expect(r.grade).toEqual({ id: c.grade.id, name: c.grade.name });
    expect(r.asOf).toBe(today);
    expect(r.currency).toBe('USD');
    expect(r.locale).toBe('en-US');
    // In the company's level order (creation order here), whatever order they were asked in.
    expect(r.levels.map((l) => l.name)).toEqual([c.level.name, 'Level Two', 'Level Three']);
    for (const level of r.levels) {
      expect(level.monthly).toBe(await calculated(level.id));
      expect(level.annual).toBe(fromCents(asCents(toCents(level.monthly!) * 12)));
      expect(level.note).toBeNull();
    }
    // 4,200 + 10% = 4,620; 4,636.37 + 10% = 5,100.007 → 5,100.01 (one rounding, the engine's); 5,100 + 10% = 5,610.
    expect(r.levels.map((l) => l.monthly)).toEqual([4620, 5100.01, 5610]);
    expect(r.monthly).toEqual({ min: 4620, max: 5610 });
    expect(r.annual).toEqual({ min: 55440, max: 67320 });
    expect(r.text).toBe(
      `${c.job.name} — ${c.position.name}, ${c.grade.name}: $4,620.00–$5,610.00 per month ` +
        `($55,440.00–$67,320.00 per year), as of ${new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T00:00:00Z`))}.`,
    );
  });

  it('writes the sentence in the company currency and locale', async () => {
    const put = (currency: string, locale: string) =>
      putCompany(t, { companyName: 'Acme', currency, locale, timeZone: 'UTC' });
    const saved = await put('EUR', 'de-DE');
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const r = await range(roleQuery([c.level.id], '&asOf=2027-01-01'));
      expect(r.currency).toBe('EUR');
      const money = (n: number) =>
        new Intl.NumberFormat('de-DE', {
          style: 'currency',
          currency: 'EUR',
          minimumFractionDigits: 2,
        }).format(n);
      expect(money(4620)).toBe('4.620,00\u00a0€');
      expect(r.text).toBe(
        `${c.job.name} — ${c.position.name}, ${c.grade.name}: ${money(4620)} per month ` +
          `(${money(55440)} per year), as of 1. Jan. 2027.`,
      );
    } finally {
      await put('USD', 'en-US');
    }
  });

  it('says so for a level with no base salary, and ranges over the others', async () => {
    const r = await range(roleQuery([bare.id, c.level.id]));
    const missing = r.levels.find((l) => l.id === bare.id)!;
    expect(missing).toEqual({
      id: bare.id,
      name: 'No Base',
      monthly: null,
      annual: null,
      note: 'No base salary for this grade and level on this day',
    });
    expect(r.monthly).toEqual({ min: 4620, max: 4620 });
    // One amount, not a range of two equal ones.
    expect(r.text).toContain(': $4,620.00 per month ($55,440.00 per year), as of');

    const none = await range(roleQuery([bare.id]));
    expect(none.monthly).toBeNull();
    expect(none.annual).toBeNull();
    expect(none.text).toMatch(/: no base salary is set for the chosen levels as of /);
  });

  it('shows a base salary scheduled for a later day only as of that day', async () => {
    const from = addDays(today, 10);
    const put = await saveBaseSalaryFrom(
      t,
      l2Base.id,
      { gradeId: c.grade.id, levelId: l2.id, amount: 6000 },
      from,
    );
    expect(put.statusCode, put.body).toBe(200);

    const levelTwo = async (asOf?: string) =>
      (await range(roleQuery([l2.id], asOf ? `&asOf=${asOf}` : ''))).levels[0]!.monthly;
    expect(await levelTwo()).toBe(5100.01);
    expect(await levelTwo(today)).toBe(5100.01);
    expect(await levelTwo(addDays(from, -1))).toBe(5100.01);
    expect(await levelTwo(from)).toBe(6600);
    expect(await levelTwo(addDays(from, 400))).toBe(6600);
    // The calculator agrees on each side of the day.
    expect(await calculated(l2.id, addDays(from, -1))).toBe(5100.01);
    expect(await calculated(l2.id, from)).toBe(6600);
    const later = await range(roleQuery([c.level.id, l2.id], `&asOf=${from}`));
    expect(later.asOf).toBe(from);
    expect(later.monthly).toEqual({ min: 4620, max: 6600 });
  });

  it('refuses malformed input with a 400 naming the field', async () => {
    const cases: Array<[string, string, string]> = [
      [roleQuery([c.level.id], '&asOf=2027-02-30'), 'querystring.asOf', 'As Of must be a date'],
      [roleQuery([c.level.id], '&asOf=tomorrow'), 'querystring.asOf', 'As Of must be a date'],
      [roleQuery([]), 'querystring.levelIds', 'Choose at least one level'],
      [
        `jobId=${c.job.id}&positionId=${c.position.id}&gradeId=${c.grade.id}`,
        'querystring.levelIds',
        'Choose at least one level',
      ],
      [`${roleQuery([c.level.id])},x`, 'querystring.levelIds', 'Levels must be level ids'],
      [`${roleQuery([c.level.id])},-1`, 'querystring.levelIds', 'Levels must be level ids'],
      [`${roleQuery([c.level.id])},99999999999`, 'querystring.levelIds', 'Levels must be level ids'],
      [`jobId=abc&positionId=${c.position.id}&gradeId=${c.grade.id}&levelIds=1`, 'querystring.jobId', 'Job'],
      [
        `jobId=${c.job.id}&gradeId=${c.grade.id}&levelIds=1`,
        'querystring.positionId',
        'Position is required',
      ],
      [
        `jobId=${c.job.id}&positionId=${c.position.id}&levelIds=1`,
        'querystring.gradeId',
        'Grade is required',
      ],
    ];
    for (const [query, field, message] of cases) {
      for (const pdf of [false, true]) {
        const res = await t.callAsAdmin<Refusal>({ method: 'GET', url: url(query, pdf) });
        expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
        expect(res.envelope.data.fields, query).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ field, message: expect.stringContaining(message) }),
          ]),
        );
      }
    }
    const tooMany = Array.from({ length: 51 }, (_, i) => i + 1);
    const res = await t.callAsAdmin({ method: 'GET', url: url(roleQuery(tooMany)) });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.message).toContain('Choose at most 50 levels');
  });

  it('names each unknown id, and a position of another job', async () => {
    const other = await t.newJob('Other Job');
    const otherPosition = await t.newPosition(other.id, 'Other Position');
    const cases: Array<[string, Array<{ field: string; message: string }>]> = [
      [
        `jobId=999999&positionId=${c.position.id}&gradeId=${c.grade.id}&levelIds=${c.level.id}`,
        [{ field: 'jobId', message: 'Job not found' }],
      ],
      [
        `jobId=${c.job.id}&positionId=999999&gradeId=${c.grade.id}&levelIds=${c.level.id}`,
        [{ field: 'positionId', message: 'Position not found' }],
      ],
      [
        `jobId=${c.job.id}&positionId=${otherPosition.id}&gradeId=${c.grade.id}&levelIds=${c.level.id}`,
        [{ field: 'positionId', message: 'Position does not belong to the selected job' }],
      ],
      [
        `jobId=${c.job.id}&positionId=${c.position.id}&gradeId=999999&levelIds=${c.level.id}`,
        [{ field: 'gradeId', message: 'Grade not found' }],
      ],
      [
        roleQuery([c.level.id, 999998, 999999]),
        [{ field: 'levelIds', message: 'Levels not found: 999998, 999999' }],
      ],
    ];
    for (const [query, fields] of cases) {
      const res = await t.callAsAdmin<Refusal>({ method: 'GET', url: url(query) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.envelope.data.fields).toEqual(fields);
      expect(res.envelope.message).toBe(fields.map((f) => f.message).join('; '));
    }
  });

  it('is refused to a user who may not read the money rules, before anything is looked up', async () => {
    const { token } = await t.createUser({ showCost: true, manageEmployee: true });
    for (const query of [roleQuery([c.level.id]), roleQuery([999999])]) {
      const res = await t.call({ method: 'GET', url: url(query), token });
      expect(res.statusCode).toBe(403);
      expect(res.envelope.message).toBe('You do not have permission to see salary rules');
      expect(res.body).not.toContain('4620');
    }
    const reader = await t.createUser({ showSettings: true });
    const res = await t.call<PostingRange>({
      method: 'GET',
      url: url(roleQuery([c.level.id])),
      token: reader.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.data.monthly).toEqual({ min: 4620, max: 4620 });
  });
});

describe('GET /api/pay-transparency/posting-range.pdf', () => {
  it('renders one page holding the sentence and each level', async () => {
    const query = roleQuery([c.level.id, l3.id, bare.id], '&asOf=2027-01-01');
    const json = await range(query);
    const res = await t.callAsAdmin({ method: 'GET', url: url(query, true) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="posting_pay_range.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'posting-range-'));
    try {
      const file = path.join(dir, 'range.pdf');
      writeFileSync(file, res.rawPayload);
      const raw = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      // The sentence, however pdftotext wraps it: at a space, or after a range's dash (a line
      // may end "$55,440.00–" when the names before it are long).
      expect(raw.replace(/\s+/g, ' ').replace(/– /g, '–')).toContain(json.text);
      expect(json.text).toContain(
        '$4,620.00–$5,610.00 per month ($55,440.00–$67,320.00 per year), as of Jan 1, 2027.',
      );
      const layout = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(layout).toMatch(new RegExp(`${c.level.name}\\s+\\$4,620\\.00 / \\$55,440\\.00`));
      expect(layout).toMatch(/Level Three\s+\$5,610\.00 \/ \$67,320\.00/);
      expect(layout).toMatch(/No Base\s+No base salary that day/);
      expect(layout.split('\f').filter((page) => page.trim()).length).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
