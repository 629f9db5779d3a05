import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the base-salaries domain are added by its own issue.
export const baseSalariesRoutes: FastifyPluginAsyncZod = async () => {};
