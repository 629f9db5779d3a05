import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

/** Columns that change on every signed-in request, not by any write a test makes. */
const IGNORED_COLUMNS: Record<string, string[]> = { sessions: ['last_used_at'] };

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * Every row of every table of the app's schema (found in the catalog, so a table added
 * later is in it too: audit entries, pay history…), in a stable order: two equal snapshots
 * mean nothing was written. Sessions' last use is left aside.
 */
export async function snapshot(db: Db): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`select * from ${sql.identifier(name)}`),
    );
    const ignored = IGNORED_COLUMNS[name] ?? [];
    out[name] = rows
      .map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !ignored.includes(column))))
      .sort();
  }
  return JSON.stringify(out);
}

/** The tables a snapshot covers (a test checks the audit trail and pay history are among them). */
export async function snapshotTables(db: Db): Promise<string[]> {
  return Object.keys(JSON.parse(await snapshot(db)) as Record<string, unknown>);
}
