import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createTokenService, resolveJwtSecret } from './lib/tokens.ts';
import { adjustmentFactorsRoutes } from './modules/adjustment-factors/adjustment-factors.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { baseSalariesRoutes } from './modules/base-salaries/base-salaries.routes.ts';
import { calculatorRoutes } from './modules/calculator/calculator.routes.ts';
import { employeesRoutes } from './modules/employees/employees.routes.ts';
import { excelRoutes } from './modules/excel/excel.routes.ts';
import { gradesRoutes } from './modules/grades/grades.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { levelsRoutes } from './modules/levels/levels.routes.ts';
import { oidcRoutes } from './modules/oidc/oidc.routes.ts';
import { positionsRoutes } from './modules/positions/positions.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import authentication from './plugins/authentication.ts';
import database from './plugins/database.ts';
import errorHandler from './plugins/error-handler.ts';
import { webApp } from './plugins/web-app.ts';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The server closes the database on shutdown; tests that share one may keep it open. */
  closeDatabaseOnShutdown?: boolean;
}

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
  };
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config.logLevel),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  // The API speaks JSON (and multipart for the import); plain text is refused with a 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // 1. External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Internal deployments often run on plain http; upgrading would break every asset.
        upgradeInsecureRequests: null,
      },
    },
  });
  // preHandler, so the login limit can key on the parsed body's email.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  await app.register(multipart, {
    limits: { fileSize: config.importMaxBytes, files: 1, fields: 5, parts: 10 },
    throwFileSizeLimit: true,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Salary System API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
  });

  // 2. App plugins: database, errors, authentication (order matters: auth reads the db).
  await app.register(database, {
    database: opts.database,
    closeOnShutdown: opts.closeDatabaseOnShutdown ?? true,
  });
  await app.register(errorHandler);
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = createTokenService(jwtSecret, config.jwtTtlSeconds);
  await app.register(authentication, { tokens });

  // 3. Modules, all under /api.
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, {
        loginRateLimit: config.loginRateLimit,
        passwordLogin: config.passwordLogin,
      });
      await api.register(oidcRoutes, { config, cookieSecret: jwtSecret });
      await api.register(usersRoutes);
      await api.register(jobsRoutes);
      await api.register(positionsRoutes);
      await api.register(gradesRoutes);
      await api.register(levelsRoutes);
      await api.register(baseSalariesRoutes);
      await api.register(adjustmentFactorsRoutes);
      await api.register(settingsRoutes);
      await api.register(calculatorRoutes);
      await api.register(employeesRoutes);
      await api.register(excelRoutes, {
        importMaxRows: config.importMaxRows,
        importMaxBytes: config.importMaxBytes,
      });
    },
    { prefix: '/api' },
  );

  // 4. The web app and the not-found rules.
  await webApp(app, { root: config.webDist ?? DEFAULT_WEB_DIST });

  return app;
}
