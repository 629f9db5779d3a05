import {
  adjustmentFactorSchema,
  createAdjustmentFactorBody,
  updateAdjustmentFactorBody,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { z } from 'zod';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { writeRoutes } from '../../lib/write-routes.ts';

export const adjustmentFactorsRoutes = moduleRoutes(
  'adjustmentFactors',
  'adjustment-factors',
  (app, service, doc) => {
    const writes = writeRoutes('adjustment-factors', 'Adjustment factor', adjustmentFactorSchema, {
      dated: true,
    });

    app.get(
      '/adjustment-factors',
      doc(
        'List adjustment factors by job and position (admin, showSalary, showSettings or manageSettings)',
        z.array(adjustmentFactorSchema),
      ),
      async (request) => ok(await service.list(request.actor)),
    );
    app.post(
      '/adjustment-factors',
      writes.create(
        'Create the factor of a job and position; PERCENTAGE as a fraction (manageSettings)',
        createAdjustmentFactorBody,
        service.create,
      ),
    );
    app.put(
      '/adjustment-factors/:id',
      writes.update(
        'Update an adjustment factor (manageSettings)',
        updateAdjustmentFactorBody,
        service.update,
      ),
    );
    app.delete(
      '/adjustment-factors/:id',
      writes.remove('Delete an adjustment factor (manageSettings)', service.remove),
    );
  },
);
