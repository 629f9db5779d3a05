import { effectiveFromQuery } from '@salary/shared/employees/dated.contract';
import {
  settingsReadSchema,
  settingsSchema,
  updateSettingsBody,
} from '@salary/shared/settings/settings.contract';
import { moduleRoutes } from '../../lib/module-routes.ts';
import { ok } from '../../lib/reply.ts';

/*
 * PUT /api/settings replaces the WHOLE record (every field but `version` is required).
 * - `benefits` and `customMultipliers`: a JSON string of the list (as the spec's client sends
 *   it) or the list itself; the answer always holds arrays. Malformed JSON → 400 naming the field.
 * - `socialInsuranceEnabled`: true/false or 1/0.
 * - Custom multiplier ids the client sends are kept; missing or `tmp-…` ids get a stable `cm_…`.
 * - `version`: the version the client read. Equal to the stored one → saved as version + 1.
 *   Older (someone saved in between) → 409 STALE_VERSION and nothing written. Absent → last
 *   write wins; our web app always sends it.
 * - Benefit names repeated (ignoring case) → 409.
 */
const PUT_DESCRIPTION = [
  'Replaces the whole settings record; every field except `version` is required.',
  '`benefits` and `customMultipliers` may be JSON strings of the lists or the lists themselves;',
  'the answer always has arrays. `socialInsuranceEnabled` accepts true/false or 1/0.',
  'Custom multipliers without an id or with a `tmp-` id get a stable id; other ids are kept.',
  'Send the `version` you read: a save from an older version answers 409 (error STALE_VERSION)',
  'and writes nothing. Without `version` the last save wins (the web app always sends it).',
  'A benefit name repeated, ignoring case, answers 409. Needs admin or manageSettings.',
].join(' ');

export const settingsRoutes = moduleRoutes('settings', 'settings', (app, service, doc) => {
  app.get(
    '/settings',
    doc(
      'Read the settings record (values only for admin, showSalary, showSettings or manageSettings)',
      settingsReadSchema,
      {
        description:
          'Every signed-in user gets the names, titles, ids and types; the multiplier, benefit and ' +
          'insurance values are salary data and reach only admins and users with showSalary, ' +
          'showSettings or manageSettings.',
      },
    ),
    async (request) => ok(await service.get(request.actor)),
  );
  app.put(
    '/settings',
    doc('Save the whole settings record (admin or manageSettings; optimistic `version`)', settingsSchema, {
      description: PUT_DESCRIPTION,
      body: updateSettingsBody,
      querystring: effectiveFromQuery,
      config: { dated: true },
    }),
    async (request) =>
      ok(
        await service.update(request.unitOfWork, request.actor, request.body),
        'Settings updated successfully',
      ),
  );
});
