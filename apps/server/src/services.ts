import { formatOf } from '@salary/shared/company/company.contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { Db, DbOrTx } from './db/client.ts';
import type { TokenService } from './lib/tokens.ts';
import { runWriteScope } from './lib/write-scope.ts';
import { createAdjustmentFactorsService } from './modules/adjustment-factors/adjustment-factors.service.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createAuthFailuresRepository } from './modules/auth/auth-failures.repository.ts';
import { createSessionsRepository } from './modules/auth/sessions.repository.ts';
import { createSignIn, type SessionLifetimes } from './modules/auth/sign-in.ts';
import { createSignInThrottle } from './modules/auth/sign-in-throttle.ts';
import { createBaseSalariesService } from './modules/base-salaries/base-salaries.service.ts';
import { createCalculatorService } from './modules/calculator/calculator.service.ts';
import { createCompanyRepository } from './modules/company/company.repository.ts';
import { createCompanyService, serverTimeZone, toCompany } from './modules/company/company.service.ts';
import { createEmployeesRepository } from './modules/employees/employees.repository.ts';
import { createEmployeesService } from './modules/employees/employees.service.ts';
import { createExcelRepository } from './modules/excel/excel.repository.ts';
import { createExcelService, type ExcelLimits } from './modules/excel/excel.service.ts';
import { createImportRevertRepository } from './modules/excel/import-revert.repository.ts';
import { createImportRevertService } from './modules/excel/import-revert.service.ts';
import { createGradesRepository } from './modules/grades/grades.repository.ts';
import { createGradesService } from './modules/grades/grades.service.ts';
import { createHealthRepository } from './modules/health/health.repository.ts';
import { createImpactService } from './modules/impact/impact.service.ts';
import { createInsightsRepository } from './modules/insights/insights.repository.ts';
import { createInsightsService } from './modules/insights/insights.service.ts';
import { createJobsRepository } from './modules/jobs/jobs.repository.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import { createLevelsRepository } from './modules/levels/levels.repository.ts';
import { createLevelsService } from './modules/levels/levels.service.ts';
import { createOidcService } from './modules/oidc/oidc.service.ts';
import { createJustifications } from './modules/pay-transparency/justifications.ts';
import { createPayTransparencyRepository } from './modules/pay-transparency/pay-transparency.repository.ts';
import { createPayTransparencyService } from './modules/pay-transparency/pay-transparency.service.ts';
import { createPositionsRepository } from './modules/positions/positions.repository.ts';
import { createPositionsService } from './modules/positions/positions.service.ts';
import { createPricingRepository } from './modules/pricing/pricing.repository.ts';
import { createPricingService } from './modules/pricing/pricing.service.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createUsersRepository, type SignedInRow } from './modules/users/users.repository.ts';
import { createUsersService } from './modules/users/users.service.ts';

/*
 * The composition root: every repository and service is built here, once per app, from its
 * explicit dependencies, and handed to the routes (`app.services`). A service never builds
 * another service; the caches a service keeps (the calculator's rules, the priced employee
 * list) are therefore one per app. Work inside a transaction gets the repositories bound to
 * it from the `transaction` functions below.
 */

export interface ServiceOptions {
  config: Config;
  tokens: TokenService;
  lifetimes: SessionLifetimes;
  log: FastifyBaseLogger;
  /** The database itself, for opening write scopes (`db` is scoped: see lib/write-scope.ts). */
  rootDb: Db;
  /** PostgreSQL reads the whole list through the row protocol (pricing.repository.ts). */
  databaseKind?: 'pglite' | 'postgres';
}

