import {
  adjustmentFactorSchema,
  createAdjustmentFactorBody,
  updateAdjustmentFactorBody,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRuleRoutes } from '../../lib/rule-routes.ts';

export const adjustmentFactorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.adjustmentFactors;
  registerRuleRoutes(app, {
    path: '/adjustment-factors',
    tag: 'adjustment-factors',
    noun: 'Adjustment factor',
    item: adjustmentFactorSchema,
    list: {
      summary:
        'List adjustment factors by job and position (admin, showSalary, showSettings or manageSettings)',
      run: (request) => service.list(request.actor),
    },
    create: {
      summary: 'Create the factor of a job and position; PERCENTAGE as a fraction (manageSettings)',
      body: createAdjustmentFactorBody,
      run: service.create,
    },
    update: {
      summary: 'Update an adjustment factor (manageSettings)',
      body: updateAdjustmentFactorBody,
      run: service.update,
    },
    remove: { summary: 'Delete an adjustment factor (manageSettings)', run: service.remove },
  });
};
