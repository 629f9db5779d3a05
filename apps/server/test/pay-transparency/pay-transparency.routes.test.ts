import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { todayIn } from '@salary/shared/common/calendar-day';
import type { PayReport, PayStatement } from '@salary/shared/pay-transparency/pay-transparency.contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putCompany } from '../support/dated-company.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { TOO_FEW_TO_REPORT } from '../support/pay-report.ts';

/*
 * A hand-built company, every indicator worked out below to the cent and to the decimal.
 * Settings: no benefits, every multiplier 0, two FIXED custom multipliers — Bonus 400.00 and
 * Odd 333.33 — so basic wage = base (+ factor) and complementary = the custom multipliers.
 *
 *   A·G1  job A, grade G1, base 3000.00, no factor → basic 3000.00
 *     F1 3000.00 (none)   F2 3400.00 (Bonus)   F3 3333.33 (Odd)
 *     M1 3400.00 (Bonus)  M2 3400.00 (Bonus)   M3 3733.33 (Bonus + Odd)
 *     O1 OTHER 3000.00    U1 UNDISCLOSED 3400.00   (counted, never in a figure)
 *   B·G2  job B, grade G2, base 5000.00, FIXED factor 500.00 → basic 5500.00
 *     F4 5500.00  F5 5900.00 (Bonus)  M4 5500.00  M5 5500.00  M6 5900.00 (Bonus)
 *     → 2 women < PAY_REPORT_MIN_GROUP 3: too few to report
 *   A·G3  grade G3 has no base salary: F6 is not priced (left out, counted)
 *
 * Women (5): 3000, 3400, 3333.33, 5500, 5900 = 21,133.33; men (6): 3400, 3400, 3733.33, 5500,
 * 5500, 5900 = 27,433.33.
 * (a) mean women 21133.33/5 = 4226.666 → 4226.67; men 27433.33/6 = 4572.2216… → 4572.22;
 *     gap = 1 − (2113333·6)/(2743333·5) = 1036667/13716665 = 7.5577…% → 7.6
 * (c) median women 3400.00; men (3733.33 + 5500)/2 = 4616.665 → 4616.67;
 *     gap = 1216.665/4616.665 = 26.353…% → 26.4
 * (b) receivers (complementary > 0): women 400, 333.33, 400 → 1133.33/3 = 377.7766… → 377.78;
 *     men 400, 400, 733.33, 400 → 1933.33/4 = 483.3325 → 483.33;
 *     gap = 1 − (113333·4)/(193333·3) = 126665/579999 = 21.838…% → 21.8
 * (d) median women 400.00, men (400 + 400)/2 = 400.00 → gap 0.0
 * (e) women 3/5 = 60.0%, men 4/6 = 66.666… → 66.7%
 * (f) by pay, ties by id: F1 3000, F3 3333.33, F2 3400, M1 3400, M2 3400, M3 3733.33, F4 5500,
 *     M4 5500, M5 5500, F5 5900, M6 5900 — 11 = 4·2 + 3, so sizes 3, 3, 3, 2:
 *     Q1 F1 F3 F2 (3 women: the 3400 tie is split by id), Q2 M1 M2 M3, Q3 F4 M4 M5, Q4 F5 M6
 * (g) A·G1: women 9733.33/3 = 3244.4433… → 3244.44, men 10533.33/3 = 3511.11;
 *     pay gap 800/10533.33 = 7.5949…% → 7.6 (flagged); basic wage gap 0.0;
 *     complementary 733.33/3 vs 1533.33/3: gap 800/1533.33 = 52.173…% → 52.2
 *     B·G2: 2 women, 3 men → too few to report, listed after the flagged one.
 */

let t: TestContext;
const ids: Record<string, number> = {};
let jobA = 0;
let gradeG1 = 0;

