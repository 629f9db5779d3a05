import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { grades, jobs, levels, positions } from '../../db/schema.ts';
import type { ReferenceNames } from './name-book.ts';

/** The names the import resolves and the template lists: grades by their order, the rest by id. */
export function createExcelRepository(db: DbOrTx) {
  return {
    async referenceNames(): Promise<ReferenceNames> {
      const [jobRows, positionRows, gradeRows, levelRows] = await Promise.all([
        db.select({ id: jobs.id, name: jobs.name }).from(jobs).orderBy(asc(jobs.id)),
        db
          .select({ id: positions.id, name: positions.name, jobId: positions.jobId })
          .from(positions)
          .orderBy(asc(positions.id)),
        db
          .select({ id: grades.id, name: grades.name })
          .from(grades)
          .orderBy(asc(grades.order), asc(grades.id)),
        db.select({ id: levels.id, name: levels.name }).from(levels).orderBy(asc(levels.id)),
      ]);
      return { jobs: jobRows, positions: positionRows, grades: gradeRows, levels: levelRows };
    },
  };
}

export type ExcelRepository = ReturnType<typeof createExcelRepository>;
