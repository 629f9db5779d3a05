import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the adjustment-factors domain are added by its own issue.
export const adjustmentFactorsRoutes: FastifyPluginAsyncZod = async () => {};