beforeAll(async () => {
  t = await buildTestApp({ companyName: 'Northwind Traders' });
  const a = await t.newJob('Alpha');
  const b = await t.newJob('Beta');
  const pa = await t.newPosition(a.id, 'Analyst');
  const pb = await t.newPosition(b.id, 'Builder');
  const g1 = await t.newGrade('G1', 1);
  const g2 = await t.newGrade('G2', 2);
  const g3 = await t.newGrade('G3', 3);
  const l = await t.newLevel('L');
  await t.newBaseSalary(g1.id, l.id, 3000);
  await t.newBaseSalary(g2.id, l.id, 5000);
  await t.newFactor(b.id, pb.id, 'FIXED', 500);
  await t.setSettings({
    customMultipliers: [
      { id: 'cm_bonus', title: 'Bonus', multiplier: 400, type: 'FIXED' },
      { id: 'cm_odd', title: 'Odd', multiplier: 333.33, type: 'FIXED' },
    ],
  });
  jobA = a.id;
  gradeG1 = g1.id;
  const A = { jobId: a.id, positionId: pa.id, gradeId: g1.id, levelId: l.id };
  const B = { jobId: b.id, positionId: pb.id, gradeId: g2.id, levelId: l.id };
  const people: Array<[string, typeof A, 'FEMALE' | 'MALE' | 'OTHER' | 'UNDISCLOSED', string[]]> = [
    ['F1', A, 'FEMALE', []],
    ['F2', A, 'FEMALE', ['cm_bonus']],
    ['F3', A, 'FEMALE', ['cm_odd']],
    ['M1', A, 'MALE', ['cm_bonus']],
    ['M2', A, 'MALE', ['cm_bonus']],
    ['M3', A, 'MALE', ['cm_bonus', 'cm_odd']],
    ['O1', A, 'OTHER', []],
    ['U1', A, 'UNDISCLOSED', ['cm_bonus']],
    ['F4', B, 'FEMALE', []],
    ['F5', B, 'FEMALE', ['cm_bonus']],
    ['M4', B, 'MALE', []],
    ['M5', B, 'MALE', []],
    ['M6', B, 'MALE', ['cm_bonus']],
    ['F6', { ...A, gradeId: g3.id }, 'FEMALE', ['cm_bonus']],
  ];
  for (const [name, refs, gender, custom] of people)
    ids[name] = await t.newEmployee({ name, ...refs, gender, customMultiplierIds: custom });
});
afterAll(async () => t.close());

const report = async (category = 'job-grade', token = t.adminToken) =>
  t.call<PayReport>({ method: 'GET', url: `/api/pay-transparency?category=${category}`, token });

describe('GET /api/pay-transparency on a hand-built company', () => {
  it('counts who is in and who is left out', async () => {
    const { envelope, statusCode } = await report();
    expect(statusCode).toBe(200);
    expect(envelope.data.counts).toEqual({
      female: 5,
      male: 6,
      other: 1,
      undisclosed: 1,
      unpriced: 1,
      total: 14,
    });
    expect(envelope.data.minGroup).toBe(3);
  });

  it('gives (a)–(e) to the cent and the decimal', async () => {
    const r = (await report()).envelope.data;
    expect(r.meanPay).toEqual({ female: 4226.67, male: 4572.22, gap: 7.6, tooFew: false });
    expect(r.medianPay).toEqual({ female: 3400, male: 4616.67, gap: 26.4, tooFew: false });
    expect(r.meanComplementary).toEqual({ female: 377.78, male: 483.33, gap: 21.8, tooFew: false });
    expect(r.medianComplementary).toEqual({ female: 400, male: 400, gap: 0, tooFew: false });
    expect(r.complementaryShare).toEqual({ female: 60, male: 66.7, tooFew: false });
  });

  it('splits the quartiles with the remainder below and ties by id', async () => {
    const r = (await report()).envelope.data;
    expect(r.quartiles).toEqual([
      { quartile: 1, size: 3, female: 3, male: 0, femaleShare: 100, maleShare: 0 },
      { quartile: 2, size: 3, female: 0, male: 3, femaleShare: 0, maleShare: 100 },
      { quartile: 3, size: 3, female: 1, male: 2, femaleShare: 33.3, maleShare: 66.7 },
      { quartile: 4, size: 2, female: 1, male: 1, femaleShare: 50, maleShare: 50 },
    ]);
  });

  it('flags A·G1 first and says too few for B·G2, with no figure', async () => {
    const r = (await report()).envelope.data;
    expect(r.categories).toEqual([
      {
        key: `${jobA}:${gradeG1}`,
        name: 'Alpha · G1',
        female: 3,
        male: 3,
        tooFew: false,
        meanPayFemale: 3244.44,
        meanPayMale: 3511.11,
        payGap: 7.6,
        basicWageGap: 0,
        complementaryGap: 52.2,
        flagged: true,
        justification: null,
      },
      expect.objectContaining({
        name: 'Beta · G2',
        female: 2,
        male: 3,
        ...TOO_FEW_TO_REPORT,
      }),
    ]);
    // No pay of the two women of B·G2 appears anywhere in the answer.
    const body = (await report()).body;
    for (const lone of ['5500', '5900']) expect(body).not.toContain(lone);
  });

  it('groups by grade alone as the second view', async () => {
    const r = (await report('grade')).envelope.data;
    expect(r.categoryKind).toBe('grade');
    expect(r.categories.map((c) => [c.key, c.name, c.flagged, c.tooFew])).toEqual([
      [String(gradeG1), 'G1', true, false],
      [expect.any(String), 'G2', false, true],
    ]);
    expect(r.meanPay).toEqual((await report()).envelope.data.meanPay);
  });

  it('refuses an unknown category kind with a message', async () => {
    const res = await report('job');
    expect(res.statusCode).toBe(400);
    expect(res.envelope.message).toMatch(/category must be job-grade, grade or evaluation/);
  });
});

