import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/test-database.ts';

/*
 * PGlite's buffer pool is resident in the server's memory from the start: PostgreSQL's
 * default raises the idle memory for no faster read (db/client.ts, decision 0007). A PGlite upgrade that stopped taking the start parameters would bring it back.
 */
describe('the embedded database', () => {
  it('runs with a 16 MB buffer pool', async () => {
    // Opened as the app opens it (db/client.ts), on the run's migrated template: no initdb.
    const database = await createTestDatabase();
    try {
      const rows = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: Array<{ shared_buffers: string }>;
      };
      expect(rows.rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
  });
});
