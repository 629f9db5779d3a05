import type { EmployeeFormBody, EmployeeView } from '@salary/shared/employees/employee.contract';
import { beforeAll } from 'vitest';
import { adminApi, expectOk } from './api.ts';
import { daysAgo } from './days.ts';

/*
 * Employees and the rules they need, made through the API with names unique to the run, so
 * specs sharing one server never see each other's rows when they filter or search by them.
 */

interface Named {
  id: number;
  name: string;
}

export interface SeededRules {
  job: Named;
  /** Two positions of the job. */
  positions: [Named, Named];
  grade: Named;
  level: Named;
  /** A grade with no base salary: its employees have no computable salary ('—'). */
  unpricedGrade: Named;
  baseSalary: number;
}

let counter = 0;

/** A short name no other spec or run uses: `${prefix} k3x9-1`. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36).slice(-5)}${process.pid.toString(36)}-${counter}`;
}

/** A job with two positions, two grades (one priced), a level and a base salary. */
export async function seedRules(baseSalary = 5000): Promise<SeededRules> {
  const admin = await adminApi();
  const job = expectOk(await admin.post<Named>('/jobs', { name: uniqueName('Job') }), 'Creating a job');
  const positions = [] as unknown as [Named, Named];
  for (const label of ['Alpha', 'Beta']) {
    positions.push(
      expectOk(
        await admin.post<Named>('/positions', { name: uniqueName(label), jobId: job.id }),
        'Creating a position',
      ),
    );
  }
  const grade = expectOk(
    await admin.post<Named>('/grades', { name: uniqueName('Grade') }),
    'Creating a grade',
  );
  const unpricedGrade = expectOk(
    await admin.post<Named>('/grades', { name: uniqueName('Unpriced') }),
    'Creating a grade',
  );
  const level = expectOk(
    await admin.post<Named>('/levels', { name: uniqueName('Level') }),
    'Creating a level',
  );
  expectOk(
    await admin.post('/base-salary', { gradeId: grade.id, levelId: level.id, amount: baseSalary }),
    'Creating a base salary',
  );
  return { job, positions, grade, level, unpricedGrade, baseSalary };
}

/** What places an employee, by name: the seeded job, its first position, the priced grade, the level. */
export interface ProfileNames {
  job: string;
  position: string;
  grade: string;
  level: string;
}

export function profileNames(rules: SeededRules): ProfileNames {
  return {
    job: rules.job.name,
    position: rules.positions[0].name,
    grade: rules.grade.name,
    level: rules.level.name,
  };
}

export type ProfileLabel = 'Job' | 'Position' | 'Grade' | 'Level';

/** The four selects of the employee form and the calculator, in screen order, with what to pick. */
export function profileChoices(names: ProfileNames): [ProfileLabel, string][] {
  return [
    ['Job', names.job],
    ['Position', names.position],
    ['Grade', names.grade],
    ['Level', names.level],
  ];
}

/**
 * Seeds the rules once for the calling file or describe block (in its beforeAll). The answer is
 * filled in then: read it inside tests and hooks, not while the tests are being collected.
 */
export function useSeededRules(baseSalary?: number): SeededRules {
  const rules = {} as SeededRules;
  beforeAll(async () => {
    Object.assign(rules, await seedRules(baseSalary));
  });
  return rules;
}

export type EmployeeSeed = Partial<EmployeeFormBody> & { name: string };

/** One employee in the seeded job (first position, priced grade unless told otherwise). */
export async function seedEmployee(rules: SeededRules, seed: EmployeeSeed): Promise<EmployeeView> {
  const admin = await adminApi();
  const body: EmployeeFormBody = {
    technologyId: rules.job.id,
    specializationId: rules.positions[0].id,
    gradeId: rules.grade.id,
    levelId: rules.level.id,
    yearsExperience: 0,
    yearsWithCompany: 0,
    ...seed,
  };
  return expectOk(await admin.post<EmployeeView>('/employees', body), `Creating employee ${seed.name}`);
}

/** Several at once, a few requests in flight at a time. */
export async function seedEmployees(rules: SeededRules, seeds: EmployeeSeed[]): Promise<EmployeeView[]> {
  const out: EmployeeView[] = new Array(seeds.length);
  let next = 0;
  const worker = async () => {
    while (next < seeds.length) {
      const index = next++;
      out[index] = await seedEmployee(rules, seeds[index] as EmployeeSeed);
    }
  };
  await Promise.all(Array.from({ length: Math.min(6, seeds.length) }, worker));
  return out;
}

/**
 * `<tag> Stays` and `<tag> Leaver`, both hired on 6 January 2020, the leaver gone 30 days ago: a
 * day 60 days back still counts both, today only the one who stays.
 */
export async function seedStayerAndLeaver(
  rules: SeededRules,
  tag: string,
): Promise<{ stays: EmployeeView; leaver: EmployeeView }> {
  const hireDate = '2020-01-06';
  const stays = await seedEmployee(rules, { name: `${tag} Stays`, hireDate });
  const leaver = await seedEmployee(rules, { name: `${tag} Leaver`, hireDate, leaveDate: daysAgo(30) });
  return { stays, leaver };
}

/** The employee as the API sees it now, or null once it is gone. */
export async function findEmployee(id: number): Promise<EmployeeView | null> {
  const answer = await (await adminApi()).get<EmployeeView>(`/employees/${id}`);
  return answer.success ? answer.data : null;
}

/** Every employee whose name contains `text` (admin view). */
export async function employeesNamed(text: string): Promise<EmployeeView[]> {
  const list = expectOk(await (await adminApi()).get<EmployeeView[]>('/employees'), 'Listing employees');
  return list.filter((employee) => employee.name.includes(text));
}
