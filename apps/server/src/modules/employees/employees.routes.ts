import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the employees domain are added by its own issue.
export const employeesRoutes: FastifyPluginAsyncZod = async () => {};
