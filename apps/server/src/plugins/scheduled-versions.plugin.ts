import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { runUnitOfWork } from '../lib/unit-of-work.ts';
import { companyToday } from '../modules/employees/employee.model.ts';
import { joinedUnitOfWork } from './unit-of-work.plugin.ts';

/*
 * A change scheduled for a day (an employee's, docs/decisions/0025, or a rule's, 0026) takes effect before the first request of
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
      const [people, rules] = await Promise.all([
        app.services.employees.nextWaiting(),
        app.services.ruleCalendar.nextWaiting(),
      ]);
      const next = [people.next, rules].filter((d): d is string => d !== null).sort()[0] ?? null;
      state = { snapshot: snapshot ?? '', timeZone: people.timeZone, next };
      if (snapshot !== undefined) known = state;
    }
    if (!state.next) return;
    const today = companyToday(state.timeZone);
    if (state.next > today) return;
    known = undefined;
    await runUnitOfWork(
      opts.db,
      { actor: null, label: 'scheduled changes', serialize: opts.serializeWrites },
      async (uow) => {
        // Rules first: the employees' entries then price with the rules of their day.
        await app.services.ruleCalendar.applyDue(uow, today);
        await app.services.employees.applyDue(uow, today);
      },
    );
  });
});
