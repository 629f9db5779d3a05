import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../../src/paths.ts';

/*
 * The migrations' SQL files run by hand, for the tests of one migration: they build the
 * database as it stood before it, write rows the way that schema took them, then run it.
 */

/** Every migration file, in the order they run. */
export const MIGRATION_FILES = readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();

/** The migration files that run before `file`. */
export const migrationsBefore = (file: string) => MIGRATION_FILES.slice(0, MIGRATION_FILES.indexOf(file));

/** Runs one migration file on `db`, statement by statement as the migrator splits it. */
export async function runMigration(
  db: { exec(text: string): Promise<unknown> },
  file: string,
): Promise<void> {
  const statements = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const statement of statements) await db.exec(statement);
}
