import { envelopeOf } from '@salary/shared/common/envelope';
import {
  createGradeBody,
  gradeSchema,
  reorderGradesBody,
  updateGradeBody,
} from '@salary/shared/grades/grades.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { registerRuleRoutes } from '../../lib/rule-routes.ts';

export const gradesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.grades;
  registerRuleRoutes(app, {
    path: '/grades',
    tag: 'grades',
    noun: 'Grade',
    item: gradeSchema,
    list: { summary: 'List grades by order', run: () => service.list() },
    create: {
      summary: 'Create a grade; without an order it goes last (manageSettings)',
      body: createGradeBody,
      run: service.create,
    },
    update: {
      summary: 'Rename a grade and/or change its order (manageSettings)',
      body: updateGradeBody,
      run: service.update,
    },
  });
  // Grades' own call: the order of several at once.
  app.post(
    '/grades/reorder',
    {
      schema: {
        tags: ['grades'],
        summary: 'Set the order of several grades at once, all or nothing (manageSettings)',
        body: reorderGradesBody,
        response: { 200: envelopeOf(z.array(gradeSchema)) },
      },
    },
    async (request) =>
      ok(await service.reorder(request.actor, request.body), 'Grades reordered successfully'),
  );
};
