import { describe, expect, it } from 'vitest';
import {
  employeeSharePercent,
  socialInsuranceForm,
  withHiddenFieldsKept,
} from './social-insurance-values.ts';

describe('employeeSharePercent', () => {
  it.each([
    [75, 25],
    [100, 0],
    [0, 100],
    [66.67, 33.33],
    [12.5, 87.5],
  ])('company %d%% → employee %d%%', (company, employee) => {
    expect(employeeSharePercent(company)).toBe(employee);
  });

  it.each(['', '-', -1, 101])('has no answer for %j', (company) => {
    expect(employeeSharePercent(company)).toBeNull();
  });
});

describe('the social insurance form', () => {
  const values = {
    socialInsuranceEnabled: true,
    socialInsuranceType: 'COMPANY_FULL' as const,
    companyInsurancePercentage: '' as number | string,
    totalInsurancePercentage: 14 as number | string,
  };

  it('keeps the stored company percentage while its input is hidden', () => {
    expect(withHiddenFieldsKept(values, { companyInsurancePercentage: 80 }).companyInsurancePercentage).toBe(
      80,
    );
    const percentage = { ...values, socialInsuranceType: 'COMPANY_PERCENTAGE' as const };
    expect(withHiddenFieldsKept(percentage, { companyInsurancePercentage: 80 })).toBe(percentage);
  });

  it("reports the shared contract's messages", () => {
    const result = socialInsuranceForm.safeParse({
      ...values,
      socialInsuranceType: 'COMPANY_PERCENTAGE',
      totalInsurancePercentage: 120,
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual([
      'companyInsurancePercentage: Company insurance percentage is required',
      'totalInsurancePercentage: Total insurance percentage must be between 0 and 100',
    ]);
  });
});
