import { envelopeOf, idParam } from '@salary/shared/common/envelope';
import {
  createGradeBody,
  gradeSchema,
  reorderGradesBody,
  updateGradeBody,
} from '@salary/shared/grades/grades.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { createGradesService } from './grades.service.ts';

export const gradesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createGradesService({ db: app.db });
  const tags = ['grades'];
  const gradeList = envelopeOf(z.array(gradeSchema));
  const oneGrade = envelopeOf(gradeSchema);

  app.get(
    '/grades',
    { schema: { tags, summary: 'List grades by order', response: { 200: gradeList } } },
    async () => ok(await service.list()),
  );
  app.post(
    '/grades',
    {
      schema: {
        tags,
        summary: 'Create a grade; without an order it goes last (manageSettings)',
        body: createGradeBody,
        response: { 201: oneGrade },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await service.create(request.actor, request.body), 'Grade created successfully')),
  );
  app.post(
    '/grades/reorder',
    {
      schema: {
        tags,
        summary: 'Set the order of several grades at once, all or nothing (manageSettings)',
        body: reorderGradesBody,
        response: { 200: gradeList },
      },
    },
    async (request) =>
      ok(await service.reorder(request.actor, request.body), 'Grades reordered successfully'),
  );
  app.put(
    '/grades/:id',
    {
      schema: {
        tags,
        summary: 'Rename a grade and/or change its order (manageSettings)',
        params: idParam,
        body: updateGradeBody,
        response: { 200: oneGrade },
      },
    },
    async (request) =>
      ok(await service.update(request.actor, request.params.id, request.body), 'Grade updated successfully'),
  );
};
