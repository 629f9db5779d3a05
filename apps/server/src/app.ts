import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { lingerBeforeClose } from './lib/linger-close.ts';
import { loggableError } from './lib/loggable-error.ts';
import { openApiOptions } from './lib/openapi.ts';
import { createTokenService, resolveJwtSecret } from './lib/tokens.ts';
import { adjustmentFactorsRoutes } from './modules/adjustment-factors/adjustment-factors.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { auditRevertRoutes } from './modules/audit/audit-revert.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { baseSalariesRoutes } from './modules/base-salaries/base-salaries.routes.ts';
import { calculatorRoutes } from './modules/calculator/calculator.routes.ts';
import { companyRoutes } from './modules/company/company.routes.ts';
import { employeesRoutes } from './modules/employees/employees.routes.ts';
import { individualPayRoutes } from './modules/employees/individual-pay.routes.ts';
import { reportingLineRoutes } from './modules/employees/reporting-line.routes.ts';
import { excelRoutes } from './modules/excel/excel.routes.ts';

import { gradesRoutes } from './modules/grades/grades.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { impactRoutes } from './modules/impact/impact.routes.ts';
import { insightsRoutes } from './modules/insights/insights.routes.ts';
import { jobEvaluationRoutes } from './modules/job-evaluation/job-evaluation.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { levelsRoutes } from './modules/levels/levels.routes.ts';
import { oidcRoutes } from './modules/oidc/oidc.routes.ts';
import { payRequestsRoutes } from './modules/pay-requests/pay-requests.routes.ts';
import { payTransparencyRoutes } from './modules/pay-transparency/pay-transparency.routes.ts';
import { postingRangeRoutes } from './modules/pay-transparency/posting-range.routes.ts';
import { positionsRoutes } from './modules/positions/positions.routes.ts';
import { raiseCyclesRoutes } from './modules/raise-cycles/raise-cycles.routes.ts';
import { scheduledChangesRoutes } from './modules/rule-calendar/scheduled-changes.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { DEFAULT_WEB_DIST } from './paths.ts';
import authentication from './plugins/authentication.plugin.ts';
import compression from './plugins/compression.plugin.ts';
import database from './plugins/database.plugin.ts';
import errorHandler from './plugins/error-handler.plugin.ts';
import queryShape from './plugins/query-shape.plugin.ts';
import scheduledVersions from './plugins/scheduled-versions.plugin.ts';
import securityHeaders from './plugins/security-headers.plugin.ts';
import teamScope from './plugins/team-scope.plugin.ts';
import unitOfWork from './plugins/unit-of-work.plugin.ts';
import { webApp } from './plugins/web-app.plugin.ts';
import { buildServices } from './services.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The server closes the database on shutdown; tests that share one may keep it open. */
  closeDatabaseOnShutdown?: boolean;
  /** Called for every route as it is added (tests read the real route table this way). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * More routes inside the /api scope, behind the same authentication (benchmark probes).
   * A route added to the app from outside would sit outside that scope, without it.
   */
  extraApiRoutes?: (api: FastifyInstance) => void | Promise<void>;
}

/** The API's modules that need nothing but the services (`app.services`), in /api/docs order. */
const SERVICE_ROUTES = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  jobsRoutes,
  positionsRoutes,
  gradesRoutes,
  levelsRoutes,
  baseSalariesRoutes,
  adjustmentFactorsRoutes,
  settingsRoutes,
  companyRoutes,
  calculatorRoutes,
  impactRoutes,
  employeesRoutes,
  individualPayRoutes,
  reportingLineRoutes,
  scheduledChangesRoutes,
  insightsRoutes,
  auditRoutes,
  auditRevertRoutes,
  payTransparencyRoutes,
  postingRangeRoutes,
  payRequestsRoutes,
  jobEvaluationRoutes,
  raiseCyclesRoutes,
];

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Pino options: structured, and never a password, a token or a cookie. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.token',
        '*.passwordHash',
      ],
      censor: '[redacted]',
    },
    // Errors are logged without query parameters or driver details (see loggable-error.ts).
    serializers: { err: loggableError },
  };
}

