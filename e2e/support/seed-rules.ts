import type {
  AdjustmentFactor,
  AdjustmentType,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import type { Grade } from '@salary/shared/grades/grades.contract';
import type { Job } from '@salary/shared/jobs/jobs.contract';
import type { Level } from '@salary/shared/levels/levels.contract';
import type { Position } from '@salary/shared/positions/positions.contract';
import { adminApi, expectOk } from './api.ts';

let counter = 0;

/** Names unique across files and runs (rules are unique by name), short enough for any column. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36).slice(-5)}${process.pid % 1000}${counter}`;
}

export async function seedJob(name = uniqueName('Job')): Promise<Job> {
  return expectOk(await (await adminApi()).post<Job>('/jobs', { name }), `Creating job ${name}`);
}

export async function seedPosition(jobId: number, name = uniqueName('Position')): Promise<Position> {
  return expectOk(
    await (await adminApi()).post<Position>('/positions', { jobId, name }),
    `Creating position ${name}`,
  );
}

export async function seedGrade(name = uniqueName('Grade')): Promise<Grade> {
  return expectOk(await (await adminApi()).post<Grade>('/grades', { name }), `Creating grade ${name}`);
}

export async function seedLevel(name = uniqueName('Level')): Promise<Level> {
  return expectOk(await (await adminApi()).post<Level>('/levels', { name }), `Creating level ${name}`);
}

export async function seedBaseSalary(body: {
  gradeId: number;
  levelId: number;
  amount: number;
}): Promise<BaseSalary> {
  return expectOk(await (await adminApi()).post<BaseSalary>('/base-salary', body), 'Creating a base salary');
}

/** `factor` as the API takes it: a fraction for PERCENTAGE (0.12 = 12%), an amount for FIXED. */
export async function seedFactor(body: {
  jobId: number;
  positionId: number;
  type: AdjustmentType;
  factor: number;
}): Promise<AdjustmentFactor> {
  return expectOk(
    await (await adminApi()).post<AdjustmentFactor>('/adjustment-factors', body),
    'Creating an adjustment factor',
  );
}

/** A job with `count` positions, for screens that pick a job and then a position. */
export async function seedJobWithPositions(count = 2): Promise<{ job: Job; positions: Position[] }> {
  const job = await seedJob();
  const positions: Position[] = [];
  for (let i = 0; i < count; i += 1) positions.push(await seedPosition(job.id));
  return { job, positions };
}

export async function listFromApi<T>(path: string): Promise<T[]> {
  return expectOk(await (await adminApi()).get<T[]>(path), `Listing ${path}`);
}
