import { formatDateTime } from '@salary/shared/common/date-time';
import { formatOf } from '@salary/shared/company/company.contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Config } from './config.ts';
import type { Db, DbOrTx } from './db/client.ts';
import type { TokenService } from './lib/tokens.ts';
import type { RepositoryOn } from './lib/unit-of-work.ts';
import { createAdjustmentFactorsRepository } from './modules/adjustment-factors/adjustment-factors.repository.ts';
import { createAdjustmentFactorsService } from './modules/adjustment-factors/adjustment-factors.service.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createEntryRevertRepository } from './modules/audit/entry-revert.repository.ts';
import { createEntryRevertService } from './modules/audit/entry-revert.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createAuthFailuresRepository } from './modules/auth/auth-failures.repository.ts';
import { createUserSessions } from './modules/auth/session-views.service.ts';
import { createSessionsRepository } from './modules/auth/sessions.repository.ts';
import { createSignIn, type SessionLifetimes } from './modules/auth/sign-in.model.ts';
import { createSignInThrottle } from './modules/auth/sign-in-throttle.service.ts';
import { createBaseSalariesRepository } from './modules/base-salaries/base-salaries.repository.ts';
import { createBaseSalariesService } from './modules/base-salaries/base-salaries.service.ts';
import { createCalculatorService } from './modules/calculator/calculator.service.ts';
import { createCompanyRepository } from './modules/company/company.repository.ts';
import { createCompanyService, serverTimeZone, toCompany } from './modules/company/company.service.ts';
import { createEmployeeVersionsRepository } from './modules/employees/employee-versions.repository.ts';
import { createEmployeesRepository } from './modules/employees/employees.repository.ts';
import { createEmployeesService } from './modules/employees/employees.service.ts';
import { createIndividualPayService } from './modules/employees/individual-pay.service.ts';
import { createReportingLineRepository } from './modules/employees/reporting-line.repository.ts';
import { createReportingLineService } from './modules/employees/reporting-line.service.ts';
import { createExcelRepository } from './modules/excel/excel.repository.ts';
import { createExcelExportService } from './modules/excel/excel-export.service.ts';
import { createExcelImportService } from './modules/excel/excel-import.service.ts';
import { createExcelTemplateService } from './modules/excel/excel-template.service.ts';
import { createImportRevertRepository } from './modules/excel/import-revert.repository.ts';
import { createImportRevertService } from './modules/excel/import-revert.service.ts';
import type { ExcelLimits } from './modules/excel/workbook.limits.ts';
import { createGradesRepository } from './modules/grades/grades.repository.ts';
import { createGradesService } from './modules/grades/grades.service.ts';
import { createHealthRepository } from './modules/health/health.repository.ts';
import { createBackPayRepository } from './modules/impact/back-pay.repository.ts';
import { createBackPayService } from './modules/impact/back-pay.service.ts';
import { createImpactService } from './modules/impact/impact.service.ts';
import { createInsightsRepository } from './modules/insights/insights.repository.ts';
import { createInsightsService } from './modules/insights/insights.service.ts';
import { createJobEvaluationRepository } from './modules/job-evaluation/job-evaluation.repository.ts';
import { createJobEvaluationService } from './modules/job-evaluation/job-evaluation.service.ts';
import { createJobsRepository } from './modules/jobs/jobs.repository.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import { createLevelsRepository } from './modules/levels/levels.repository.ts';
import { createLevelsService } from './modules/levels/levels.service.ts';
import { createOidcService } from './modules/oidc/oidc.service.ts';
import { createPayRequestsRepository } from './modules/pay-requests/pay-requests.repository.ts';
import { createPayRequestsService } from './modules/pay-requests/pay-requests.service.ts';
import { createJustifications } from './modules/pay-transparency/justifications.service.ts';
import { createPayTransparencyRepository } from './modules/pay-transparency/pay-transparency.repository.ts';
import { createPayTransparencyService } from './modules/pay-transparency/pay-transparency.service.ts';
import { createPostingRangeRepository } from './modules/pay-transparency/posting-range.repository.ts';
import { createPostingRangeService } from './modules/pay-transparency/posting-range.service.ts';
import { createPositionsRepository } from './modules/positions/positions.repository.ts';
import { createPositionsService } from './modules/positions/positions.service.ts';
import { createPricedReadModel } from './modules/pricing/pricing.read-model.ts';
import { createPricingRepository } from './modules/pricing/pricing.repository.ts';
import { createPricingService } from './modules/pricing/pricing.service.ts';
import { pgliteSnapshotReads, postgresSnapshotReads } from './modules/pricing/snapshot-reads.repository.ts';
import { createRaiseCyclesRepository } from './modules/raise-cycles/raise-cycles.repository.ts';
import { createRaiseCyclesService } from './modules/raise-cycles/raise-cycles.service.ts';
import { createRaiseWorksheetFileService } from './modules/raise-cycles/raise-worksheet-file.service.ts';
import { createRuleCalendar } from './modules/rule-calendar/rule-calendar.service.ts';
import { createRuleVersionsRepository } from './modules/rule-calendar/rule-versions.repository.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createUsersRepository, type SignedInRow } from './modules/users/users.repository.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { ruleReverters } from './rule-reverters.ts';

