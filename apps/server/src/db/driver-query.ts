import pg from 'pg';
import type { DbOrTx } from './client.ts';

/** What PGlite (and its transactions) and node-postgres (pool and clients) both answer. */
interface DriverClient {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * One statement straight on the driver's client behind a Drizzle handle (the current
 * transaction when `handle` is a scoped handle inside a write scope): for the hottest fixed
 * statements, where Drizzle's own path (query building, its per-query parser options) costs
 * about as much as PGlite running the statement. Values go as bind parameters, as always;
 * answers come back as the driver gives them (no Drizzle column mapping). With a `name`,
 * PostgreSQL keeps the statement prepared per connection (node-postgres parses it once).
 */
export async function driverRows<T>(
  handle: DbOrTx,
  statement: { name: string; text: string },
  params: unknown[],
): Promise<T[]> {
  const client = (handle as unknown as { session: { client: DriverClient } }).session.client;
  if (client instanceof pg.Client || client instanceof pg.Pool) {
    return (await client.query({ name: statement.name, text: statement.text, values: params })).rows as T[];
  }
  return (await client.query(statement.text, params)).rows as T[];
}