export function buildServices(db: Db, opts: ServiceOptions) {
  const { config, tokens, lifetimes } = opts;
  /** Audited writes take the company-wide write lock there (lib/write-scope.ts). */
  const postgres = opts.databaseKind === 'postgres';

  // Repositories used by more than one service.
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);
  const settingsOf = (tx: DbOrTx = db) => createSettingsRepository(tx).get();

  // Signing in: password and single sign-on share one way of creating a session.
  const signIn = createSignIn({ sessions, tokens, lifetimes });
  const signInUser = (user: SignedInRow, request: FastifyRequest) =>
    signIn(user, { userAgent: request.headers['user-agent'] ?? null, address: request.ip });

  const pricing = createPricingService({
    repo: createPricingRepository(db, {
      root: opts.rootDb,
      rowProtocol: opts.databaseKind === 'postgres',
    }),
    settings: settingsOf,
  });
  // Every write records through it, in the write's own transaction (lib/write-scope.ts).
  const companyRepository = createCompanyRepository(db);
  const companyDefaults = { name: config.companyName ?? null, timeZone: serverTimeZone() };
  /** How money, numbers and times read: every text and file the server writes formats with it. */
  const companyFormat = async () => formatOf(toCompany(await companyRepository.get(), companyDefaults));
  const audit = createAuditService({ repo: createAuditRepository(db), pricing, format: companyFormat });
  const company = createCompanyService({ company: companyRepository, defaults: companyDefaults, audit });
  const employees = createEmployeesService({
    employees: createEmployeesRepository(db),
    pricing,
    settings: settingsOf,
    transaction: (work) => db.transaction((tx) => work({ tx, employees: createEmployeesRepository(tx) })),
    audit,
  });
  const excelLimits: ExcelLimits = {
    importMaxRows: config.importMaxRows,
    importMaxBytes: config.importMaxBytes,
  };

  return {
    sessions,
    signInUser,
    health: createHealthRepository(db),
    auth: createAuthService({
      users,
      sessions,
      tokens,
      throttle: createSignInThrottle({
        failures: createAuthFailuresRepository(db),
        limits: {
          perAddressAndEmail: config.loginRateLimit,
          perAddress: config.loginAddressRateLimit,
          perEmail: config.loginEmailRateLimit,
        },
      }),
      lifetimes,
      signInUser,
      passwordLogin: config.passwordLogin,
      audit,
      inWriteScope: (actor, work) =>
        runWriteScope(opts.rootDb, work, { actor, label: 'password change', serialize: postgres }),
    }),
    oidc: config.oidc ? createOidcService({ config: config.oidc, users, log: opts.log }) : undefined,
    users: createUsersService({ users, sessions, idleSeconds: lifetimes.idleSeconds, audit }),
    jobs: createJobsService({ db, audit }),
    positions: createPositionsService({ db, audit, jobs: createJobsRepository(db) }),
    grades: createGradesService({ db, audit }),
    levels: createLevelsService({ db, audit }),
    baseSalaries: createBaseSalariesService({
      db,
      grades: createGradesRepository(db),
      levels: createLevelsRepository(db),
      audit,
    }),
    adjustmentFactors: createAdjustmentFactorsService({
      db,
      jobs: createJobsRepository(db),
      positions: createPositionsRepository(db),
      audit,
    }),
    settings: createSettingsService({ settings: createSettingsRepository(db), audit }),
    pricing,
    calculator: createCalculatorService({ pricing }),
    impact: createImpactService({ rootDb: opts.rootDb, pricing }),
    employees,
    insights: createInsightsService({
      pricing,
      insights: createInsightsRepository(db),
      format: companyFormat,
    }),
    excel: createExcelService({
      employeesService: employees,
      references: createExcelRepository(db),
      employees: createEmployeesRepository(db),
      // A write scope of its own: the import route reads its upload before opening it.
      transaction: (work) =>
        runWriteScope(
          opts.rootDb,
          () =>
            work({
              references: createExcelRepository(db),
              employees: createEmployeesRepository(db),
            }),
          { serialize: postgres },
        ),
      pricing,
      limits: excelLimits,
      audit,
      format: companyFormat,
    }),
    // Runs in its route's write scope: every repository here is on that one transaction.
    importRevert: createImportRevertService({
      revert: createImportRevertRepository(db),
      references: createExcelRepository(db),
      employees: createEmployeesRepository(db),
      audit,
      format: companyFormat,
    }),
    payTransparency: createPayTransparencyService({
      pricing,
      repo: createPayTransparencyRepository(db),
      minGroup: config.payReportMinGroup,
      company,
    }),
    payGapJustifications: createJustifications({
      transaction: (work) => db.transaction((tx) => work({ tx, repo: createPayTransparencyRepository(tx) })),
      audit,
    }),
    audit,
    company,
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service, built once by the composition root (services.ts). */
    services: Services;
  }
}