/*
 * The composition root: every repository and service is built here, once per app, from its
 * explicit dependencies, and handed to the routes (`app.services`). A service never builds
 * another service, nor a repository; the caches (the priced employee list, the calculator's
 * rules: the read model, modules/pricing/pricing.read-model.ts) are therefore one per app. A service
 * that writes gets its repositories as `RepositoryOn` (lib/unit-of-work.ts): called with no
 * handle, the one built here on the database; with a unit of work's transaction, one bound to it.
 */

/**
 * A repository on a handle: built once on the database, or bound to the transaction it is
 * handed (cheap: a repository is a set of functions over its handle).
 */
function repositoryOn<R>(db: Db, create: (handle: DbOrTx) => R): RepositoryOn<R> {
  const onDb = create(db);
  return (handle) => (handle === undefined || handle === db ? onDb : create(handle));
}

export interface ServiceOptions {
  config: Config;
  tokens: TokenService;
  lifetimes: SessionLifetimes;
  log: FastifyBaseLogger;
  /** Which database the app runs on. */
  databaseKind?: 'pglite' | 'postgres';
  /** PostgreSQL: the pool, for the whole list's one-snapshot reads (pricing/snapshot-reads.repository.ts). */
  pool?: pg.Pool;
}

export function buildServices(db: Db, opts: ServiceOptions) {
  const { config, tokens, lifetimes } = opts;
  const on = <R>(create: (handle: DbOrTx) => R) => repositoryOn(db, create);

  // Repositories used by more than one service.
  const users = on(createUsersRepository);
  const sessions = on(createSessionsRepository);
  const settingsRepository = on(createSettingsRepository);
  const settingsOf = (tx?: DbOrTx) => settingsRepository(tx).get();
  /** The settings' rules in the engine's integers, for pricing. */
  const settingRulesOf = (tx?: DbOrTx) => settingsRepository(tx).rules();
  const jobs = on(createJobsRepository);
  const positions = on(createPositionsRepository);
  const grades = on(createGradesRepository);
  const levels = on(createLevelsRepository);
  const employeesRepository = on(createEmployeesRepository);
  const reportingLineRepository = on(createReportingLineRepository);

  // Signing in: password and single sign-on share one way of creating a session.
  const signIn = createSignIn({ sessions: sessions(), tokens, lifetimes });
  const signInUser = (user: SignedInRow, request: FastifyRequest) =>
    signIn(user, { userAgent: request.headers['user-agent'] ?? null, address: request.ip });

  const pricingRepository = createPricingRepository(db, {
    snapshots: opts.pool ? postgresSnapshotReads(opts.pool) : pgliteSnapshotReads(db),
  });
  /** Employees priced at a snapshot, and every cache kept on them (CACHES=off: none). */
  const readModel = createPricedReadModel({
    repo: pricingRepository,
    settings: settingRulesOf,
    caches: config.caches,
  });
  const pricing = createPricingService({ repo: pricingRepository, settings: settingRulesOf, readModel });
  const companyRepository = on(createCompanyRepository);
  const companyDefaults = { name: config.companyName ?? null, timeZone: serverTimeZone() };
  /**
   * How money, numbers and times read (on `handle`: a write's transaction, or the database):
   * every text and file the server writes formats with it.
   */
  const companyFormat = async (handle?: DbOrTx) =>
    formatOf(toCompany(await companyRepository(handle).get(), companyDefaults));
  // Every write records through it, in the write's own unit of work (lib/unit-of-work.ts).
  const audit = createAuditService({ repo: on(createAuditRepository), pricing, format: companyFormat });
  const company = createCompanyService({ company: companyRepository, defaults: companyDefaults, audit });
  /** What a write dated in the past owes (the impact preview, the employees' and rules' dated writes). */
  const backPay = createBackPayService({ pricing, repo: on(createBackPayRepository) });
  const employees = createEmployeesService({
    employees: employeesRepository,
    versions: on(createEmployeeVersionsRepository),
    pricing,
    readModel,
    settings: settingsOf,
    audit,
    backPay,
    ruleDays: () => on(createBackPayRepository)().changeDays('-infinity', 'infinity'),
  });
  const payTransparencyRepository = on(createPayTransparencyRepository);
  const jobEvaluation = createJobEvaluationService({ repo: on(createJobEvaluationRepository), audit });
  const payTransparency = createPayTransparencyService({
    pricing,
    repo: payTransparencyRepository(),
    minGroup: config.payReportMinGroup,
    company,
    otherDay: (asOf) => employees.otherDay(asOf),
    days: on(createBackPayRepository)(),
    evaluation: jobEvaluation,
  });
  const excelReferences = on(createExcelRepository);
  const excelLimits: ExcelLimits = {
    importMaxRows: config.importMaxRows,
    importMaxBytes: config.importMaxBytes,
    ...(config.importSliceRows !== undefined && { importSliceRows: config.importSliceRows }),
  };

  const baseSalaryRows = on(createBaseSalariesRepository);
  const ruleCalendar = createRuleCalendar({
    versions: on(createRuleVersionsRepository),
    today: (handle) => employeesRepository(handle).today(),
    audit,
    backPay,
  });
  const factorRows = on(createAdjustmentFactorsRepository);
  // The rule domains (each revertable from the Audit Log through its own update).
  const rules = {
    jobs: createJobsService({ jobs, audit }),
    positions: createPositionsService({ positions, audit, jobs }),
    grades: createGradesService({ grades, audit }),
    levels: createLevelsService({ levels, audit }),
    baseSalaries: createBaseSalariesService({
      baseSalaries: baseSalaryRows,
      grades,
      levels,
      audit,
      calendar: ruleCalendar,
    }),
    adjustmentFactors: createAdjustmentFactorsService({
      factors: factorRows,
      jobs,
      positions,
      audit,
      calendar: ruleCalendar,
    }),
    settings: createSettingsService({ settings: settingsRepository, audit, calendar: ruleCalendar }),
  };
  const importRevert = createImportRevertService({
    revert: on(createImportRevertRepository),
    references: excelReferences,
    employees: employeesRepository,
    versions: on(createEmployeeVersionsRepository),
    audit,
    format: companyFormat,
  });
  const raiseCycles = createRaiseCyclesService({
    repo: on(createRaiseCyclesRepository),
    versions: on(createEmployeeVersionsRepository),
    pricing,
    audit,
    today: (handle) => company.today(handle),
    backPay,
    laterTouches: (tx, afterId, ids) =>
      createImportRevertRepository(tx).laterTouches(afterId, ids, { ignoreApplied: true }),
    when: async (tx, at) => formatDateTime(at, await companyFormat(tx)),
  });
  const entryRevert = createEntryRevertService({
    entries: on(createEntryRevertRepository),
    revertImport: importRevert.revertImport,
    revertRaiseCycle: (uow, entry) => raiseCycles.revertApplication(uow, entry),
    employees: {
      async stored(id, tx) {
        const found = (await excelReferences(tx).storedEmployees([id])).get(id);
        return found && { ...found.fields, customMultiplierIds: found.customMultiplierIds };
      },
      update: (uow, actor, id, input) => employees.update(uow, actor, id, input),
      restore: (uow, actor, id, input, versions) => employees.restore(uow, actor, id, input, versions),
    },
    async references(tx) {
      const [refs, settings] = await Promise.all([excelReferences(tx).referenceNames(), settingsOf(tx)]);
      return {
        jobs: new Set(refs.jobs.map((r) => r.id)),
        positions: new Map(refs.positions.map((p) => [p.id, p.jobId])),
        grades: new Set(refs.grades.map((r) => r.id)),
        levels: new Set(refs.levels.map((r) => r.id)),
        customMultipliers: new Set(settings.customMultipliers.map((m) => m.id)),
      };
    },
    rules: ruleReverters({
      ...rules,
      positionRows: positions,
      baseSalaryRows,
      factorRows,
      settingsNow: settingsOf,
    }),
    dated: ruleCalendar,
    orderedLists: {
      grade: {
        rows: (tx) => grades(tx).list(),
        reorder: (uow, actor, pairs) => rules.grades.reorder(uow, actor, { grades: pairs }),
      },
      level: {
        rows: (tx) => levels(tx).list(),
        reorder: (uow, actor, pairs) => rules.levels.reorder(uow, actor, { levels: pairs }),
      },
    },
    format: companyFormat,
  });

  return {
    sessions: sessions(),
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
    }),
    oidc: config.oidc ? createOidcService({ config: config.oidc, users: users(), log: opts.log }) : undefined,
    users: createUsersService({
      users,
      sessions: createUserSessions({ sessions, idleSeconds: lifetimes.idleSeconds }),
      audit,
      employees: { nameOf: (tx, id) => reportingLineRepository(tx).nameOf(id) },
    }),
    reportingLine: createReportingLineService({ reportingLine: reportingLineRepository, audit }),
    ...rules,
    ruleCalendar,
    pricing,
    calculator: createCalculatorService({ pricing }),
    impact: createImpactService({
      db,
      pricing,
      backPay,
      raiseCycleDay: async (tx, id) => (await createRaiseCyclesRepository(tx).find(id))?.effectiveDate,
    }),
    backPay,
    employees,
    individualPay: createIndividualPayService({
      employees: employeesRepository,
      versions: on(createEmployeeVersionsRepository),
      audit,
      settings: settingsOf,
      backPay,
    }),
    insights: createInsightsService({
      pricing,
      insights: createInsightsRepository(db),
      format: companyFormat,
      otherDay: (asOf) => employees.otherDay(asOf),
    }),
    excelExport: createExcelExportService({ employees, references: excelReferences() }),
    excelTemplate: createExcelTemplateService({ references: excelReferences(), limits: excelLimits }),
    excelImport: createExcelImportService({
      repos: on((handle) => ({
        references: createExcelRepository(handle),
        employees: createEmployeesRepository(handle),
        versions: createEmployeeVersionsRepository(handle),
      })),
      pricing,
      backPay,
      limits: excelLimits,
      audit,
      format: companyFormat,
      benefitNames: async (handle) => (await settingsOf(handle)).benefits.map((b) => b.name),
    }),
    importRevert,
    entryRevert,
    payTransparency,
    postingRange: createPostingRangeService({
      pricing,
      repo: createPostingRangeRepository(db),
      company,
    }),
    jobEvaluation,
    payGapJustifications: createJustifications({ repo: payTransparencyRepository, audit }),
    payRequests: createPayRequestsService({
      repo: on(createPayRequestsRepository),
      audit,
      today: (handle) => company.today(handle),
      statement: (actor, employeeId, asOf) => payTransparency.statement(actor, employeeId, 'job-grade', asOf),
    }),
    raiseCycles,
    raiseWorksheetFile: createRaiseWorksheetFileService({
      db,
      raiseCycles,
      names: (handle) => excelReferences(handle).referenceNames(),
      installationId: () => excelReferences().installationId(),
      limits: excelLimits,
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
