import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the jobs domain are added by its own issue.
export const jobsRoutes: FastifyPluginAsyncZod = async () => {};
