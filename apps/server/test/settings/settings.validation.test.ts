import type { FieldProblem } from '@salary/shared/common/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { getSettings, putSettings, settingsBody } from './settings-fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
  // A non-default record, so "nothing changed" is not just "still the defaults".
  const res = await putSettings(
    t,
    settingsBody({
      benefits: [{ name: 'Health', amount: 100, type: 'FIXED_AMOUNT' }],
      customMultipliers: [{ title: 'Weekend', multiplier: 3, type: 'PERCENTAGE' }],
    }),
  );
  if (res.statusCode !== 200) throw new Error(res.body);
});
afterAll(async () => t.close());

const benefit = (extra: Record<string, unknown> = {}) => ({
  name: 'Meal',
  amount: 10,
  type: 'FIXED_AMOUNT',
  ...extra,
});
const custom = (extra: Record<string, unknown> = {}) => ({
  title: 'Night',
  multiplier: 5,
  type: 'PERCENTAGE',
  ...extra,
});
const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));
const fieldsOf = (data: unknown) => (data as { fields: FieldProblem[] }).fields;
const without = (key: string) => {
  const body = settingsBody();
  delete body[key];
  return body;
};

/** [what, body, field, message]: each is refused with 400 naming the field. */
const cases: Array<[string, Record<string, unknown>, string, string]> = [
  [
    'a percentage multiplier above 100',
    settingsBody({ experienceMultiplier: 100.01 }),
    'experienceMultiplier',
    'Experience multiplier must be between -100 and 100 percent',
  ],
  [
    'a percentage multiplier below -100',
    settingsBody({ remoteMultiplier: -101 }),
    'remoteMultiplier',
    'Remote multiplier must be between -100 and 100 percent',
  ],
  [
    'a fixed multiplier beyond 999,999,999.99',
    settingsBody({ loyaltyMultiplier: 1_000_000_000, loyaltyMultiplierType: 'FIXED' }),
    'loyaltyMultiplier',
    'Loyalty multiplier must be between -999,999,999.99 and 999,999,999.99',
  ],
  [
    'a multiplier with three decimals',
    settingsBody({ offshoreMultiplier: 1.005 }),
    'offshoreMultiplier',
    'Offshore Project multiplier must have at most 2 decimal places',
  ],
  [
    'a multiplier sent as text',
    settingsBody({ pillarMultiplier: 'ten' }),
    'pillarMultiplier',
    'Pillar multiplier must be a number',
  ],
  [
    'a missing multiplier',
    without('actingAsMultiplier'),
    'actingAsMultiplier',
    'Acting as Different Grade multiplier is required',
  ],
  [
    'an unknown multiplier type',
    settingsBody({ pillarMultiplierType: 'PERCENT' }),
    'pillarMultiplierType',
    'Pillar multiplier type must be one of PERCENTAGE, FIXED',
  ],
  [
    'a missing multiplier type',
    without('remoteMultiplierType'),
    'remoteMultiplierType',
    'Remote multiplier type is required',
  ],
  [
    'an unknown social insurance type',
    settingsBody({ socialInsuranceType: 'HALF' }),
    'socialInsuranceType',
    'Payment method must be one of COMPANY_FULL, COMPANY_PERCENTAGE, EMPLOYEE_FULL',
  ],
  [
    'a company percentage above 100',
    settingsBody({ companyInsurancePercentage: 100.5 }),
    'companyInsurancePercentage',
    'Company insurance percentage must be between 0 and 100',
  ],
  [
    'a negative total percentage',
    settingsBody({ totalInsurancePercentage: -1 }),
    'totalInsurancePercentage',
    'Total insurance percentage must be between 0 and 100',
  ],
  [
    'an insurance percentage with three decimals',
    settingsBody({ totalInsurancePercentage: 14.125 }),
    'totalInsurancePercentage',
    'Total insurance percentage must have at most 2 decimal places',
  ],
  [
    'an enabled flag of 2',
    settingsBody({ socialInsuranceEnabled: 2 }),
    'socialInsuranceEnabled',
    'socialInsuranceEnabled must be true, false, 1 or 0',
  ],
  [
    'an enabled flag of "yes"',
    settingsBody({ socialInsuranceEnabled: 'yes' }),
    'socialInsuranceEnabled',
    'socialInsuranceEnabled must be true, false, 1 or 0',
  ],
  [
    'a custom multiplier without a title',
    settingsBody({ customMultipliers: [custom({ title: undefined })] }),
    'customMultipliers.0.title',
    'Title is required',
  ],
  [
    'a custom multiplier with a blank title',
    settingsBody({ customMultipliers: JSON.stringify([custom({ title: '   ' })]) }),
    'customMultipliers.0.title',
    'Title is required',
  ],
  [
    'a custom multiplier title over 100 characters',
    settingsBody({ customMultipliers: [custom({ title: 'x'.repeat(101) })] }),
    'customMultipliers.0.title',
    'Title must be at most 100 characters',
  ],
  [
    'a custom multiplier without a value',
    settingsBody({ customMultipliers: [custom(), custom({ multiplier: undefined })] }),
    'customMultipliers.1.multiplier',
    'Multiplier Value is required',
  ],
  [
    'a custom percentage multiplier above 100',
    settingsBody({ customMultipliers: [custom({ multiplier: 150 })] }),
    'customMultipliers.0.multiplier',
    'Multiplier Value must be between -100 and 100 percent',
  ],
  [
    'a custom multiplier with an unknown type',
    settingsBody({ customMultipliers: [custom({ type: 'AMOUNT' })] }),
    'customMultipliers.0.type',
    'Multiplier Type must be one of PERCENTAGE, FIXED',
  ],
  [
    'two custom multipliers with the same id',
    settingsBody({ customMultipliers: [custom({ id: 'cm_a' }), custom({ id: 'cm_a', title: 'Other' })] }),
    'customMultipliers.1.id',
    'Custom multiplier id "cm_a" is used more than once',
  ],
  [
    'a benefit without a name',
    settingsBody({ benefits: [benefit({ name: '' })] }),
    'benefits.0.name',
    'Benefit Name is required',
  ],
  [
    'a benefit without an amount',
    settingsBody({ benefits: JSON.stringify([{ name: 'Meal', type: 'FIXED_AMOUNT' }]) }),
    'benefits.0.amount',
    'Amount is required',
  ],
  [
    'a negative benefit',
    settingsBody({ benefits: [benefit({ amount: -0.01 })] }),
    'benefits.0.amount',
    'Amount must be 0 or more',
  ],
  [
    'a benefit amount with three decimals',
    settingsBody({ benefits: [benefit({ amount: 10.001 })] }),
    'benefits.0.amount',
    'Amount must have at most 2 decimal places',
  ],
  [
    'a percentage benefit above 100',
    settingsBody({ benefits: [benefit({ amount: 101, type: 'PERCENTAGE' })] }),
    'benefits.0.amount',
    'A percentage benefit must be at most 100 percent',
  ],
  [
    'a benefit with an unknown type',
    settingsBody({ benefits: [benefit({ type: 'FIXED' })] }),
    'benefits.0.type',
    'Benefit Type must be one of FIXED_AMOUNT, PERCENTAGE',
  ],
  [
    'more than 50 benefits',
    settingsBody({ benefits: many(51, (i) => benefit({ name: `B${i}` })) }),
    'benefits',
    'At most 50 benefits are allowed',
  ],
  [
    'more than 50 custom multipliers',
    settingsBody({ customMultipliers: many(51, (i) => custom({ title: `C${i}` })) }),
    'customMultipliers',
    'At most 50 custom multipliers are allowed',
  ],
  [
    'malformed JSON in benefits',
    settingsBody({ benefits: '[{"name": "Meal",' }),
    'benefits',
    'benefits is not valid JSON',
  ],
  [
    'malformed JSON in customMultipliers',
    settingsBody({ customMultipliers: 'not json' }),
    'customMultipliers',
    'customMultipliers is not valid JSON',
  ],
  [
    'a JSON string of an object instead of a list',
    settingsBody({ benefits: '{"name": "Meal"}' }),
    'benefits',
    'benefits must be a list',
  ],
  [
    'a list field that is neither text nor a list',
    settingsBody({ customMultipliers: 42 }),
    'customMultipliers',
    'customMultipliers must be a list or a JSON string of one',
  ],
  ['a missing list', without('benefits'), 'benefits', 'benefits is required'],
  [
    'a version that is not a whole number',
    settingsBody({ version: 1.5 }),
    'version',
    'version must be a whole number',
  ],
];

