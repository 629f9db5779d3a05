import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the settings domain are added by its own issue.
export const settingsRoutes: FastifyPluginAsyncZod = async () => {};
