import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the grades domain are added by its own issue.
export const gradesRoutes: FastifyPluginAsyncZod = async () => {};
