import { z } from 'zod';
import { rowVersion, versionField } from '../common/stale-version.ts';

/*
 * Job evaluation (work of equal value on objective, gender-neutral criteria): each job, or a
 * position of it, scored 1–5 on skills, effort, responsibility and working conditions. The
 * weighted score (the company's weights, equal by default) falls in a band of `bandWidth`
 * score points from 1.0; the bands are the report's `evaluation` categories. A position's
 * score overrides its job's; an employee whose position and job are both unscored is in no
 * band. Every signed-in user reads the scores (like job names: no pay in them); admins and
 * manageSettings write them. docs/job-evaluation.md.
 */

export const CRITERIA = ['skills', 'effort', 'responsibility', 'workingConditions'] as const;
export type Criterion = (typeof CRITERIA)[number];
export const CRITERION_LABELS: Record<Criterion, string> = {
  skills: 'Skills',
  effort: 'Effort',
  responsibility: 'Responsibility',
  workingConditions: 'Working conditions',
};

export const MIN_SCORE = 1;
export const MAX_SCORE = 5;
/** Weights have at most two decimals, each at most this. */
export const MAX_WEIGHT = 100;
/** Band widths are tenths of a score point, from 0.1 to the whole scale (4.0). */
export const MIN_BAND_WIDTH = 0.1;
export const MAX_BAND_WIDTH = MAX_SCORE - MIN_SCORE;
export const DEFAULT_BAND_WIDTH = 1;
export const DEFAULT_WEIGHTS: Scores = { skills: 1, effort: 1, responsibility: 1, workingConditions: 1 };

export type Scores = Record<Criterion, number>;

const scoreField = (label: string) =>
  z
    .number({ error: `${label} must be a whole number from 1 to 5` })
    .int(`${label} must be a whole number from 1 to 5`)
    .min(MIN_SCORE, `${label} must be a whole number from 1 to 5`)
    .max(MAX_SCORE, `${label} must be a whole number from 1 to 5`);

/** Weights are kept in hundredths (integers), so the bands are exact. */
export const WEIGHT_SCALE = 100;
/** A weight as stored: 1.25 → 125. */
export const weightUnits = (w: number) => Math.round(w * WEIGHT_SCALE);
const hundredths = (v: number) => Math.abs(weightUnits(v) - v * WEIGHT_SCALE) < 1e-6;

const weightField = (label: string) =>
  z
    .number({ error: `${label} weight must be a number` })
    .min(0, `${label} weight must not be negative`)
    .max(MAX_WEIGHT, `${label} weight must be at most ${MAX_WEIGHT}`)
    .refine(hundredths, `${label} weight must have at most two decimals`);

/** PUT /api/job-evaluation/jobs/{id} and /positions/{id}: the four scores; `version` as read. */
export const scoreBody = z
  .object({
    skills: scoreField('Skills'),
    effort: scoreField('Effort'),
    responsibility: scoreField('Responsibility'),
    workingConditions: scoreField('Working conditions'),
    version: versionField,
  })
  .describe('The four scores of a job or position, each a whole number from 1 to 5');
export type ScoreInput = z.infer<typeof scoreBody>;

/** PUT /api/job-evaluation/settings: the weights and the band width; `version` as read. */
export const evaluationSettingsBody = z
  .object({
    weights: z.object({
      skills: weightField('Skills'),
      effort: weightField('Effort'),
      responsibility: weightField('Responsibility'),
      workingConditions: weightField('Working conditions'),
    }),
    bandWidth: z
      .number({ error: 'Band width must be a number' })
      .min(MIN_BAND_WIDTH, 'Band width must be from 0.1 to 4.0')
      .max(MAX_BAND_WIDTH, 'Band width must be from 0.1 to 4.0')
      .refine(
        (v) => Math.abs(Math.round(v * 10) - v * 10) < 1e-6,
        'Band width must have at most one decimal',
      ),
    version: versionField,
  })
  .refine((b) => CRITERIA.some((c) => b.weights[c] > 0), {
    message: 'At least one weight must be more than 0',
    path: ['weights'],
  })
  .describe('The weights of the four criteria and the width of a band');
export type EvaluationSettingsInput = z.infer<typeof evaluationSettingsBody>;
export type EvaluationSettingsValues = z.input<typeof evaluationSettingsBody>;

const scoresSchema = z.object({
  skills: z.number().int(),
  effort: z.number().int(),
  responsibility: z.number().int(),
  workingConditions: z.number().int(),
});

