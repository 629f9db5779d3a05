/**
 * The Settings screen's "How Multipliers Work" list renders this array, and docs/salary-formula.md
 * quotes it (a test checks both), so what users read cannot drift from what calculate-salary.ts does.
 * Plain sentences only: the web renders them as text, not markdown.
 */
export const HOW_MULTIPLIERS_WORK: readonly string[] = Object.freeze([
  'Every multiplier is added to the adjusted salary, which is the base salary plus the job and position adjustment; multipliers never compound on each other.',
  'Experience applies once per year of experience and loyalty once per year with the company, and part years count proportionally.',
  'Offshore project, acting as a different grade, pillar and remote each apply once, and only when the employee has that option set.',
  'A percentage multiplier adds that percent of the adjusted salary and a fixed multiplier adds that amount of money; negative values reduce the salary.',
  'Checked custom multipliers work the same way and are added alongside the six built-in ones.',
  'The gross salary is the adjusted salary plus every multiplier amount, and it never goes below zero.',
  'Benefits are a cost to the company, not pay: a fixed benefit costs its amount and a percentage benefit costs that percent of the gross salary.',
  'When social insurance is on, it is a percentage of the gross salary split between company and employee; the employee share comes off the net salary and the company share is added to the total cost.',
  'Every amount is rounded to the cent once, half away from zero, and every total is the sum of its rounded lines, so the breakdown always adds up.',
]);
