import type { Scores } from '@salary/shared/job-evaluation/job-evaluation.contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jobEvaluationScores, jobEvaluationSettings, jobs, positions } from '../../db/schema.ts';
import { saveSingleRecord } from '../../lib/table.repository.ts';

export type ScoreRow = typeof jobEvaluationScores.$inferSelect;
export type EvaluationSettingsRow = typeof jobEvaluationSettings.$inferSelect;
/** What a score is about: a job, or a position (which belongs to a job). */
export type Subject = { kind: 'job'; id: number } | { kind: 'position'; id: number };

/** Weights in hundredths and the band width in tenths, as stored. */
export interface StoredSettings {
  skillsWeight: number;
  effortWeight: number;
  responsibilityWeight: number;
  workingConditionsWeight: number;
  bandWidthTenths: number;
}

const SETTINGS_ID = 1;
const bySubject = (s: Subject): SQL =>
  s.kind === 'job' ? eq(jobEvaluationScores.jobId, s.id) : eq(jobEvaluationScores.positionId, s.id);

export function createJobEvaluationRepository(db: DbOrTx) {
  const settingsById = eq(jobEvaluationSettings.id, SETTINGS_ID);
  return {
    /** Every job and position by name (id, name, the position's job). */
    async subjects() {
      const [jobRows, positionRows] = await Promise.all([
        db.select({ id: jobs.id, name: jobs.name }).from(jobs).orderBy(sql`lower(${jobs.name})`, jobs.id),
        db
          .select({ id: positions.id, name: positions.name, jobId: positions.jobId })
          .from(positions)
          .orderBy(sql`lower(${positions.name})`, positions.id),
      ]);
      return { jobs: jobRows, positions: positionRows };
    },

    /** The job's or position's name ("Backend", "Backend / Senior"), or undefined when it is gone. */
    async subjectName(s: Subject): Promise<string | undefined> {
      if (s.kind === 'job') {
        const [row] = await db.select({ name: jobs.name }).from(jobs).where(eq(jobs.id, s.id));
        return row?.name;
      }
      const [row] = await db
        .select({ name: positions.name, job: jobs.name })
        .from(positions)
        .innerJoin(jobs, eq(jobs.id, positions.jobId))
        .where(eq(positions.id, s.id));
      return row ? `${row.job} / ${row.name}` : undefined;
    },

    scores: (): Promise<ScoreRow[]> => db.select().from(jobEvaluationScores),

    /** The subject's score, its row locked for the write that reads it. */
    async scoreOf(s: Subject): Promise<ScoreRow | undefined> {
      const [row] = await db.select().from(jobEvaluationScores).where(bySubject(s)).for('update');
      return row;
    },

    async insertScore(s: Subject, scores: Scores): Promise<ScoreRow> {
      const [row] = await db
        .insert(jobEvaluationScores)
        .values({
          ...scores,
          jobId: s.kind === 'job' ? s.id : null,
          positionId: s.kind === 'position' ? s.id : null,
        })
        .returning();
      return row!;
    },

    async updateScore(s: Subject, scores: Scores): Promise<ScoreRow> {
      const [row] = await db
        .update(jobEvaluationScores)
        .set({ ...scores, version: sql`${jobEvaluationScores.version} + 1`, updatedAt: new Date() })
        .where(bySubject(s))
        .returning();
      return row!;
    },

    async deleteScore(s: Subject): Promise<boolean> {
      const gone = await db
        .delete(jobEvaluationScores)
        .where(bySubject(s))
        .returning({ id: jobEvaluationScores.id });
      return gone.length > 0;
    },

    /** The stored settings, or undefined before the first save. */
    async settings(): Promise<EvaluationSettingsRow | undefined> {
      const [row] = await db.select().from(jobEvaluationSettings).where(settingsById).limit(1);
      return row;
    },

    /**
     * Writes the settings and bumps `version` in one compare-and-set statement (the company
     * record's way): undefined when `expectedVersion` is not the stored one.
     */
    saveSettings(values: StoredSettings, expectedVersion?: number) {
      return saveSingleRecord(db, jobEvaluationSettings, SETTINGS_ID, values, expectedVersion);
    },
  };
}

export type JobEvaluationRepository = ReturnType<typeof createJobEvaluationRepository>;
