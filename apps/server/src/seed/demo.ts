import { toCents } from '@salary/shared/common/money';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { createAdjustmentFactorsRepository } from '../modules/adjustment-factors/adjustment-factors.repository.ts';
import { createAuditRepository } from '../modules/audit/audit.repository.ts';
import { createBaseSalariesRepository } from '../modules/base-salaries/base-salaries.repository.ts';
import {
  createEmployeeVersionsRepository,
  FIRST_DAY,
} from '../modules/employees/employee-versions.repository.ts';
import { createEmployeesRepository } from '../modules/employees/employees.repository.ts';
import { createGradesRepository } from '../modules/grades/grades.repository.ts';
import { createJobEvaluationRepository } from '../modules/job-evaluation/job-evaluation.repository.ts';
import { createJobsRepository } from '../modules/jobs/jobs.repository.ts';
import { createLevelsRepository } from '../modules/levels/levels.repository.ts';
import { createPositionsRepository } from '../modules/positions/positions.repository.ts';
import { createPricingRepository } from '../modules/pricing/pricing.repository.ts';
import { createPricingService } from '../modules/pricing/pricing.service.ts';
import { createSettingsRepository } from '../modules/settings/settings.repository.ts';
import { datedRuleWrite } from './dated-write.ts';
import {
  DEMO_CALENDAR,
  DEMO_EVALUATION,
  DEMO_FACTORS,
  DEMO_GRADES,
  DEMO_JOBS,
  DEMO_LEVELS,
  DEMO_SETTINGS,
  demoBaseSalary,
  demoDays,
  demoEmployees,
  firstOfMonth,
  nextNewYear,
  raised,
} from './demo-data.ts';

export const DEMO_REFUSED =
  'Demo data not added: the database already has jobs, grades, levels or employees. The demo company only goes into an empty database.';

/** Who the demo company's audit entry names: no user added it. */
export const DEMO_ACTOR = 'system';

/**
 * Fills an empty database with the demo company, all in one transaction: it is added
 * whole or not at all. Users are not touched (the first admin already exists). Each
 * employee's pay history starts with its opening pay, under one audit entry. Every employee
 * has its hire and career-start days (its years derived from them), two have left, two work
 * part time, one has a promotion scheduled and one a promotion recorded from a past day, a raise
 * of one grade's base salaries waits for 1 January (demo-data.ts `DEMO_CALENDAR`), and the jobs
 * have job evaluation scores (`DEMO_EVALUATION`).
 */
export async function runDemoSeed(
  db: Db,
  employeeCount = 200,
  /**
   * `calendar: false`: no days, leavers, part-timers, dated promotions, scheduled raise or
   * evaluation scores (the bench, comparable with its earlier figures).
   */
  options: { calendar?: boolean } = {},
): Promise<{ seeded: boolean; message: string }> {
  const calendar = options.calendar ?? true;
  return db.transaction(async (tx) => {
    const jobs = createJobsRepository(tx);
    const positions = createPositionsRepository(tx);
    const grades = createGradesRepository(tx);
    const levels = createLevelsRepository(tx);
    const employees = createEmployeesRepository(tx);
    // One query at a time: a transaction is one connection, and pg warns about overlapping queries.
    for (const repository of [jobs, grades, levels, employees]) {
      if ((await repository.count()) > 0) return { seeded: false, message: DEMO_REFUSED };
    }

    const jobIds = new Map<string, number>();
    const positionIds = new Map<string, number>();
    for (const job of DEMO_JOBS) {
      const jobId = await jobs.insert({ name: job.name });
      jobIds.set(job.name, jobId);
      for (const position of job.positions)
        positionIds.set(`${job.name}/${position}`, await positions.insert({ name: position, jobId }));
    }
    const gradeIds = new Map<string, number>();
    for (const [order, name] of DEMO_GRADES.entries())
      gradeIds.set(name, await grades.insert({ name, order }));
    const levelIds = new Map<string, number>();
    for (const [order, name] of DEMO_LEVELS.entries())
      levelIds.set(name, await levels.insert({ name, order }));

    const baseSalaries = createBaseSalariesRepository(tx);
    for (const [gi, grade] of DEMO_GRADES.entries())
      for (const [li, level] of DEMO_LEVELS.entries())
        await baseSalaries.insert({
          gradeId: gradeIds.get(grade)!,
          levelId: levelIds.get(level)!,
          amount: toCents(demoBaseSalary(gi, li)),
        });
    const factors = createAdjustmentFactorsRepository(tx);
    for (const f of DEMO_FACTORS)
      await factors.insert({
        jobId: jobIds.get(f.job)!,
        positionId: positionIds.get(`${f.job}/${f.position}`)!,
        type: f.type,
        factor: f.factor,
      });
    await createSettingsRepository(tx).update(DEMO_SETTINGS);
    const people = demoEmployees(employeeCount);
    // Its days, leavers and dated promotions are relative to the company's today.
    const today = await employees.today();
    const days = calendar ? demoDays(people, today) : [];
    const hours = new Map(calendar ? DEMO_CALENDAR.partTime.map((p) => [p.index, p.weeklyHours]) : []);
    const inputs = people.map((p, i) => ({
      name: p.name,
      jobId: jobIds.get(p.job)!,
      positionId: positionIds.get(`${p.job}/${p.position}`)!,
      gradeId: gradeIds.get(p.grade)!,
      levelId: levelIds.get(p.level)!,
      yearsExperience: p.yearsExperience,
      yearsWithCompany: p.yearsWithCompany,
      offshoreProject: p.offshoreProject,
      actingAsDifferentGrade: p.actingAsDifferentGrade,
      pillar: p.pillar,
      remote: p.remote,
      customMultiplierIds: p.customMultiplierIds,
      gender: p.gender,
      ...days[i],
      ...(hours.has(i) && { weeklyHours: hours.get(i) }),
    }));
    const ids = await employees.insertMany(inputs);
    const versions = createEmployeeVersionsRepository(tx);
    const gradeAt = (name: string, step: number) =>
      gradeIds.get(DEMO_GRADES[DEMO_GRADES.indexOf(name) + step]!)!;
    const scheduled = DEMO_CALENDAR.scheduledPromotion;
    if (calendar && inputs[scheduled])
      await versions.writeAt(
        ids[scheduled]!,
        firstOfMonth(today, 1),
        { ...inputs[scheduled], gradeId: gradeAt(people[scheduled]!.grade, 1) },
        null,
        false,
      );
    const { index: promoted, monthsAgo } = DEMO_CALENDAR.backdatedPromotion;
    if (calendar && inputs[promoted]) {
      // The grade below from the start, the grade it has now from the promotion's day.
      const below = { ...inputs[promoted], gradeId: gradeAt(people[promoted]!.grade, -1) };
      await versions.writeAt(ids[promoted]!, FIRST_DAY, below, null, true);
      await versions.writeAt(ids[promoted]!, firstOfMonth(today, -monthsAgo), inputs[promoted], null, true);
    }
    await recordOpeningPay(tx);
    if (calendar) {
      const evaluation = createJobEvaluationRepository(tx);
      for (const e of DEMO_EVALUATION)
        await evaluation.insertScore(
          e.position
            ? { kind: 'position', id: positionIds.get(`${e.job}/${e.position}`)! }
            : { kind: 'job', id: jobIds.get(e.job)! },
          e.scores,
        );
      await scheduleRaise(tx, today, gradeIds, levelIds);
    }
    return {
      seeded: true,
      message: `Demo company added: ${DEMO_JOBS.length} jobs, ${positionIds.size} positions, ${DEMO_GRADES.length} grades, ${DEMO_LEVELS.length} levels and ${people.length} employees.`,
    };
  });
}

