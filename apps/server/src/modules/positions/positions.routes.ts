import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the positions domain are added by its own issue.
export const positionsRoutes: FastifyPluginAsyncZod = async () => {};
