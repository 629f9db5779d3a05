import type { EvaluatedJob, EvaluatedPosition } from '@salary/shared/job-evaluation/job-evaluation.contract';

/** Backend as GET /api/job-evaluation lists it: scored 3, 2, 4, 1 (weighted 2.5), with its one position. */
export const backendJob = (senior: EvaluatedPosition): EvaluatedJob => ({
  id: 1,
  name: 'Backend',
  score: { skills: 3, effort: 2, responsibility: 4, workingConditions: 1, version: 2 },
  weighted: 2.5,
  band: { key: 'band-2', name: 'Score 2.0–2.9' },
  positions: [senior],
});
