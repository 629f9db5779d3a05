import {
  POSTING_RANGE_FILE_NAME,
  postingRangeQuery,
  postingRangeSchema,
} from '@salary/shared/pay-transparency/posting-range.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadHeaders, fileResponse } from '../../lib/download.ts';
import { ok } from '../../lib/reply.ts';
import { routeDoc } from '../../lib/route-doc.ts';
import { renderPostingRangePdf } from './posting-range.pdf.ts';

const PDF = 'application/pdf';
const QUERY =
  'jobId, positionId, gradeId: the role; levelIds=1,2,3: the levels the posting covers; ' +
  "asOf=YYYY-MM-DD: the rules in force that day (default the company's today). Each level's basic pay is " +
  'base salary + job/position adjustment, as POST /calculate gives it; a level without a base salary that ' +
  'day has a note instead of a figure. 400 naming each unknown id, or a position not of the job. ' +
  'Admins and readers of the money rules (showSalary, showSettings, manageSettings).';

export const postingRangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.postingRange;
  const doc = routeDoc('pay-transparency');

  app.get(
    '/pay-transparency/posting-range',
    doc('The pay range of a job posting (Article 5; money-rules readers)', postingRangeSchema, {
      querystring: postingRangeQuery,
      description: QUERY,
    }),
    async (request) => ok(await service.range(request.actor, request.query)),
  );

  app.get(
    '/pay-transparency/posting-range.pdf',
    doc(
      'The pay range of a job posting as a PDF (money-rules readers)',
      fileResponse(POSTING_RANGE_FILE_NAME, PDF, z.string().meta({ format: 'binary', description: 'A PDF' })),
      { querystring: postingRangeQuery, description: QUERY },
    ),
    async (request, reply) => {
      const range = await service.range(request.actor, request.query);
      return downloadHeaders(reply, PDF, POSTING_RANGE_FILE_NAME).send(
        await renderPostingRangePdf(range, await app.services.company.format()),
      );
    },
  );
};
