import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeZone } from '../support/dated-company.ts';
import { addEmployee } from '../support/employee-forms.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * The replay oracle of dated employees: random sequences of dated writes (past, future,
 * overlapping, the same day twice) through the API; then, for random days d, every employee
 * read as of d equals the same employee on a fresh database holding only what was in force on
 * d (one employee created with those values, nothing dated) — in the list and alone, pay
 * included. The model is the plain rule: on d, the version with the latest start on or
 * before d, else the first.
 */

interface Dated {
  gradeId: number;
  levelId: number;
  yearsExperience: number;
  remote: boolean;
  pillar: boolean;
  offshoreProject: boolean;
}
interface Op {
  employee: number;
  offset: number;
  values: Dated;
}

let written: TestContext;
let fresh: TestContext;
let today: string;
/** The same rules on both databases (made in the same order, so their ids match too). */
let ids: { job: number; position: number; grades: number[]; levels: number[] };

async function company(t: TestContext) {
  // Named here: the factories' default names count across the process, and both databases must match.
  const job = await t.newJob('Engineering');
  const position = await t.newPosition(job.id, 'Backend');
  const junior = await t.newGrade('Junior', 10);
  const senior = await t.newGrade('Senior', 90);
  const l1 = await t.newLevel('L1');
  const l2 = await t.newLevel('L2');
  await t.newBaseSalary(junior.id, l1.id, 4000);
  await t.newBaseSalary(senior.id, l1.id, 6000);
  await t.newBaseSalary(junior.id, l2.id, 4700);
  await t.newBaseSalary(senior.id, l2.id, 6900);
  await t.setSettings({
    experienceMultiplier: 1.5,
    remoteMultiplier: 4,
    pillarMultiplier: 3,
    offshoreMultiplier: 2,
    loyaltyMultiplier: 1,
  });
  await setTimeZone(t, 'UTC');
  return {
    job: job.id,
    position: position.id,
    grades: [junior.id, senior.id],
    levels: [l1.id, l2.id],
  };
}

beforeAll(async () => {
  [written, fresh] = await Promise.all([buildTestApp(), buildTestApp()]);
  const [a, b] = [await company(written), await company(fresh)];
  expect(b).toEqual(a);
  ids = a;
  today = todayIn('UTC');
});
afterAll(async () => Promise.all([written?.close(), fresh?.close()]));

const body = (name: string, v: Dated) => ({
  name,
  technologyId: ids.job,
  specializationId: ids.position,
  hireDate: '2019-06-01',
  yearsWithCompany: 0,
  actingAsDifferentGrade: false,
  ...v,
});

/** The view as compared: no id (each database numbers its own) and no version (a write counter). */
function comparable(view: EmployeeView & { version?: number }) {
  const { id: _id, version: _version, ...rest } = view;
  return rest;
}

const datedValues = fc.record({
  gradeId: fc.integer({ min: 0, max: 1 }),
  levelId: fc.integer({ min: 0, max: 1 }),
  yearsExperience: fc.integer({ min: 0, max: 12 }),
  remote: fc.boolean(),
  pillar: fc.boolean(),
  offshoreProject: fc.boolean(),
});
const scenario = fc.record({
  initial: fc.array(datedValues, { minLength: 3, maxLength: 3 }),
  ops: fc.array(
    fc.record({
      employee: fc.integer({ min: 0, max: 2 }),
      offset: fc.integer({ min: -60, max: 60 }),
      values: datedValues,
    }),
    { minLength: 1, maxLength: 5 },
  ),
  days: fc.array(fc.integer({ min: -90, max: 90 }), { minLength: 1, maxLength: 2 }),
});

/** Index-based values → the real ids. */
const real = (v: { gradeId: number; levelId: number } & Omit<Dated, 'gradeId' | 'levelId'>): Dated => ({
  ...v,
  gradeId: ids.grades[v.gradeId]!,
  levelId: ids.levels[v.levelId]!,
});

let run = 0;

describe('dated employee writes replayed', () => {
  it('read as of any day equal a fresh database holding only what was in force that day', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ initial, ops, days }) => {
        run++;
        const names = initial.map((_, i) => `Replay ${run}-${i}`);
        const model = initial.map((v) => new Map<string, Dated>([['-infinity', real(v)]]));
        const employeeIds: number[] = [];
        for (const [i, v] of initial.entries()) {
          employeeIds.push((await addEmployee(written, body(names[i]!, real(v)))).id);
        }
        for (const op of ops as Op[]) {
          const day = addDays(today, op.offset);
          const values = real(op.values);
          const res = await written.callAsAdmin({
            method: 'PUT',
            url: `/api/employees/${employeeIds[op.employee]}?effectiveFrom=${day}`,
            payload: body(names[op.employee]!, values),
          });
          expect(res.statusCode, res.body).toBe(200);
          model[op.employee]!.set(day, values);
        }
        const inForce = (i: number, day: string): Dated => {
          const starts = [...model[i]!.keys()].filter((k) => k <= day).sort();
          return model[i]!.get(starts[starts.length - 1]!)!;
        };
        const checked = new Set([
          today,
          ...days.map((d) => addDays(today, d)),
          ...ops.flatMap((o) => [addDays(today, o.offset), addDays(today, o.offset - 1)]),
        ]);
        for (const day of checked) {
          // The fresh database: each employee created with what was in force that day, nothing dated.
          const freshIds: number[] = [];
          for (const i of names.keys()) {
            freshIds.push((await addEmployee(fresh, body(names[i]!, inForce(i, day)))).id);
          }
          const listOf = async (t: TestContext, mine: number[]) =>
            (
              await t.callAsAdmin<EmployeeView[]>({
                method: 'GET',
                url: `/api/employees?asOf=${day}&status=all`,
              })
            ).envelope.data
              .filter((e) => mine.includes(e.id))
              .map(comparable);
          expect(await listOf(written, employeeIds), `list as of ${day}`).toEqual(
            await listOf(fresh, freshIds),
          );
          for (const i of names.keys()) {
            const one = async (t: TestContext, id: number) =>
              comparable(
                (
                  await t.callAsAdmin<EmployeeView>({
                    method: 'GET',
                    url: `/api/employees/${id}?asOf=${day}`,
                  })
                ).envelope.data,
              );
            expect(await one(written, employeeIds[i]!), `${names[i]} as of ${day}`).toEqual(
              await one(fresh, freshIds[i]!),
            );
          }
          for (const id of freshIds)
            await fresh.callAsAdmin({ method: 'DELETE', url: `/api/employees/${id}` });
        }
      }),
      { numRuns: 4 },
    );
  }, 300_000);
});
