import { z } from 'zod';

/*
 * Pay insights: the company's pay at a glance (GET /insights) and why one salary is what it
 * is (GET /employees/{id}/breakdown). Both need admin or showSalary; every cost figure is
 * absent, not null, without showCost.
 */

const money = z.number();
const optionalMoney = money.optional();

/** Min / median / max of the priced employees in one grade × level cell. */
export const gradeLevelCellSchema = z.object({
  gradeId: z.number().int(),
  grade: z.string(),
  levelId: z.number().int(),
  level: z.string(),
  count: z.number().int(),
  min: money,
  median: money,
  max: money,
});
export type GradeLevelCell = z.infer<typeof gradeLevelCellSchema>;

/** Monthly figures of one job: the salaries, and (showCost) benefits and the company's insurance. */
export const jobCostSchema = z.object({
  jobId: z.number().int(),
  job: z.string(),
  count: z.number().int(),
  salary: money,
  benefits: optionalMoney,
  insurance: optionalMoney,
  totalCost: optionalMoney,
});
export type JobCost = z.infer<typeof jobCostSchema>;

/** One histogram bar: salaries from `from` (inclusive) to `to` (exclusive; the last bar includes it). */
export const salaryBinSchema = z.object({ from: money, to: money, count: z.number().int() });
export type SalaryBin = z.infer<typeof salaryBinSchema>;

/** One grade's employees by where their basic wage stands in their salary band. */
export const bandPositionRowSchema = z.object({
  gradeId: z.number().int(),
  grade: z.string(),
  below: z.number().int(),
  inside: z.number().int(),
  above: z.number().int(),
});
export type BandPositionRow = z.infer<typeof bandPositionRowSchema>;

export const insightsSchema = z.object({
  /** Employees matching the filters. */
  headcount: z.number().int(),
  /** Of those, how many have no base salary for their grade and level (no figures). */
  unpriced: z.number().int(),
  /** Sum of the gross monthly salaries. */
  payroll: money,
  /** Gross + benefits + the company's insurance share, summed (showCost). */
  totalCost: optionalMoney,
  averageSalary: money.nullable(),
  medianSalary: money.nullable(),
  /** Grades in their order, levels in theirs: the heat map's rows and columns. */
  grades: z.array(z.object({ id: z.number().int(), name: z.string() })),
  levels: z.array(z.object({ id: z.number().int(), name: z.string() })),
  byGradeLevel: z.array(gradeLevelCellSchema),
  byJob: z.array(jobCostSchema),
  distribution: z.array(salaryBinSchema),
  /** Per grade (in order): how many are below, in and above their band. */
  byBandPosition: z.array(bandPositionRowSchema),
});
export type Insights = z.infer<typeof insightsSchema>;

/** The .xlsx downloads, one per chart. */
export const INSIGHT_CHARTS = [
  'headline',
  'grade-level',
  'job-cost',
  'distribution',
  'band-position',
] as const;
export type InsightChart = (typeof INSIGHT_CHARTS)[number];
export const insightsExportParams = z.object({
  chart: z.enum(INSIGHT_CHARTS, { error: `Chart must be one of ${INSIGHT_CHARTS.join(', ')}` }),
});
export const insightsFileName = (chart: InsightChart) => `pay_overview_${chart.replace('-', '_')}.xlsx`;

/** One line of a breakdown: its label names the rule that produced it. */
export const breakdownLineSchema = z.object({
  kind: z.enum(['base', 'adjustment', 'multiplier', 'custom', 'benefit', 'insurance']),
  label: z.string(),
  amount: money,
});
export type BreakdownLine = z.infer<typeof breakdownLineSchema>;

export const breakdownSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  /** "Engineering / Backend · Senior / Level 2" */
  profile: z.string(),
  /** Base, adjustment, multipliers, custom multipliers: they add up to grossSalary. */
  salaryLines: z.array(breakdownLineSchema),
  /** Base + adjustment: what the multipliers apply to. */
  adjustedSalary: money,
  grossSalary: money,
  /** The employee's insurance share: gross − these = netSalary. */
  deductions: z.array(breakdownLineSchema),
  netSalary: money,
  /** Benefits and the company's insurance share: gross + these = totalCost (showCost). */
  costLines: z.array(breakdownLineSchema).optional(),
  totalCost: optionalMoney,
});
export type Breakdown = z.infer<typeof breakdownSchema>;
