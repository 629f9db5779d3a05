import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { runUnitOfWork } from '../lib/unit-of-work.ts';
import { companyToday } from '../modules/employees/employee.model.ts';
import { joinedUnitOfWork } from './unit-of-work.plugin.ts';

/*
 * A change scheduled for a day (docs/decisions/0025) takes effect before the first request of
 * that day reads anything: every signed-in request first asks when the next waiting version
 * starts (one small statement, none while the database is at the snapshot last asked at), and
 * once that day has come in the company's time zone the versions due are applied in a unit of
 * work of their own, with an audit entry per employee (by the system), before the request goes
 * on. So the employees' rows are always the versions in force today, and every read — the
 * list, an employee, insights, exports — reads them as it always did.
 */
export default fp(async function scheduledVersions(
  app: FastifyInstance,
  opts: { db: Db; serializeWrites: boolean },
) {
  let known: { snapshot: string; next: string | null; timeZone: string | null } | undefined;
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public || !request.actor) return;
    // A write a preview runs through its route is inside the preview's transaction.
    if (joinedUnitOfWork(request)) return;
    const snapshot = request.dataSnapshot;
    let state = snapshot !== undefined && known?.snapshot === snapshot ? known : undefined;
    if (!state) {
      state = { snapshot: snapshot ?? '', ...(await app.services.employees.nextWaiting()) };
      if (snapshot !== undefined) known = state;
    }
    if (!state.next) return;
    const today = companyToday(state.timeZone);
    if (state.next > today) return;
    known = undefined;
    await runUnitOfWork(
      opts.db,
      { actor: null, label: 'scheduled employee changes', serialize: opts.serializeWrites },
      (uow) => app.services.employees.applyDue(uow, today),
    );
  });
});
