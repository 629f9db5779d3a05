import { calculateBody } from '@salary/shared/calculator/calculator.contract';
import { describe, expect, it } from 'vitest';
import {
  buildCalculatePayload,
  type CalculatorFormValues,
  type CalculatorOptions,
  type CalculatorProfile,
  calculatorResolver,
  EMPTY_CALCULATOR_FORM,
} from './calculator-form-values.ts';

const options: CalculatorOptions = {
  benefits: [
    { name: 'Health Insurance', amount: 180, type: 'FIXED_AMOUNT' },
    { name: 'Pension Plan', amount: 5, type: 'PERCENTAGE' },
  ],
  customMultipliers: [
    { id: 'cm_a', title: 'On-call', multiplier: 250, type: 'FIXED' },
    { id: 'cm_b', title: 'Team lead', multiplier: 7.5, type: 'PERCENTAGE' },
  ],
};

const profile: CalculatorProfile = {
  jobId: 1,
  positionId: 2,
  gradeId: 3,
  levelId: 4,
  yearsExperience: 3,
  yearsWithCompany: 0,
  offshoreProject: true,
  actingAsDifferentGrade: false,
  pillar: false,
  remote: true,
  applySocialInsurance: true,
};

async function resolve(values: Partial<CalculatorFormValues>) {
  return calculatorResolver({ ...EMPTY_CALCULATOR_FORM, ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
}

describe('buildCalculatePayload', () => {
  it('starts with every benefit selected and every custom multiplier unchecked', () => {
    const payload = buildCalculatePayload(profile, options, { benefits: {}, customMultipliers: {} });
    expect(JSON.parse(payload.benefits as string)).toEqual({
      'Health Insurance': true,
      'Pension Plan': true,
    });
    expect(JSON.parse(payload.customMultipliers as string)).toEqual([
      { title: 'On-call', type: 'FIXED', value: 250, checked: false },
      { title: 'Team lead', type: 'PERCENTAGE', value: 7.5, checked: false },
    ]);
  });

  it("sends the user's picks, the profile and the social insurance choice", () => {
    const payload = buildCalculatePayload({ ...profile, applySocialInsurance: false }, options, {
      benefits: { 'Pension Plan': false },
      customMultipliers: { cm_b: true },
    });
    // The profile's fields as they are; only the social insurance choice moves into `settings`.
    const { applySocialInsurance: _moved, ...profileFields } = profile;
    expect(payload).toEqual({
      ...profileFields,
      benefits: '{"Health Insurance":true,"Pension Plan":false}',
      customMultipliers:
        '[{"title":"On-call","type":"FIXED","value":250,"checked":false},' +
        '{"title":"Team lead","type":"PERCENTAGE","value":7.5,"checked":true}]',
      settings: { applySocialInsurance: false },
    });
    // And the server's own schema takes it as it is.
    expect(calculateBody.safeParse(payload).success).toBe(true);
  });

  it('sends empty lists when nothing is configured', () => {
    const payload = buildCalculatePayload(
      profile,
      { benefits: [], customMultipliers: [] },
      { benefits: {}, customMultipliers: {} },
    );
    expect(payload.benefits).toBe('{}');
    expect(payload.customMultipliers).toBe('[]');
  });
});

describe('the calculator form rules', () => {
  it('requires job, position, grade and level with the spec messages', async () => {
    const { errors } = await resolve({});
    expect(errors.jobId?.message).toBe('Job is required');
    expect(errors.positionId?.message).toBe('Position is required');
    expect(errors.gradeId?.message).toBe('Grade is required');
    expect(errors.levelId?.message).toBe('Level is required');
  });

  it('turns select ids into numbers and empty years into 0', async () => {
    const { values, errors } = await resolve({ jobId: '1', positionId: '2', gradeId: '3', levelId: '4' });
    expect(errors).toEqual({});
    expect(values).toMatchObject({ jobId: 1, positionId: 2, gradeId: 3, levelId: 4 });
    expect(values).toMatchObject({ yearsExperience: 0, yearsWithCompany: 0, applySocialInsurance: true });
  });

  it('refuses negative years', async () => {
    const { errors } = await resolve({
      jobId: '1',
      positionId: '2',
      gradeId: '3',
      levelId: '4',
      yearsExperience: -1,
    });
    expect(errors.yearsExperience?.message).toBe('Years of Experience cannot be negative');
  });
});
