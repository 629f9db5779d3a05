import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { adjustmentFactors, baseSalaries, employees, grades, jobs, levels, positions } from '../db/schema.ts';
import { createEmployeesRepository } from '../modules/employees/employees.repository.ts';
import { createSettingsRepository } from '../modules/settings/settings.repository.ts';
import {
  DEMO_FACTORS,
  DEMO_GRADES,
  DEMO_JOBS,
  DEMO_LEVELS,
  DEMO_SETTINGS,
  demoBaseSalary,
  demoEmployees,
} from './demo-data.ts';

export const DEMO_REFUSED =
  'Demo data not added: the database already has jobs, grades, levels or employees. The demo company only goes into an empty database.';

/**
 * Fills an empty database with the demo company, all in one transaction: it is added
 * whole or not at all. Users are not touched (the first admin already exists).
 */
export async function runDemoSeed(
  db: Db,
  employeeCount = 200,
): Promise<{ seeded: boolean; message: string }> {
  return db.transaction(async (tx) => {
    // One query at a time: a transaction is one connection, and pg warns about overlapping queries.
    for (const table of [jobs, grades, levels, employees]) {
      const [row] = await tx.select({ n: count() }).from(table);
      if ((row?.n ?? 0) > 0) return { seeded: false, message: DEMO_REFUSED };
    }

    const jobIds = new Map<string, number>();
    const positionIds = new Map<string, number>();
    for (const job of DEMO_JOBS) {
      const [row] = await tx.insert(jobs).values({ name: job.name }).returning({ id: jobs.id });
      jobIds.set(job.name, row!.id);
      for (const position of job.positions) {
        const [p] = await tx
          .insert(positions)
          .values({ name: position, jobId: row!.id })
          .returning({ id: positions.id });
        positionIds.set(`${job.name}/${position}`, p!.id);
      }
    }
    const gradeRows = await tx
      .insert(grades)
      .values(DEMO_GRADES.map((name, order) => ({ name, order })))
      .returning({ id: grades.id, name: grades.name });
    const levelRows = await tx
      .insert(levels)
      .values(DEMO_LEVELS.map((name) => ({ name })))
      .returning({ id: levels.id, name: levels.name });
    const gradeIds = new Map(gradeRows.map((g) => [g.name, g.id]));
    const levelIds = new Map(levelRows.map((l) => [l.name, l.id]));

    await tx.insert(baseSalaries).values(
      DEMO_GRADES.flatMap((grade, gi) =>
        DEMO_LEVELS.map((level, li) => ({
          gradeId: gradeIds.get(grade)!,
          levelId: levelIds.get(level)!,
          amount: demoBaseSalary(gi, li).toFixed(2),
        })),
      ),
    );
    await tx.insert(adjustmentFactors).values(
      DEMO_FACTORS.map((f) => ({
        jobId: jobIds.get(f.job)!,
        positionId: positionIds.get(`${f.job}/${f.position}`)!,
        type: f.type,
        factor: f.factor.toFixed(4),
      })),
    );
    await createSettingsRepository(tx).update(DEMO_SETTINGS);
    const people = demoEmployees(employeeCount);
    await createEmployeesRepository(tx).insertMany(
      people.map((p) => ({
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
      })),
    );
    return {
      seeded: true,
      message: `Demo company added: ${DEMO_JOBS.length} jobs, ${positionIds.size} positions, ${DEMO_GRADES.length} grades, ${DEMO_LEVELS.length} levels and ${people.length} employees.`,
    };
  });
}
