import { teamScoped } from '@salary/shared/common/permissions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, notFound } from '../lib/app-error.ts';

/*
 * Own team only, decided here for every route: a user given it reads only the employees who
 * report to their own employee, directly or not (their team). Each route a limited user may
 * call is listed below with what its answer holds:
 *
 * - `open`: nothing of any employee (the user's own account, the rules, the calculator);
 * - `member`: one employee, the `:id` of its path, which must be in the team (404 otherwise,
 *   as for an employee that does not exist);
 * - `team`: a list the route's service narrows to the team (`inTeam`, `actor.team`).
 *
 * Any other route answers 403 to a limited user: a route added tomorrow is closed to them until
 * it is listed here (the team-scope test reads every route of the OpenAPI document). Closed on
 * purpose: the pay transparency report and the pay statements (the company's report, and a
 * worker's comparison with everyone in their category: both read beyond any team), the import,
 * the impact preview, the audit trail, and every write but an employee's own.
 */

type TeamRule = 'open' | 'member' | 'team';

export const TEAM_ROUTES: Readonly<Record<string, TeamRule>> = {
  'GET /api/auth/me': 'open',
  'POST /api/auth/logout': 'open',
  'POST /api/auth/change-password': 'open',
  'GET /api/auth/sessions': 'open',
  'DELETE /api/auth/sessions': 'open',
  'GET /api/jobs': 'open',
  'GET /api/positions': 'open',
  'GET /api/grades': 'open',
  'GET /api/levels': 'open',
  'GET /api/base-salary': 'open',
  'GET /api/adjustment-factors': 'open',
  'GET /api/settings': 'open',
  'GET /api/company': 'open',
  'GET /api/job-evaluation': 'open',
  'POST /api/calculate': 'open',
  'GET /api/employees/template/download': 'open',
  'GET /api/employees': 'team',
  'GET /api/employees/export': 'team',
  'GET /api/scheduled-changes': 'team',
  'GET /api/insights': 'team',
  'GET /api/insights/export/:chart': 'team',
  'GET /api/employees/:id': 'member',
  'PUT /api/employees/:id': 'member',
  'DELETE /api/employees/:id': 'member',
  'PUT /api/employees/:id/manager': 'member',
  'GET /api/employees/:id/breakdown': 'member',
  'GET /api/employees/:id/history': 'member',
  'GET /api/employees/:id/pay-timeline': 'member',
  'GET /api/employees/:id/allowance': 'member',
  'PUT /api/employees/:id/allowance': 'member',
  'GET /api/employees/:id/benefits': 'member',
  'PUT /api/employees/:id/benefits': 'member',
  'GET /api/raise-cycles': 'open',
  'GET /api/raise-cycles/:id': 'open',
  'GET /api/raise-cycles/:id/worksheet': 'team',
  'GET /api/raise-cycles/:id/letters/:employeeId': 'team',
  'GET /api/raise-cycles/:id/letters.zip': 'team',
  'PUT /api/raise-cycles/:id/proposals': 'team',
  'POST /api/raise-cycles/:id/proposals/preview': 'team',
  'GET /api/raise-cycles/:id/worksheet.xlsx': 'team',
  'POST /api/raise-cycles/:id/worksheet/import': 'team',
  'POST /api/raise-cycles/:id/submit': 'team',
};

/** The rule of the route `request` matched; undefined: closed to a limited user. */
export const teamRuleOf = (request: FastifyRequest): TeamRule | undefined =>
  TEAM_ROUTES[`${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url}`];

export default fp(async function teamScope(
  app: FastifyInstance,
  opts: { teamOf(employeeId: number): Promise<number[]> },
) {
  // After authentication (registered after it, in the same scope): the actor is known.
  app.addHook('onRequest', async (request) => {
    const actor = request.actor;
    if (request.routeOptions.config?.public || !actor || !teamScoped(actor)) return;
    const rule = teamRuleOf(request);
    if (rule === undefined) throw forbidden('Your access is limited to your own team');
    if (rule === 'open') return;
    const team = new Set(actor.employeeId ? await opts.teamOf(actor.employeeId) : []);
    request.actor = { ...actor, team };
  });
  // After validation: the id as the route read it (a malformed one was its 400). One outside
  // the team is "not found", as an employee that does not exist.
  app.addHook('preHandler', async (request) => {
    const team = request.actor?.team;
    if (team === undefined || teamRuleOf(request) !== 'member') return;
    const { id } = request.params as { id: number };
    if (!team.has(id)) throw notFound('Employee not found');
  });
});