describe('PUT /api/settings validation', () => {
  it.each(cases)(
    'refuses %s with 400 naming the field, and changes nothing',
    async (_what, body, field, message) => {
      const before = await getSettings(t);
      const res = await putSettings(t, { ...body, version: body.version ?? before.version });
      expect(res.statusCode).toBe(400);
      expect(res.envelope).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
      expect(res.envelope.message).toContain(message);
      const fields = fieldsOf(res.envelope.data);
      expect(fields).toContainEqual({ field, message });
      expect(await getSettings(t)).toEqual(before);
    },
  );

  it('refuses benefit names repeated in another case with 409, and changes nothing', async () => {
    const before = await getSettings(t);
    const res = await putSettings(
      t,
      settingsBody({
        version: before.version,
        benefits: JSON.stringify([benefit({ name: 'Health' }), benefit({ name: ' health ', amount: 5 })]),
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.envelope).toMatchObject({
      success: false,
      error: 'CONFLICT',
      message: 'A benefit named "health" already exists',
    });
    expect(await getSettings(t)).toEqual(before);
  });

  it('reports every bad field of one body at once', async () => {
    const res = await putSettings(
      t,
      settingsBody({
        benefits: 'oops',
        companyInsurancePercentage: 120,
        customMultipliers: [custom({ title: '' })],
      }),
    );
    expect(res.statusCode).toBe(400);
    const fields = fieldsOf(res.envelope.data).map((f) => f.field);
    expect(fields).toEqual(
      expect.arrayContaining(['benefits', 'companyInsurancePercentage', 'customMultipliers.0.title']),
    );
  });
});
