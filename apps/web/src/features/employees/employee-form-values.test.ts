import { employeeFormBody } from '@salary/shared/employees/employee.contract';
import { describe, expect, it } from 'vitest';
import { newEmployeeView } from '../../test/fixtures.ts';
import { EMPTY_EMPLOYEE_FORM, employeeFormValues, employeeRequestBody } from './employee-form-values.ts';

const stored = newEmployeeView({
  offshoreProject: true,
  pillar: true,
  customMultipliers: ['cm_on_call', 'cm_gone'],
});

describe('employee form values', () => {
  it('asks for every required field when left empty', () => {
    const result = employeeFormBody.safeParse(EMPTY_EMPLOYEE_FORM);
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual([
      'Name is required',
      'Job is required',
      'Position is required',
      'Grade is required',
      'Level is required',
      'Years of Experience is required',
      'Years with Company is required',
    ]);
  });

  it('refuses a leave date before the hire date, and a day not written YYYY-MM-DD', () => {
    const values = {
      ...employeeFormValues(stored, null),
      leaveDate: '2021-05-02',
      careerStartDate: '03/05/2021',
    };
    const result = employeeFormBody.safeParse(values);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['careerStartDate', 'Career Start Date must be a date written YYYY-MM-DD (e.g. 2024-03-15)'],
      ['leaveDate', 'Leave Date cannot be before the Hire Date'],
    ]);
    const onlyOrder = employeeFormBody.safeParse({ ...values, careerStartDate: null });
    expect(onlyOrder.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['leaveDate', 'Leave Date cannot be before the Hire Date'],
    ]);
  });

  it('refuses negative years', () => {
    const values = { ...employeeFormValues(stored, null), yearsWithCompany: -1 };
    const result = employeeFormBody.safeParse(values);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Years with Company cannot be negative',
    ]);
  });

  it('fills the form from a stored employee, dropping custom multipliers no longer in the settings', () => {
    const values = employeeFormValues(stored, new Set(['cm_on_call', 'cm_other']));
    expect(values).toMatchObject({
      name: 'Ada Lovelace',
      technologyId: '1',
      specializationId: '2',
      gradeId: '3',
      levelId: '4',
      yearsExperience: 6.5,
      yearsWithCompany: 2,
      offshoreProject: true,
      pillar: true,
      customMultipliers: ['cm_on_call'],
    });
  });

  it('sends ids as numbers and the custom multipliers as a JSON string', () => {
    const parsed = employeeFormBody.parse(employeeFormValues(stored, new Set(['cm_on_call'])));
    // The stored record's own fields (numbers again), without its id, version and the objects it names.
    const {
      id: _id,
      technology: _t,
      position: _p,
      grade: _g,
      level: _l,
      employmentStatus: _s,
      version: _v,
      // Set on its own (Reports to), not by the form.
      managerId: _m,
      ...fields
    } = stored;
    expect(employeeRequestBody(parsed)).toEqual({
      ...fields,
      customMultipliers: '["cm_on_call"]',
    });
  });
});