export const scoreSchema = scoresSchema.extend({ version: rowVersion }).describe('A stored score');
export type Score = z.infer<typeof scoreSchema>;

const bandSchema = z.object({
  /** "band-<n>", 1 the lowest. */
  key: z.string(),
  /** "Score 2.0–2.9". */
  name: z.string(),
});

/** What a job or position is evaluated at: its own score, else its job's, else nothing. */
const evaluated = {
  score: scoreSchema.nullable(),
  /** Weighted score of the score that counts (own or the job's), truncated to two decimals. */
  weighted: z.number().nullable(),
  band: bandSchema.nullable(),
};

/** The weights and the band width as saved (the defaults before the first save). */
export const evaluationSettingsSchema = z
  .object({
    weights: z.object({
      skills: z.number(),
      effort: z.number(),
      responsibility: z.number(),
      workingConditions: z.number(),
    }),
    bandWidth: z.number().describe('Score points a band spans, from 1.0 up'),
    version: z.number().int(),
    updatedAt: z.string().nullable().describe('When the settings were last saved; null: never'),
  })
  .describe('The job evaluation weights and band width');
export type EvaluationSettings = z.infer<typeof evaluationSettingsSchema>;

export const evaluationSchema = z
  .object({
    settings: evaluationSettingsSchema,
    jobs: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        ...evaluated,
        positions: z.array(
          z.object({
            id: z.number().int(),
            name: z.string(),
            ...evaluated,
            /** Where the score that counts comes from. */
            from: z.enum(['position', 'job']).nullable(),
          }),
        ),
      }),
    ),
  })
  .describe('Every job and position with its scores, weighted score and band; the weights and band width');
export type Evaluation = z.infer<typeof evaluationSchema>;
export type EvaluatedJob = Evaluation['jobs'][number];
export type EvaluatedPosition = EvaluatedJob['positions'][number];

/* ---- The bands: pure, shared by the server's report and the Settings screen. ---- */

/** Weights in hundredths and the band width in tenths: integers, so every band is exact. */
export interface BandRule {
  weights: Scores;
  bandWidth: number;
}

const widthTenths = (w: number) => Math.round(w * 10);

/** How many bands cover 1.0–5.0; the top band also takes 5.0 itself. */
export const bandCount = (rule: BandRule) => Math.ceil(40 / widthTenths(rule.bandWidth));

/** Σ wᵢ·sᵢ and Σ wᵢ in hundredths: the weighted score is their quotient. */
function weightedParts(scores: Scores, rule: BandRule) {
  let sum = 0;
  let total = 0;
  for (const c of CRITERIA) {
    const w = weightUnits(rule.weights[c]);
    sum += w * scores[c];
    total += w;
  }
  return { sum, total };
}

/** The weighted score truncated to two decimals (so it never shows a band above its own). */
export function weightedScore(scores: Scores, rule: BandRule): number {
  const { sum, total } = weightedParts(scores, rule);
  return Math.floor((sum * 100) / total) / 100;
}

/** Band 1 holds [1.0, 1.0 + width), band n [1.0 + (n−1)·width, 1.0 + n·width); the last also 5.0. */
export function bandOf(scores: Scores, rule: BandRule): number {
  const { sum, total } = weightedParts(scores, rule);
  // (score − 1) ÷ width, with score = sum ÷ total and width = tenths ÷ 10, in integers.
  const n = Math.floor(((sum - total) * 10) / (total * widthTenths(rule.bandWidth))) + 1;
  return Math.min(n, bandCount(rule));
}

export const bandKey = (n: number) => `band-${n}`;

/** "Score 2.0–2.9"; the top band ends at 5.0 ("Score 4.0–5.0"). */
export function bandName(n: number, rule: BandRule): string {
  const tenths = widthTenths(rule.bandWidth);
  const from = 10 + (n - 1) * tenths;
  const to = n >= bandCount(rule) ? 50 : from + tenths - 1;
  const fmt = (t: number) => (t / 10).toFixed(1);
  return from === to ? `Score ${fmt(from)}` : `Score ${fmt(from)}–${fmt(to)}`;
}

/** The band number of a key "band-<n>", or undefined. */
export const bandNumber = (key: string): number | undefined => {
  const m = /^band-([1-9]\d{0,1})$/.exec(key);
  return m ? Number(m[1]) : undefined;
};
