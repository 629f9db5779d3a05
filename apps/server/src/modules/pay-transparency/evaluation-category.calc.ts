import {
  type BandRule,
  bandKey,
  bandName,
  bandNumber,
  bandOf,
  type Scores,
} from '@salary/shared/job-evaluation/job-evaluation.contract';
import type { CategoryKind } from '@salary/shared/pay-transparency/pay-transparency.contract';

/*
 * The category an employee's row falls in, for every kind: job × grade, grade, or the band of
 * their job evaluation score (the position's score, else the job's; none: no category). Pure;
 * the calc and the statement call it.
 */

/** The scores and the band rule the `evaluation` categories are made from. */
export interface EvaluationBands {
  rule: BandRule;
  jobScores: ReadonlyMap<number, Scores>;
  positionScores: ReadonlyMap<number, Scores>;
}

export interface CategoryRow {
  jobId: number;
  /** Absent: the job's score counts. */
  positionId?: number;
  gradeId: number;
}

/** The band number of a row's job and position, or undefined when neither is scored. */
export function evaluationBandOf(
  bands: EvaluationBands,
  row: Omit<CategoryRow, 'gradeId'>,
): number | undefined {
  const own = row.positionId === undefined ? undefined : bands.positionScores.get(row.positionId);
  const scores = own ?? bands.jobScores.get(row.jobId);
  return scores ? bandOf(scores, bands.rule) : undefined;
}

/**
 * "<jobId>:<gradeId>", "<gradeId>" or "band-<n>"; null when the row is in no category of that
 * kind (unscored, or the evaluation is not given).
 */
export function categoryKeyOf(kind: CategoryKind, row: CategoryRow, bands?: EvaluationBands): string | null {
  if (kind === 'grade') return String(row.gradeId);
  if (kind === 'job-grade') return `${row.jobId}:${row.gradeId}`;
  const band = bands && evaluationBandOf(bands, row);
  return band === undefined ? null : bandKey(band);
}

/** "Score 2.0–2.9" of an `evaluation` key. */
export function evaluationCategoryName(key: string, bands: EvaluationBands): string {
  return bandName(bandNumber(key) ?? 0, bands.rule);
}

/**
 * The jobs with employees in no band, with how many such employees each has, by name. Rows:
 * every employee the report counts.
 */
export function unscoredJobsOf(
  rows: readonly Omit<CategoryRow, 'gradeId'>[],
  bands: EvaluationBands,
  jobNames: ReadonlyMap<number, string>,
): Array<{ name: string; headcount: number }> {
  const counts = new Map<number, number>();
  for (const r of rows)
    if (evaluationBandOf(bands, r) === undefined) counts.set(r.jobId, (counts.get(r.jobId) ?? 0) + 1);
  return [...counts]
    .map(([jobId, headcount]) => ({ name: jobNames.get(jobId) ?? `Job ${jobId}`, headcount }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
