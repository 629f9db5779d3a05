import { PLAIN_PROFILE } from '@salary/salary-engine/salary-types';
import { toCents, toFactorUnits } from '@salary/shared/common/money';
import type { EmployeeInput } from '@salary/shared/employees/employee.contract';
import { DEFAULT_SETTINGS_VALUES, type Settings } from '@salary/shared/settings/settings.contract';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/db/client.ts';
import { adjustmentFactors, baseSalaries, grades, jobs, levels, positions } from '../../src/db/schema.ts';
import { createEmployeesRepository } from '../../src/modules/employees/employees.repository.ts';
import { createSettingsRepository } from '../../src/modules/settings/settings.repository.ts';

/*
 * Small factories that write straight to the database, for tests whose subject is not the
 * rules API itself. Names get a counter so files can call them repeatedly.
 */
let n = 0;
const next = () => ++n;

export async function newJob(db: Db, name = `Job ${next()}`) {
  const [row] = await db.insert(jobs).values({ name }).returning();
  return row!;
}

export async function newPosition(db: Db, jobId: number, name = `Position ${next()}`) {
  const [row] = await db.insert(positions).values({ name, jobId }).returning();
  return row!;
}

export async function newGrade(db: Db, name = `Grade ${next()}`, order = n) {
  const [row] = await db.insert(grades).values({ name, order }).returning();
  return row!;
}

export async function newLevel(db: Db, name = `Level ${next()}`) {
  const [row] = await db.insert(levels).values({ name }).returning();
  return row!;
}

export async function newBaseSalary(db: Db, gradeId: number, levelId: number, amount: number) {
  const [row] = await db
    .insert(baseSalaries)
    .values({ gradeId, levelId, amount: toCents(amount) })
    .returning();
  return row!;
}

export async function newFactor(
  db: Db,
  jobId: number,
  positionId: number,
  type: 'PERCENTAGE' | 'FIXED',
  factor: number,
) {
  const [row] = await db
    .insert(adjustmentFactors)
    .values({ jobId, positionId, type, factor: toFactorUnits(factor, type) })
    .returning();
  return row!;
}

export type SettingsValues = Omit<Settings, 'version' | 'updatedAt'>;
type Benefit = Settings['benefits'][number];
type CustomMultiplier = Settings['customMultipliers'][number];

/**
 * The settings values as migration 0001 creates the record (defaults), with
 * `overrides`: a whole PUT /api/settings body without `version`.
 */
export function newSettings(overrides: Partial<SettingsValues> = {}): SettingsValues {
  return { ...DEFAULT_SETTINGS_VALUES, customMultipliers: [], benefits: [], ...overrides };
}

export const newBenefit = (overrides: Partial<Benefit> = {}): Benefit => ({
  name: 'Health',
  amount: 100,
  type: 'FIXED_AMOUNT',
  ...overrides,
});

export const newCustomMultiplier = (overrides: Partial<CustomMultiplier> = {}): CustomMultiplier => ({
  id: 'cm_oncall',
  title: 'On call',
  multiplier: 250,
  type: 'FIXED',
  ...overrides,
});

/** Overwrites the settings record with the defaults plus `changes`. */
export async function setSettings(db: Db, changes: Partial<SettingsValues>): Promise<Settings> {
  const saved = await createSettingsRepository(db).update(newSettings(changes));
  if (!saved) throw new Error('settings update failed');
  return saved;
}

export async function newEmployee(
  db: Db,
  input: Partial<EmployeeInput> & Pick<EmployeeInput, 'jobId' | 'positionId' | 'gradeId' | 'levelId'>,
) {
  const id = await createEmployeesRepository(db).insert({
    name: `Employee ${next()}`,
    ...PLAIN_PROFILE,
    customMultiplierIds: [],
    ...input,
  });
  return id;
}

/** An employee of `company`: its job, first position, grade and level, with `input` over them. */
export async function newEmployeeOf(db: Db, company: Company, input: Partial<EmployeeInput> = {}) {
  const { job, position, grade, level } = company;
  return newEmployee(db, {
    jobId: job.id,
    positionId: position.id,
    gradeId: grade.id,
    levelId: level.id,
    ...input,
  });
}

/** `howMany` employees of one job and position, on a grade and level of their own. */
export async function newEmployees(
  db: Db,
  { jobId, positionId }: { jobId: number; positionId: number },
  howMany: number,
): Promise<number[]> {
  const grade = await newGrade(db);
  const level = await newLevel(db);
  const ids: number[] = [];
  for (let i = 0; i < howMany; i++)
    ids.push(await newEmployee(db, { jobId, positionId, gradeId: grade.id, levelId: level.id }));
  return ids;
}

/** How many rows a table holds. */
export async function countRows(db: Db, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** One complete little company: a job with two positions, a grade, a level, a base salary. */
export type Company = Awaited<ReturnType<typeof newCompany>>;

/** The ids of `c`'s job, position, grade and level: where a calculation or a new employee stands. */
export function placeIn(c: Pick<Company, 'job' | 'position' | 'grade' | 'level'>) {
  return { jobId: c.job.id, positionId: c.position.id, gradeId: c.grade.id, levelId: c.level.id };
}
export async function newCompany(db: Db, base = 5000) {
  const job = await newJob(db);
  const position = await newPosition(db, job.id);
  const otherPosition = await newPosition(db, job.id);
  const grade = await newGrade(db);
  const level = await newLevel(db);
  const baseSalary = await newBaseSalary(db, grade.id, level.id, base);
  return { job, position, otherPosition, grade, level, baseSalary };
}

/** What a factory takes after its database. */
type AfterDb<F> = F extends (db: Db, ...rest: infer A) => infer R ? (...rest: A) => R : never;

const ON_DB = {
  newJob,
  newPosition,
  newGrade,
  newLevel,
  newBaseSalary,
  newFactor,
  newEmployee,
  newEmployeeOf,
  newEmployees,
  newCompany,
  setSettings,
  countRows,
};
export type DbFactories = { [K in keyof typeof ON_DB]: AfterDb<(typeof ON_DB)[K]> };

/**
 * The factories above bound to `db`. TestContext carries them for its app's database, so a
 * test writes `t.newJob('Engineering')`; the functions themselves serve other databases.
 */
export function factoriesOn(db: Db): DbFactories {
  const bound = Object.entries(ON_DB).map(([name, make]) => [
    name,
    (...rest: unknown[]) => (make as (db: Db, ...rest: unknown[]) => unknown)(db, ...rest),
  ]);
  return Object.fromEntries(bound) as DbFactories;
}

/** The ids of rows just made, under the same keys: what a test keeps to find them again. */
export const idsOf = <K extends string>(rows: Record<K, { id: number }>): Record<K, number> =>
  Object.fromEntries(Object.entries<{ id: number }>(rows).map(([key, row]) => [key, row.id])) as Record<
    K,
    number
  >;
