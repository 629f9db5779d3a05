import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { grades, jobs, levels, positions } from '../../db/schema.ts';
import { parsedJson } from '../../lib/parsed-json.ts';
import { oneRow } from '../pricing/rules.repository.ts';

/** The names a posting range shows; null (or left out, for levels) where the id does not exist. */
export interface PostingNames {
  job: string | null;
  position: { name: string; jobId: number } | null;
  grade: string | null;
  /** The levels that exist, in the company's level order. */
  levels: { id: number; name: string }[];
}

export function createPostingRangeRepository(db: DbOrTx) {
  return {
    /** The job's, position's, grade's and levels' names, in ONE statement. */
    async names(ids: {
      jobId: number;
      positionId: number;
      gradeId: number;
      levelIds: number[];
    }): Promise<PostingNames> {
      const levelIds = sql.join(
        ids.levelIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const [row] = await db
        .select({
          job: sql<string | null>`(select ${jobs.name} from ${jobs} where ${jobs.id} = ${ids.jobId})`,
          position: sql<
            { name: string; jobId: number } | string | null
          >`(select json_build_object('name', ${positions.name}, 'jobId', ${positions.jobId})
            from ${positions} where ${positions.id} = ${ids.positionId})`,
          grade: sql<
            string | null
          >`(select ${grades.name} from ${grades} where ${grades.id} = ${ids.gradeId})`,
          levels: sql<
            Array<[number, string]> | string
          >`(select coalesce(json_agg(json_build_array(${levels.id}, ${levels.name})
            order by ${levels.order}, ${levels.id}), '[]'::json)
            from ${levels} where ${levels.id} in (${levelIds}))`,
        })
        .from(oneRow);
      if (!row) throw new Error('names: no row');
      const position = row.position === null ? null : parsedJson(row.position, null);
      return {
        job: row.job,
        position,
        grade: row.grade,
        levels: parsedJson(row.levels, []).map(([id, name]) => ({ id, name })),
      };
    },
  };
}

export type PostingRangeRepository = ReturnType<typeof createPostingRangeRepository>;