/**
 * The scheduled raise: one grade's base salaries from 1 January next year, written through the
 * rule calendar as a dated `PUT /api/base-salaries` grid save is (the rule tables keep today's
 * amounts; the new ones wait as rule versions), with the save's audit entry by the system.
 */
async function scheduleRaise(
  tx: Tx,
  today: string,
  gradeIds: ReadonlyMap<string, number>,
  levelIds: ReadonlyMap<string, number>,
): Promise<void> {
  const { grade, percent } = DEMO_CALENDAR.scheduledRaise;
  const gi = DEMO_GRADES.indexOf(grade);
  const cells = DEMO_LEVELS.map((level, li) => ({
    gradeId: gradeIds.get(grade)!,
    levelId: levelIds.get(level)!,
    level,
    before: demoBaseSalary(gi, li),
    after: raised(demoBaseSalary(gi, li), percent),
  }));
  const baseSalaries = createBaseSalariesRepository(tx);
  const settled = await datedRuleWrite(
    tx,
    { today, effectiveFrom: nextNewYear(today) },
    'the demo seed',
    () =>
      baseSalaries.upsertMany(
        cells.map((c) => ({ gradeId: c.gradeId, levelId: c.levelId, amount: toCents(c.after) })),
      ),
  );
  const stored = await baseSalaries.storedByPair();
  await createAuditRepository(tx).insert({
    actorId: null,
    actorEmail: DEMO_ACTOR,
    action: 'bulkSave',
    entityType: 'baseSalary',
    entityId: null,
    changes: cells.map((c) => ({ field: `amount ${grade} / ${c.level}`, before: c.before, after: c.after })),
    details: {
      label: 'Base salaries (grid)',
      created: 0,
      updated: cells.length,
      deleted: 0,
      ids: cells.map((c) => stored.get(`${c.gradeId}:${c.levelId}`)!.id),
      ...settled.details,
    },
  });
}

/**
 * One entry, "Demo company created", and a first pay-history row per employee (nothing →
 * the gross and total cost the list shows), priced by the list's own bulk path.
 */
async function recordOpeningPay(tx: Tx): Promise<void> {
  const settings = (t: DbOrTx = tx) => createSettingsRepository(t).rules();
  const pricing = createPricingService({ repo: createPricingRepository(tx), settings });
  const { employees } = await pricing.priceEmployees({}, { tx });
  const audit = createAuditRepository(tx);
  const id = await audit.insert({
    actorId: null,
    actorEmail: DEMO_ACTOR,
    action: 'create',
    entityType: 'company',
    entityId: null,
    changes: [],
    details: { label: 'Demo company', employeeCount: employees.length },
  });
  await audit.insertHistory(
    id,
    employees.map((p) => ({
      employeeId: p.employee.id,
      grossBefore: null,
      grossAfter: p.calculatedSalary,
      costBefore: null,
      costAfter: p.accumulatedCost,
    })),
  );
}
