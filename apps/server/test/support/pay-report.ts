import type { Gender } from '@salary/shared/employees/employee-fields';
import type { PayRow } from '../../src/modules/pay-transparency/pay-gap.calc.ts';

/** A pay report category under the minimum group size: counted, with no figure, never flagged. */
export const TOO_FEW_TO_REPORT = {
  tooFew: true,
  meanPayFemale: null,
  meanPayMale: null,
  payGap: null,
  basicWageGap: null,
  complementaryGap: null,
  flagged: false,
} as const;

/** A generated employee as the property tests draw one: `pay` is the basic wage, `extra` the rest. */
interface DrawnPay {
  gender: Gender;
  jobId: number;
  gradeId: number;
  pay: number;
  extra: number;
}

/** The report's rows for drawn employees, numbered from 1. */
export const payRowsOf = (list: readonly DrawnPay[]): PayRow[] =>
  list.map((p, i) => ({
    id: i + 1,
    gender: p.gender,
    jobId: p.jobId,
    gradeId: p.gradeId,
    pay: p.pay + p.extra,
    basic: p.pay,
  }));

/** Every woman a man and every man a woman; anyone else as they are. */
export const swapWomenAndMen = <T extends { gender: Gender }>(list: readonly T[]): T[] =>
  list.map((p) => ({
    ...p,
    gender: p.gender === 'FEMALE' ? 'MALE' : p.gender === 'MALE' ? 'FEMALE' : p.gender,
  }));
