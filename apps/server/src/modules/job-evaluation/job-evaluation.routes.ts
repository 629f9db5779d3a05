import * as contract from '@salary/shared/job-evaluation/job-evaluation.contract';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { writeRoutes } from '../../lib/write-routes.ts';

export const jobEvaluationRoutes = moduleRoutes('jobEvaluation', 'job-evaluation', (app, service, doc) => {
  const writes = writeRoutes('job-evaluation', 'Job evaluation score', contract.scoreSchema);
  const job = (id: number) => ({ kind: 'job' as const, id });
  const position = (id: number) => ({ kind: 'position' as const, id });

  app.get(
    '/job-evaluation',
    doc(
      'Job evaluation: every job and position with its scores and band (every signed-in user)',
      contract.evaluationSchema,
    ),
    async (request) => ok(await service.get(request.actor)),
  );
  app.put(
    '/job-evaluation/jobs/:id',
    writes.update('Score a job (manageSettings)', contract.scoreBody, (uow, actor, id, input) =>
      service.saveScore(uow, actor, job(id), input),
    ),
  );
  app.delete(
    '/job-evaluation/jobs/:id',
    writes.remove("Remove a job's score (manageSettings)", (uow, actor, id, version) =>
      service.removeScore(uow, actor, job(id), version),
    ),
  );
  app.put(
    '/job-evaluation/positions/:id',
    writes.update(
      "Score a position: overrides its job's score (manageSettings)",
      contract.scoreBody,
      (uow, actor, id, input) => service.saveScore(uow, actor, position(id), input),
    ),
  );
  app.delete(
    '/job-evaluation/positions/:id',
    writes.remove(
      "Remove a position's score: its job's counts again (manageSettings)",
      (uow, actor, id, version) => service.removeScore(uow, actor, position(id), version),
    ),
  );
  app.put(
    '/job-evaluation/settings',
    doc(
      'Save the weights and band width (manageSettings; optimistic `version`)',
      contract.evaluationSettingsSchema,
      {
        description:
          'Weights: four numbers from 0 to 100 with at most two decimals, not all 0. Band width: 0.1 to 4.0 ' +
          'score points, one decimal. Send the `version` you read: an older one answers 409 STALE_VERSION.',
        body: contract.evaluationSettingsBody,
      },
    ),
    async (request) =>
      ok(
        await service.saveSettings(request.unitOfWork, request.actor, request.body),
        'Job evaluation settings saved',
      ),
  );
});
