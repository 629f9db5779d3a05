import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the excel domain are added by its own issue.
export const excelRoutes: FastifyPluginAsyncZod = async () => {};
