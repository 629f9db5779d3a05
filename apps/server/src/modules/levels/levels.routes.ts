import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the levels domain are added by its own issue.
export const levelsRoutes: FastifyPluginAsyncZod = async () => {};
