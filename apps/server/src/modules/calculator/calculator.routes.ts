import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the calculator domain are added by its own issue.
export const calculatorRoutes: FastifyPluginAsyncZod = async () => {};