/**
 * Fastify 5 refuses a bare hop count (it cannot tell the immediate peer is a proxy), so a
 * count becomes the trust function it used to be: the socket peer and the next `hops - 1`
 * addresses of X-Forwarded-For are proxies. Only right when the app is reachable solely
 * through those proxies — as the README says.
 */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  const hops = value;
  return (_address, hop) => hop < hops;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config.logLevel),
    bodyLimit: JSON_BODY_LIMIT,
    // Off unless TRUST_PROXY says which proxies may tell the client's address (X-Forwarded-For).
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A plugin that is merely slow to start (the API docs' UI reads its files) is not a failure:
    // on a loaded two-core machine it has taken over Fastify's 10 s. One that hangs still fails.
    pluginTimeout: 60_000,
    // Errors met before routing (an undecodable path, a bad Content-Type) answer the envelope too.
    frameworkErrors: (error, _request, reply) => {
      // (Fastify leaves this reply's generics unresolved; it is a plain reply.)
      (reply as unknown as FastifyReply)
        .code(400)
        .header('cache-control', 'no-store')
        .send({
          success: false,
          message: error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Bad request',
          error: 'BAD_REQUEST',
          data: null,
        });
    },
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  // The API speaks JSON (and multipart for the import); plain text is refused with a 415.
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.removeContentTypeParser('text/plain');
  // An answer that closes the connection before the body was read (413): the client, still
  // sending, must get to read it (lib/linger-close.ts).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete && String(reply.getHeader('connection')).toLowerCase() === 'close')
      lingerBeforeClose(request.raw.socket);
    return payload;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // 1. External plugins.
  // Security headers (helmet's, computed once; HSTS only over https).
  await app.register(securityHeaders);
  await app.register(compression);
  await app.register(multipart, {
    limits: { fileSize: config.importMaxBytes, files: 1, fields: 5, parts: 10 },
    throwFileSizeLimit: true,
  });
  await app.register(swagger, openApiOptions);
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No page-specific CSP: the docs run under the app's own (self-hosted assets only).
    staticCSP: false,
    uiConfig: { validatorUrl: null },
  });

  // 2. App plugins: database, errors, authentication (order matters: auth reads the db).
  await app.register(database, {
    database: opts.database,
    closeOnShutdown: opts.closeDatabaseOnShutdown ?? true,
  });
  await app.register(errorHandler);
  await app.register(queryShape);
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = createTokenService(jwtSecret);
  const lifetimes = { idleSeconds: config.jwtTtlSeconds, maxSeconds: config.sessionMaxSeconds };
  // The composition root: repositories and services, built once for the whole app.
  const services = buildServices(app.db, {
    config,
    tokens,
    lifetimes,
    log: app.log,
    databaseKind: app.database.kind,
    pool: app.database.pool,
  });
  app.decorate('services', services);

  // 3. Modules, all under /api. Authentication is registered inside this scope: it guards
  //    the routes the router matched here, however their URL was spelled.
  await app.register(
    async (api) => {
      await api.register(authentication, {
        tokens,
        lifetimes,
        sessions: services.sessions,
        writeEpoch: opts.database.writeEpoch,
        caches: config.caches,
        signInUser: services.signInUser,
      });
      // After authentication: Own team only closes the routes not listed for it, and names the team.
      await api.register(teamScope, { teamOf: (id) => services.reportingLine.team(id) });
      // Before the routes: every write route gets its unit of work, handed to its service.
      await api.register(unitOfWork, {
        db: app.db,
        requireAudit: true,
        serializeWrites: app.database.kind === 'postgres',
      });
      // Before the routes: a change scheduled for a day that has come is applied first.
      await api.register(scheduledVersions, {
        db: app.db,
        serializeWrites: app.database.kind === 'postgres',
      });
      for (const routes of SERVICE_ROUTES) await api.register(routes);
      await api.register(oidcRoutes, { config, cookieSecret: jwtSecret });
      await api.register(excelRoutes, {
        importMaxRows: config.importMaxRows,
        importMaxBytes: config.importMaxBytes,
      });
      await opts.extraApiRoutes?.(api);
    },
    { prefix: '/api' },
  );

  // 4. The web app and the not-found rules.
  await webApp(app, { root: config.webDist ?? DEFAULT_WEB_DIST });

  return app;
}