describe('the report for a calendar year (?year=)', () => {
  // Nobody here has a day (all employed all along), nobody changes, everyone works 40 h: the
  // year's annual pay is 12 × the monthly pay, hourly pay that ÷ (40 × 365 ÷ 7) hours, so every
  // gap and the quartiles equal the monthly report's. Women's annual mean: 12 × 21,133.33 ÷ 5 =
  // 50,719.992 → 50,719.99; men's: 12 × 27,433.33 ÷ 6 = 54,866.66.
  const YEAR = Number(todayIn('UTC').slice(0, 4)) - 1;
  const yearReport = async (query: string, token = t.adminToken) =>
    t.call<PayReport>({ method: 'GET', url: `/api/pay-transparency?${query}`, token });

  it('gives annual and hourly figures whose gaps equal the monthly ones when nothing changed', async () => {
    const month = (await report()).envelope.data;
    const res = await yearReport(`year=${YEAR}`);
    expect(res.statusCode, res.body).toBe(200);
    const y = res.envelope.data;
    expect(y.period).toEqual({
      year: YEAR,
      from: `${YEAR}-01-01`,
      to: `${YEAR}-12-31`,
      toDate: false,
      joined: 0,
      left: 0,
    });
    expect(y.counts).toEqual(month.counts);
    expect(y.meanPay).toEqual({ female: 50_719.99, male: 54_866.66, gap: 7.6, tooFew: false });
    for (const key of ['meanPay', 'medianPay', 'meanComplementary', 'medianComplementary'] as const) {
      expect(y[key].gap, key).toBe(month[key].gap);
      expect(y.hourly![key].gap, key).toBe(month[key].gap);
    }
    expect(y.complementaryShare).toEqual(month.complementaryShare);
    expect(y.quartiles).toEqual(month.quartiles);
    expect(y.categories.map((c) => [c.key, c.payGap, c.hourly?.payGap, c.flagged])).toEqual(
      month.categories.map((c) => [c.key, c.payGap, c.payGap, c.flagged]),
    );
    // 14 employed on 31 December: under 100, no report is due.
    expect(y.reportDuty).toMatchObject({
      headcount: 14,
      countedOn: `${YEAR}-12-31`,
      every: null,
      next: null,
    });
    // Eleven women and men: too few to estimate an adjusted gap.
    expect(y.adjustedGap?.company).toMatchObject({ tooFew: true, n: 11 });
  });

  it('refuses a year that is not one, still to come, too far back, or given with asOf', async () => {
    const current = YEAR + 1;
    for (const [query, message] of [
      ['year=20x5', 'year must be a year written YYYY (e.g. 2026)'],
      ['year=2O25', 'year must be a year written YYYY (e.g. 2026)'],
      [`year=${current + 1}`, `year must not be after ${current}`],
      [`year=${current - 11}`, `year must be ${current - 10} or later`],
      [`year=${YEAR}&asOf=${YEAR}-06-01`, 'Give either year or asOf, not both'],
    ]) {
      const res = await yearReport(query!);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(message);
    }
    const viewer = await t.createUser({ manageEmployee: true });
    expect((await yearReport(`year=${YEAR}`, viewer.token)).statusCode).toBe(403);
  });

  it('counts the current year to today', async () => {
    const today = todayIn('UTC');
    const y = (await yearReport(`year=${YEAR + 1}`)).envelope.data;
    expect(y.period).toMatchObject({ year: YEAR + 1, to: today, toDate: true });
    expect(y.reportDuty?.countedOn).toBe(today);
  });

  it('exports the year: its days in About, the hourly figures beside the annual ones', async () => {
    const res = await t.callAsAdmin({ method: 'GET', url: `/api/pay-transparency/export?year=${YEAR}` });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const about = book
      .getWorksheet('About')!
      .getSheetValues()
      .map((r) => (r as unknown[] | undefined)?.slice(1, 3));
    expect(about).toContainEqual(['Reference year', String(YEAR)]);
    const indicators = book.getWorksheet('Indicators')!;
    const labels = indicators.getColumn(1).values;
    expect(labels).toContain('(a) Mean pay, annual');
    expect(labels).toContain('(a) Mean pay, hourly');
    const header = book.getWorksheet('Categories')!.getRow(1).values as unknown[];
    expect(header).toContain('Hourly pay gap (%)');
    expect(book.getWorksheet('Adjusted gap')).toBeDefined();
  });
});

