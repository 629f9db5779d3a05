import { beforeAll, describe, expect, it } from 'vitest';
import { PLACE_REQUIRED } from '../support/employee-forms.ts';
import type { Company } from '../support/factories.ts';
import { testAppForFile } from '../support/helper.ts';
import { calculatorCompany, calculatorProfile } from '../support/twin-setups.ts';

const t = testAppForFile();
let company: Company;
/** showSalary + showCost: sees every figure. */
let plainToken: string;
let salaryOnlyToken: string;
let noSalaryToken: string;

beforeAll(async () => {
  company = await calculatorCompany(t);
  plainToken = (await t.createUser({ showSalary: true, showCost: true })).token;
  salaryOnlyToken = (await t.createUser({ showSalary: true })).token;
  noSalaryToken = (await t.createUser({ showCost: true, showSettings: true })).token;
});

const profile = () => calculatorProfile(company);

type Details = Record<string, unknown> & {
  adjustmentDetails: { name: string; amount: number }[];
  customMultiplierDetails: { name: string; amount: number }[];
  selectedBenefits: { name: string; amount: number }[];
};

/** POST /api/calculate as `token` (showSalary + showCost unless named). */
const calculate = <T = unknown>(payload: object, token = plainToken) =>
  t.call<T>({ method: 'POST', url: '/api/calculate', token, payload });

describe('POST /api/calculate', () => {
  it('answers the calculation with its message', async () => {
    const res = await calculate(profile());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.message).toBe('Salary calculated successfully');
  });

  it('accepts benefits and custom multipliers as parsed JSON too, and defaults years to 0', async () => {
    const res = await calculate<{ calculatedSalary: number }>({
      jobId: String(company.job.id),
      positionId: company.position.id,
      gradeId: company.grade.id,
      levelId: company.level.id,
      yearsExperience: '',
      benefits: { Health: true },
      customMultipliers: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data.calculatedSalary).toBe(5500);
  });

  it('names every missing field with the screen messages', async () => {
    const res = await calculate({ jobId: '' });
    expect(res.statusCode).toBe(400);
    for (const message of PLACE_REQUIRED) expect(res.envelope.message).toContain(message);
  });

  it('refuses negative years, bad JSON and out-of-range what-if multipliers', async () => {
    const negative = await calculate({ ...profile(), yearsExperience: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.envelope.message).toContain('Years of Experience cannot be negative');

    const badJson = await calculate({ ...profile(), benefits: '{"Health": tru' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.envelope.message).toContain('benefits is not valid JSON');

    const outOfRange = await calculate({
      ...profile(),
      customMultipliers: [{ title: 'Huge', type: 'PERCENTAGE', value: 150, checked: true }],
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.envelope.success).toBe(false);
  });

  it('refuses a position of another job', async () => {
    const otherJob = await t.newJob();
    const other = await t.newPosition(otherJob.id);
    const res = await calculate({ ...profile(), positionId: other.id });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.message).toBe('Position does not belong to the selected job');
  });

  it('says so when the grade and level have no base salary', async () => {
    const grade = await t.newGrade();
    const level = await t.newLevel();
    const res = await calculate({ ...profile(), gradeId: grade.id, levelId: level.id });
    expect(res.statusCode).toBe(422);
    expect(res.envelope).toMatchObject({
      success: false,
      message: 'Base salary not found for the given grade and level',
      error: 'BASE_SALARY_NOT_FOUND',
    });
  });

  it('needs showSalary: a calculation reveals pay', async () => {
    const res = await calculate(profile(), noSalaryToken);
    expect(res.statusCode).toBe(403);
    expect(res.envelope.message).toBe('You do not have permission to see salaries');
    expect(res.body).not.toMatch(/grossSalary|6305/);
  });

  it('leaves the company cost figures out without showCost (keys absent)', async () => {
    const res = await calculate<{ calculatedSalary: number; details: Details }>(profile(), salaryOnlyToken);
    expect(res.statusCode).toBe(200);
    const { details } = res.envelope.data;
    expect(res.envelope.data.calculatedSalary).toBe(6305);
    expect(details).toMatchObject({ grossSalary: 6305, netSalary: 6084.33, employeeSocialInsurance: 220.67 });
    for (const key of [
      'totalCost',
      'totalBenefitsCost',
      'selectedBenefits',
      'companySocialInsurance',
      'socialInsuranceAmount',
    ])
      expect(details).not.toHaveProperty(key);
    expect(res.envelope.data).not.toHaveProperty('companySocialInsurance');
    expect(res.body).not.toContain('7482.28');
  });

  it('needs a token', async () => {
    const res = await t.call({ method: 'POST', url: '/api/calculate', payload: profile() });
    expect(res.statusCode).toBe(401);
  });
});
