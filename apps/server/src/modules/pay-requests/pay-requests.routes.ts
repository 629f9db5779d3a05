import { idParam } from '@salary/shared/common/envelope';
import {
  createPayRequestBody,
  payRequestRegisterSchema,
  payRequestSchema,
  REQUEST_STATEMENT_FILE_NAME,
  updatePayRequestBody,
} from '@salary/shared/pay-requests/pay-requests.contract';
import { z } from 'zod';
import { downloadHeaders, fileResponse } from '../../lib/download.ts';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';
import { writeRoutes } from '../../lib/write-routes.ts';
import { renderPayStatementPdf } from '../pay-transparency/pay-statement.pdf.ts';

const PDF = 'application/pdf';
const PDF_RESPONSE = fileResponse(
  'pay_statement_<employee id>_<received on>.pdf',
  PDF,
  z.string().meta({ format: 'binary', description: 'A PDF' }),
);

/** The register of workers' requests for their pay information (pay-requests.service.ts). */
export const payRequestsRoutes = moduleRoutes('payRequests', 'pay-transparency', (app, service, doc) => {
  const writes = writeRoutes('pay-transparency', 'Pay request', payRequestSchema);

  app.get(
    '/pay-transparency/requests',
    doc(
      "Workers' requests for their pay information: overdue first, then open by due day, then answered (admins and showSalary)",
      payRequestRegisterSchema,
    ),
    async (request) => ok(await service.list(request.actor)),
  );

  app.post(
    '/pay-transparency/requests',
    writes.create(
      'Record a request: who asked and the day it was received; due two calendar months later (admins)',
      createPayRequestBody,
      service.create,
    ),
  );

  app.put(
    '/pay-transparency/requests/:id',
    writes.update('Edit a request or mark it answered (admins)', updatePayRequestBody, service.update),
  );

  app.delete('/pay-transparency/requests/:id', writes.remove('Delete a request (admins)', service.remove));

  app.get(
    '/pay-transparency/requests/:id/statement.pdf',
    doc(
      "The worker's pay statement as of the day the request was received, as a PDF (admins and showSalary)",
      PDF_RESPONSE,
      {
        params: idParam,
      },
    ),
    async (request, reply) => {
      const { request: asked, statement } = await service.statement(request.actor, request.params.id);
      return downloadHeaders(
        reply,
        PDF,
        REQUEST_STATEMENT_FILE_NAME(asked.employeeId, asked.receivedOn),
      ).send(await renderPayStatementPdf(statement, await app.services.company.format()));
    },
  );
});
