import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { grades, levels } from '../../db/schema.ts';

type NamedRow = { id: number; name: string };

/** The heat map's axes: grades in their order, levels in creation order (levels have no order). */
export function createInsightsRepository(db: DbOrTx) {
  return {
    async axes(tx: DbOrTx = db): Promise<{ grades: NamedRow[]; levels: NamedRow[] }> {
      const [row] = await tx
        .select({
          grades: sql<
            NamedRow[] | string
          >`(select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name)
            order by g.sort_order, g.id), '[]'::json) from ${grades} g)`,
          levels: sql<
            NamedRow[] | string
          >`(select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name)
            order by l.id), '[]'::json) from ${levels} l)`,
        })
        .from(sql`(select 1) as one`);
      const parse = (v: NamedRow[] | string | undefined) =>
        typeof v === 'string' ? JSON.parse(v) : (v ?? []);
      return { grades: parse(row?.grades), levels: parse(row?.levels) };
    },
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