describe('justifications', () => {
  it('lets an admin justify a flagged category: kept with author and time, and in the export', async () => {
    const key = `${jobA}:${gradeG1}`;
    const saved = await t.callAsAdmin({
      method: 'PUT',
      url: '/api/pay-transparency/justifications',
      payload: { categoryKind: 'job-grade', categoryKey: key, text: '  M3 holds an on-call duty.  ' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.envelope.message).toBe('Justification saved');
    const category = (await report()).envelope.data.categories.find((c) => c.key === key)!;
    expect(category.justification).toMatchObject({
      text: 'M3 holds an on-call duty.',
      authorEmail: 'admin@example.com',
    });
    expect(Date.now() - Date.parse(category.justification!.updatedAt)).toBeLessThan(60_000);
    const asXlsx = await t.callAsAdmin({ method: 'GET', url: '/api/pay-transparency/export' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(asXlsx.rawPayload as unknown as ArrayBuffer);
    const row = book.getWorksheet('Categories')!.getRow(2).values as unknown[];
    expect(row.slice(1, 11)).toEqual([
      'Alpha · G1',
      3,
      3,
      3244.44,
      3511.11,
      7.6,
      0,
      52.2,
      'joint pay assessment needed unless justified',
      'M3 holds an on-call duty.',
    ]);
  });

  it('refuses non-admins, empty text and keys that are no category, writing nothing', async () => {
    const { token } = await t.createUser({ showSalary: true, manageEmployee: true, manageSettings: true });
    const key = `${jobA}:${gradeG1}`;
    const before = (await report()).envelope.data.categories[0]!.justification;
    const tries = [
      [token, { categoryKind: 'job-grade', categoryKey: key, text: 'mine' }, 403, /Only administrators/],
      [
        t.adminToken,
        { categoryKind: 'job-grade', categoryKey: key, text: '   ' },
        400,
        /Justification is required/,
      ],
      [
        t.adminToken,
        { categoryKind: 'grade', categoryKey: key, text: 'x' },
        400,
        /not a category of that kind/,
      ],
      [t.adminToken, { categoryKind: 'team', categoryKey: '1', text: 'x' }, 400, /categoryKind must be/],
    ] as const;
    for (const [who, payload, status, message] of tries) {
      const res = await t.call({
        method: 'PUT',
        url: '/api/pay-transparency/justifications',
        token: who,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.body).toMatch(message);
    }
    expect((await report()).envelope.data.categories[0]!.justification).toEqual(before);
  });
});

describe('pay statements', () => {
  it("gives a worker's pay, basic wage, complementary part and the category's means", async () => {
    const res = await t.callAsAdmin<PayStatement>({
      method: 'GET',
      url: `/api/employees/${ids.M3}/pay-statement`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.data).toMatchObject({
      company: 'Northwind Traders',
      employee: { id: ids.M3, name: 'M3', job: 'Alpha', position: 'Analyst', grade: 'G1', level: 'L' },
      pay: 3733.33,
      basicWage: 3000,
      complementary: 733.33,
      category: {
        kind: 'job-grade',
        name: 'Alpha · G1',
        tooFew: false,
        meanPayFemale: 3244.44,
        meanPayMale: 3511.11,
      },
    });
    const company = await t.callAsAdmin<{ timeZone: string }>({ method: 'GET', url: '/api/company' });
    expect(res.envelope.data.date).toBe(todayIn(company.envelope.data.timeZone));
  });

  it("dates the statement with the company's today, in its time zone", async () => {
    // 25 hours apart: the two zones are never on the same day.
    const dates: string[] = [];
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const saved = await putCompany(t, {
        companyName: 'Northwind Traders',
        currency: 'USD',
        locale: 'en-US',
        timeZone,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const res = await t.callAsAdmin<PayStatement>({
        method: 'GET',
        url: `/api/employees/${ids.F1}/pay-statement`,
      });
      expect(res.envelope.data.date).toBe(todayIn(timeZone));
      dates.push(res.envelope.data.date);
    }
    expect(dates[0]).not.toBe(dates[1]);
  });

  it('says too few to report in a small category and keeps the others out of it', async () => {
    const res = await t.callAsAdmin<PayStatement>({
      method: 'GET',
      url: `/api/employees/${ids.F4}/pay-statement`,
    });
    expect(res.envelope.data.category).toEqual({
      kind: 'job-grade',
      name: 'Beta · G2',
      tooFew: true,
      meanPayFemale: null,
      meanPayMale: null,
    });
    expect(res.envelope.data.pay).toBe(5500);
  });

  it('answers an unpriced worker with empty figures, and 404 for nobody', async () => {
    const unpriced = await t.callAsAdmin<PayStatement>({
      method: 'GET',
      url: `/api/employees/${ids.F6}/pay-statement`,
    });
    expect(unpriced.envelope.data).toMatchObject({ pay: null, basicWage: null, complementary: null });
    const none = await t.callAsAdmin({ method: 'GET', url: '/api/employees/999999/pay-statement.pdf' });
    expect(none.statusCode).toBe(404);
    expect(none.envelope.message).toBe('Employee not found');
  });

  it('renders the PDF', async () => {
    const res = await t.callAsAdmin({ method: 'GET', url: `/api/employees/${ids.M3}/pay-statement.pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pay_statement_${ids.M3}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Read back with poppler's pdftotext: the figures are the statement's.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'statement-'));
    try {
      const file = path.join(dir, 'statement.pdf');
      writeFileSync(file, res.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toMatch(/Pay \(gross salary \+ benefits\)\s+\$3,733\.33/);
      expect(text).toMatch(/Basic wage \(base salary \+ job adjustment\)\s+\$3,000\.00/);
      expect(text).toMatch(/Complementary or variable components\s+\$733\.33/);
      expect(text).toMatch(/Mean pay of women\s+\$3,244\.44/);
      expect(text).toMatch(/Mean pay of men\s+\$3,511\.11/);
      expect(text).toContain('Alpha · G1');
      // Who it is from and where the worker stands: company, job, position, grade and level.
      expect(text).toMatch(/Company\s+Northwind Traders/);
      expect(text).toMatch(/Job\s+Alpha/);
      expect(text).toMatch(/Position\s+Analyst/);
      expect(text).toMatch(/Grade\s+G1/);
      expect(text).toMatch(/Level\s+L\n/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("renders a year's statement: annual pay, pay per hour and the category's annual and hourly means", async () => {
    const year = Number(todayIn('UTC').slice(0, 4)) - 1;
    const res = await t.callAsAdmin({
      method: 'GET',
      url: `/api/employees/${ids.M3}/pay-statement.pdf?year=${year}`,
    });
    expect(res.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'statement-'));
    try {
      const file = path.join(dir, 'statement.pdf');
      writeFileSync(file, res.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      // Employed all year at 3,733.33 a month: 44,799.96 in the year; at 40 h, 2,085.71 hours.
      const days = year % 4 === 0 ? 366 : 365;
      expect(text).toContain(`Your pay in ${year} (${days} days employed)`);
      expect(text).toMatch(/Pay \(gross salary \+ benefits\)\s+\$44,799\.96/);
      expect(text).toMatch(/Mean annual pay of women\s+\$38,933\.3\d/);
      expect(text).toMatch(/Mean pay per hour of men\s+\$\d+\.\d\d/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
