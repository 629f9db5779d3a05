import { createLevelBody, levelSchema, updateLevelBody } from '@salary/shared/levels/levels.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRuleRoutes } from '../../lib/rule-routes.ts';

export const levelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.levels;
  registerRuleRoutes(app, {
    path: '/levels',
    tag: 'levels',
    noun: 'Level',
    item: levelSchema,
    list: { summary: 'List levels in creation order', run: () => service.list() },
    create: { summary: 'Create a level (manageSettings)', body: createLevelBody, run: service.create },
    update: { summary: 'Rename a level (manageSettings)', body: updateLevelBody, run: service.update },
  });
};
