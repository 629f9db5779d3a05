import { z } from 'zod';

/** Which database the server runs on: embedded PGlite or a PostgreSQL server. */
const databaseKind = z.enum(['pglite', 'postgres']);

/** GET /health `data`: the process answers and its database took a query. */
export const healthData = z.object({
  status: z.literal('ok'),
  database: databaseKind,
});
export type HealthData = z.infer<typeof healthData>;

/** GET /health `data` of the 503: the process answers, its database does not. */
export const healthDownData = z.object({
  status: z.literal('database unavailable'),
  database: databaseKind,
});
export type HealthDownData = z.infer<typeof healthDownData>;
