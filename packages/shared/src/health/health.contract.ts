import { z } from 'zod';

/** GET /health `data`: the process answers and its database took a query. */
export const healthData = z.object({
  status: z.literal('ok'),
  /** Which database the server runs on: embedded PGlite or a PostgreSQL server. */
  database: z.enum(['pglite', 'postgres']),
});
export type HealthData = z.infer<typeof healthData>;
