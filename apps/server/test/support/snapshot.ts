import { asc } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';

const TABLES = {
  users: schema.users,
  jobs: schema.jobs,
  positions: schema.positions,
  grades: schema.grades,
  levels: schema.levels,
  baseSalaries: schema.baseSalaries,
  adjustmentFactors: schema.adjustmentFactors,
  settings: schema.settings,
  employees: schema.employees,
} as const;

/** Every row of every table, ordered: two equal snapshots mean nothing was written. */
export async function snapshot(db: Db): Promise<string> {
  const out: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(TABLES))
    out[name] = await db.select().from(table).orderBy(asc(table.id));
  return JSON.stringify(out);
}
