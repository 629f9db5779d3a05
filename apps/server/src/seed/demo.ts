import type { Db } from '../db/client.ts';

/** Fills an empty database with a sample company; the Employees issue writes the data. */
export async function runDemoSeed(_db: Db): Promise<{ seeded: boolean; message: string }> {
  return { seeded: false, message: 'Demo data is not available yet.' };
}
