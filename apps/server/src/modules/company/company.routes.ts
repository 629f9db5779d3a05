import { companySchema, updateCompanyBody } from '@salary/shared/company/company.contract';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';

const PUT_DESCRIPTION = [
  'Saves the company record: name, currency (an ISO 4217 code with two decimals: amounts are',
  'kept in cents), number and date format (a BCP 47 tag such as de-DE) and time zone (an IANA',
  'name such as Europe/Berlin). Send the `version` you read: a save from an older version',
  'answers 409 (error STALE_VERSION) and writes nothing. Needs admin or manageSettings.',
].join(' ');

export const companyRoutes = moduleRoutes('company', 'company', (app, service, doc) => {
  app.get(
    '/company',
    doc('Read the company record (every signed-in user)', companySchema, {
      description:
        'The company name, currency, number and date format and time zone every screen, export and ' +
        'statement formats with. Before the first save: COMPANY_NAME, USD, en-US and the server’s zone.',
    }),
    async () => ok(await service.get()),
  );
  app.put(
    '/company',
    doc('Save the company record (admin or manageSettings; optimistic `version`)', companySchema, {
      description: PUT_DESCRIPTION,
      body: updateCompanyBody,
    }),
    async (request) =>
      ok(await service.update(request.unitOfWork, request.actor, request.body), 'Company settings saved'),
  );
});
