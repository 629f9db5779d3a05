import type { BasisPoints, Cents, RuleUnits } from '@salary/shared/common/money';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * One schema for PGlite and PostgreSQL. snake_case columns here, camelCase in JSON.
 * Money is a whole number of cents, bigint (`money()`: read and written as `Cents`,
 * packages/shared/src/common/money.ts); a percentage is a whole number of basis points
 * (hundredths of a percent); a rule value whose type says percent or amount (a multiplier, an
 * adjustment factor) is one bigint in either unit (`ruleUnits()`). Names are unique
 * case-insensitively because "Backend" and "backend" are the same job to a person.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/**
 * An amount of money in whole cents, read and written as `Cents` (a JS number: no salary comes
 * near 2^53 cents; the engine refuses a figure that would).
 */
const money = (name: string) => bigint(name, { mode: 'number' }).$type<Cents>();
/**
 * A rule value in the unit its type column names: basis points for PERCENTAGE (2.5% is 250, a
 * factor 0.1525 is 1525), cents for FIXED. Read and written as `RuleUnits`.
 */
const ruleUnits = (name: string) => bigint(name, { mode: 'number' }).$type<RuleUnits>();
/** A percentage in basis points (14% is 1400). */
const basisPoints = (name: string) => integer(name).$type<BasisPoints>();
/** Moved by one at every write: a form's save from an older one answers 409 (common/stale-version). */
const version = () => integer('version').notNull().default(1);
/** A required id of a row of another table; `cascade`: the row goes when the one it names goes. */
const refersTo = (name: string, target: () => AnyPgColumn, onDelete?: 'cascade') =>
  integer(name)
    .notNull()
    .references(target, onDelete ? { onDelete } : {});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * The keys of the permissions granted (PERMISSIONS in @salary/shared common/permissions),
     * in that list's order; a new permission needs no migration. A key no longer listed grants
     * nothing (permissionsOf).
     */
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The employee this user is (migration 0024): with Own team only, the user reads the
     * employees who report to that one, directly or not (lib/team-scope.ts). One user per employee.
     */
    employeeId: integer('employee_id').references((): AnyPgColumn => employees.id, { onDelete: 'set null' }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_employee_uq').on(t.employeeId),
  ],
);

/**
 * One row per sign-in. A token carries its session id and is accepted only while the row
 * exists, is inside its absolute lifetime and has been used within the idle time; deleting
 * the row ends the session on every replica at the next request.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: refersTo('user_id', () => users.id, 'cascade'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    address: text('address'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed sign-in (and change-password) counts per key — address+email, address, email — in
 * fixed windows. In the database, so every replica counts together.
 */
export const authFailures = pgTable('auth_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jobs_name_lower_uq').on(sql`lower(${t.name})`),
    check('jobs_name_nonempty', sql`length(trim(${t.name})) > 0`),
  ],
);

export const positions = pgTable(
  'positions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    jobId: refersTo('job_id', () => jobs.id, 'cascade'),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('positions_job_name_lower_uq').on(t.jobId, sql`lower(${t.name})`),
    // Lets (job_id, id) be the target of a composite foreign key: a factor's or an
    // employee's position must belong to its job.
    unique('positions_job_id_id_uq').on(t.jobId, t.id),
    check('positions_name_nonempty', sql`length(trim(${t.name})) > 0`),
  ],
);

/** A list the user names and orders (grades, levels): names unique whatever their case. */
const orderedList = <T extends string>(table: T) =>
  pgTable(
    table,
    {
      id: serial('id').primaryKey(),
      name: text('name').notNull(),
      order: integer('sort_order').notNull().default(0),
      version: version(),
      createdAt: createdAt(),
    },
    (t) => [
      uniqueIndex(`${table}_name_lower_uq`).on(sql`lower(${t.name})`),
      check(`${table}_name_nonempty`, sql`length(trim(${t.name})) > 0`),
      index(`${table}_order_idx`).on(t.order),
    ],
  );

export const grades = orderedList('grades');
export const levels = orderedList('levels');

export const baseSalaries = pgTable(
  'base_salaries',
  {
    id: serial('id').primaryKey(),
    gradeId: refersTo('grade_id', () => grades.id),
    levelId: refersTo('level_id', () => levels.id),
    amount: money('amount').notNull(),
    /** The band's spread either side of the amount, basis points; null: the default ±10%. */
    bandSpread: basisPoints('band_spread'),
    /** The band's bounds typed into the cell, cents; null: from the spread. */
    bandMin: money('band_min'),
    bandMax: money('band_max'),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('base_salaries_grade_level_uq').on(t.gradeId, t.levelId),
    check('base_salaries_amount_nonneg', sql`${t.amount} >= 0`),
    check('base_salaries_band_spread_range', sql`${t.bandSpread} between 0 and 10000`),
    check('base_salaries_band_min_range', sql`${t.bandMin} between 0 and ${t.amount}`),
    check('base_salaries_band_max_range', sql`${t.bandMax} >= ${t.amount}`),
  ],
);

export const adjustmentFactors = pgTable(
  'adjustment_factors',
  {
    id: serial('id').primaryKey(),
    jobId: refersTo('job_id', () => jobs.id, 'cascade'),
    positionId: integer('position_id').notNull(),
    /** Basis points of base for PERCENTAGE (-10,000..10,000), cents for FIXED. */
    factor: ruleUnits('factor').notNull(),
    type: text('type', { enum: ['PERCENTAGE', 'FIXED'] }).notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('adjustment_factors_job_position_uq').on(t.jobId, t.positionId),
    foreignKey({
      name: 'adjustment_factors_position_of_job_fk',
      columns: [t.jobId, t.positionId],
      foreignColumns: [positions.jobId, positions.id],
    }).onDelete('cascade'),
    check('adjustment_factors_type', sql`${t.type} in ('PERCENTAGE', 'FIXED')`),
    check(
      'adjustment_factors_pct_range',
      sql`${t.type} <> 'PERCENTAGE' or ${t.factor} between -10000 and 10000`,
    ),
  ],
);

const multiplier = (name: string) =>
  ruleUnits(name)
    .notNull()
    .default(0 as RuleUnits);
const multiplierType = (name: string) =>
  text(name, { enum: ['PERCENTAGE', 'FIXED'] })
    .notNull()
    .default('PERCENTAGE');
const pctRange = (value: string, type: string) =>
  sql.raw(
    `${type} in ('PERCENTAGE', 'FIXED') and (${type} <> 'PERCENTAGE' or ${value} between -10000 and 10000)`,
  );

/** The single settings record (id is always 1). `version` guards against lost updates. */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().default(1),
    experienceMultiplier: multiplier('experience_multiplier'),
    experienceMultiplierType: multiplierType('experience_multiplier_type'),
    loyaltyMultiplier: multiplier('loyalty_multiplier'),
    loyaltyMultiplierType: multiplierType('loyalty_multiplier_type'),
    offshoreMultiplier: multiplier('offshore_multiplier'),
    offshoreMultiplierType: multiplierType('offshore_multiplier_type'),
    actingAsMultiplier: multiplier('acting_as_multiplier'),
    actingAsMultiplierType: multiplierType('acting_as_multiplier_type'),
    pillarMultiplier: multiplier('pillar_multiplier'),
    pillarMultiplierType: multiplierType('pillar_multiplier_type'),
    remoteMultiplier: multiplier('remote_multiplier'),
    remoteMultiplierType: multiplierType('remote_multiplier_type'),
    /** [{id, title, type, units}]: units are basis points (PERCENTAGE) or cents (FIXED). */
    customMultipliers: jsonb('custom_multipliers').notNull().default([]),
    /** [{name, type, units}]: units are basis points (PERCENTAGE) or cents (FIXED_AMOUNT). */
    benefits: jsonb('benefits').notNull().default([]),
    socialInsuranceEnabled: boolean('social_insurance_enabled').notNull().default(true),
    socialInsuranceType: text('social_insurance_type', {
      enum: ['COMPANY_FULL', 'COMPANY_PERCENTAGE', 'EMPLOYEE_FULL'],
    })
      .notNull()
      .default('COMPANY_FULL'),
    companyInsurancePercentage: basisPoints('company_insurance_percentage')
      .notNull()
      .default(10_000 as BasisPoints),
    totalInsurancePercentage: basisPoints('total_insurance_percentage')
      .notNull()
      .default(1_400 as BasisPoints),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('settings_single_row', sql`${t.id} = 1`),
    check('settings_experience', pctRange('experience_multiplier', 'experience_multiplier_type')),
    check('settings_loyalty', pctRange('loyalty_multiplier', 'loyalty_multiplier_type')),
    check('settings_offshore', pctRange('offshore_multiplier', 'offshore_multiplier_type')),
    check('settings_acting_as', pctRange('acting_as_multiplier', 'acting_as_multiplier_type')),
    check('settings_pillar', pctRange('pillar_multiplier', 'pillar_multiplier_type')),
    check('settings_remote', pctRange('remote_multiplier', 'remote_multiplier_type')),
    check(
      'settings_si_type',
      sql`${t.socialInsuranceType} in ('COMPANY_FULL', 'COMPANY_PERCENTAGE', 'EMPLOYEE_FULL')`,
    ),
    check('settings_company_pct', sql`${t.companyInsurancePercentage} between 0 and 10000`),
    check('settings_total_pct', sql`${t.totalInsurancePercentage} between 0 and 10000`),
    check(
      'settings_json_arrays',
      sql`jsonb_typeof(${t.customMultipliers}) = 'array' and jsonb_typeof(${t.benefits}) = 'array'`,
    ),
  ],
);

/**
 * The company: its name, currency, number/date locale and time zone (migration 0011). One row,
 * no row until the first save: the name then comes from COMPANY_NAME and the rest from the
 * defaults (USD, en-US, the server's time zone), so an existing install keeps what it showed.
 * A null name or time zone keeps following COMPANY_NAME and the server's zone.
 */
export const company = pgTable(
  'company',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name'),
    currency: text('currency').notNull().default('USD'),
    locale: text('locale').notNull().default('en-US'),
    timeZone: text('time_zone'),
    /** Contracted hours a week of a new employee whose hours are not given (migration 0019). */
    standardWeeklyHours: numeric('standard_weekly_hours', { precision: 5, scale: 2 }).notNull().default('40'),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('company_single_row', sql`${t.id} = 1`),
    check('company_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'company_standard_weekly_hours',
      sql`${t.standardWeeklyHours} > 0 and ${t.standardWeeklyHours} <= 168`,
    ),
  ],
);

/**
 * Stored with fillfactor 50 (migration 0007; Drizzle declares no storage parameters): an
 * update that keeps the indexed columns writes its new row version on the same page.
 *
 * Its position (of its job: the key that also proves the job, migration 0028), grade and level
 * are foreign keys, checked on every write, the import's included (migration 0014): a job,
 * position, grade or level employees refer to is
 * not deleted or re-keyed. NO ACTION, not RESTRICT: the same refusal, checked at the end of the
 * statement, with code 23503 (PGlite, PostgreSQL 17, answers RESTRICT with 23001).
 */
export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Its job exists: the (job, position) key below proves it (migration 0028). */
    jobId: integer('job_id').notNull(),
    positionId: integer('position_id').notNull(),
    gradeId: refersTo('grade_id', () => grades.id),
    levelId: refersTo('level_id', () => levels.id),
    yearsExperience: numeric('years_experience', { precision: 5, scale: 2 }).notNull().default('0'),
    yearsWithCompany: numeric('years_with_company', { precision: 5, scale: 2 }).notNull().default('0'),
    offshoreProject: boolean('offshore_project').notNull().default(false),
    actingAsDifferentGrade: boolean('acting_as_different_grade').notNull().default(false),
    pillar: boolean('pillar').notNull().default(false),
    remote: boolean('remote').notNull().default(false),
    /** Ids (strings) of the settings' custom multipliers that apply to this employee. */
    customMultipliers: jsonb('custom_multipliers').notNull().default([]),
    /**
     * The employee's own pay components (the engine's PayComponent: an individual allowance, a
     * benefit of this employee only), priced after the custom multipliers; dated like them.
     */
    payComponents: jsonb('pay_components').notNull().default([]),
    /** The company benefits this employee does not receive, by name (docs/decisions/0030). */
    excludedBenefits: jsonb('excluded_benefits').notNull().default([]),
    /** FEMALE | MALE | OTHER | UNDISCLOSED: personal data, read only by admins and manageEmployee. */
    gender: text('gender', { enum: ['FEMALE', 'MALE', 'OTHER', 'UNDISCLOSED'] })
      .notNull()
      .default('UNDISCLOSED'),
    /**
     * Calendar days, none required (migration 0012). A hire date decides the years with the
     * company and a career start the years of experience, as of the day priced (employee.model.ts).
     */
    hireDate: date('hire_date', { mode: 'string' }),
    careerStartDate: date('career_start_date', { mode: 'string' }),
    leaveDate: date('leave_date', { mode: 'string' }),
    /** Contracted hours a week (migration 0019): hourly pay in the pay report; new employees take the company's standard. */
    weeklyHours: numeric('weekly_hours', { precision: 5, scale: 2 }).notNull().default('40'),
    /**
     * Whom the employee reports to (migration 0024): the reporting line as it is today, not
     * dated. No loops: the service refuses a manager who reports to the employee.
     */
    managerId: integer('manager_id').references((): AnyPgColumn => employees.id, { onDelete: 'set null' }),
    /** Bumped by every write of the row: an exported row carries it, so a stale row is a conflict. */
    version: integer('version').notNull().default(1),
    /** The email of whoever last changed the row (null: created by the seed or before tracking). */
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'employees_position_of_job_fk',
      columns: [t.jobId, t.positionId],
      foreignColumns: [positions.jobId, positions.id],
    }),
    check('employees_gender', sql`${t.gender} in ('FEMALE', 'MALE', 'OTHER', 'UNDISCLOSED')`),
    index('employees_job_idx').on(t.jobId),
    index('employees_position_idx').on(t.positionId),
    index('employees_grade_level_idx').on(t.gradeId, t.levelId),
    check('employees_name_nonempty', sql`length(trim(${t.name})) > 0`),
    check('employees_years_nonneg', sql`${t.yearsExperience} >= 0 and ${t.yearsWithCompany} >= 0`),
    check('employees_weekly_hours', sql`${t.weeklyHours} > 0 and ${t.weeklyHours} <= 168`),
    check('employees_custom_array', sql`jsonb_typeof(${t.customMultipliers}) = 'array'`),
    check('employees_pay_components_array', sql`jsonb_typeof(${t.payComponents}) = 'array'`),
    check('employees_excluded_benefits_array', sql`jsonb_typeof(${t.excludedBenefits}) = 'array'`),
    check('employees_not_own_manager', sql`${t.managerId} <> ${t.id}`),
    index('employees_manager_idx').on(t.managerId),
  ],
);

/**
 * The employee's dated fields, one row per version (docs/decisions/0025): job, position, grade,
 * level, the typed years, the four flags and the custom multipliers, in force from
 * `effective_from` until the next version's day. The first version starts at '-infinity' (in
 * force before any other). The `employees` row holds the version in force today; a version
 * written for a day still to come waits (`applied` false) until its day, when it is copied into
 * the row (plugins/scheduled-versions.plugin.ts).
 */
export const employeeVersions = pgTable(
  'employee_versions',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    /*
     * Its (job, position), grade and level exist: checked once per statement over the rows it
     * writes, and a referenced one refused deletion or re-keying, by the triggers of migration
     * 0029 (docs/decisions/0031), under the foreign keys' names and code.
     */
    jobId: integer('job_id').notNull(),
    positionId: integer('position_id').notNull(),
    gradeId: integer('grade_id').notNull(),
    levelId: integer('level_id').notNull(),
    yearsExperience: numeric('years_experience', { precision: 5, scale: 2 }).notNull(),
    yearsWithCompany: numeric('years_with_company', { precision: 5, scale: 2 }).notNull(),
    offshoreProject: boolean('offshore_project').notNull(),
    actingAsDifferentGrade: boolean('acting_as_different_grade').notNull(),
    pillar: boolean('pillar').notNull(),
    remote: boolean('remote').notNull(),
    customMultipliers: jsonb('custom_multipliers').notNull(),
    weeklyHours: numeric('weekly_hours', { precision: 5, scale: 2 }).notNull().default('40'),
    /** The employee's own pay components in force from this version's day (see `employees`). */
    payComponents: jsonb('pay_components').notNull().default([]),
    /** The company benefits this employee does not receive, by name (docs/decisions/0030). */
    excludedBenefits: jsonb('excluded_benefits').notNull().default([]),
    /** Whether the employees row has taken it: false for a version whose day had not come. */
    applied: boolean('applied').notNull().default(true),
    /** The email of who wrote it (null: the migration, the seed, the system). */
    recordedBy: text('recorded_by'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('employee_versions_employee_day').on(t.employeeId, t.effectiveFrom),
    index('employee_versions_waiting').on(t.effectiveFrom).where(sql`not ${t.applied}`),
    index('employee_versions_job_idx').on(t.jobId),
    index('employee_versions_grade_level_idx').on(t.gradeId, t.levelId),
    check('employee_versions_years_nonneg', sql`${t.yearsExperience} >= 0 and ${t.yearsWithCompany} >= 0`),
    check('employee_versions_weekly_hours', sql`${t.weeklyHours} > 0 and ${t.weeklyHours} <= 168`),
    check('employee_versions_pay_components_array', sql`jsonb_typeof(${t.payComponents}) = 'array'`),
    check('employee_versions_excluded_benefits_array', sql`jsonb_typeof(${t.excludedBenefits}) = 'array'`),
  ],
);

/**
 * The dated rules (docs/decisions/0026): one row per rule and day it changes — a base salary
 * (grade, level), an adjustment factor (job, position) or the settings record (no key) — with
 * the rule's value from that day in the table's own units (`value`: the columns as JSON; null:
 * no such rule from that day). The rule tables hold the versions in force today; a rule with
 * no version at all is in force as its table row says, on every day. Ids come from the
 * employee versions' sequence, so a scheduled change is named by one id whichever it is.
 */
export const ruleVersions = pgTable(
  'rule_versions',
  {
    id: integer('id').primaryKey().default(sql`nextval('employee_versions_id_seq')`),
    kind: text('kind', { enum: ['BASE_SALARY', 'ADJUSTMENT_FACTOR', 'SETTINGS'] }).notNull(),
    gradeId: integer('grade_id').references(() => grades.id, { onDelete: 'cascade' }),
    levelId: integer('level_id').references(() => levels.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    positionId: integer('position_id').references(() => positions.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    value: jsonb('value'),
    /** Whether the rule table has taken it: false for a version whose day had not come. */
    applied: boolean('applied').notNull().default(true),
    recordedBy: text('recorded_by'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('rule_versions_rule_day')
      .on(t.kind, t.gradeId, t.levelId, t.jobId, t.positionId, t.effectiveFrom)
      .nullsNotDistinct(),
    index('rule_versions_waiting').on(t.effectiveFrom).where(sql`not ${t.applied}`),
    check('rule_versions_kind', sql`${t.kind} in ('BASE_SALARY', 'ADJUSTMENT_FACTOR', 'SETTINGS')`),
    check(
      'rule_versions_keys',
      sql`case ${t.kind}
        when 'BASE_SALARY' then ${t.gradeId} is not null and ${t.levelId} is not null and ${t.jobId} is null and ${t.positionId} is null
        when 'ADJUSTMENT_FACTOR' then ${t.jobId} is not null and ${t.positionId} is not null and ${t.gradeId} is null and ${t.levelId} is null
        else ${t.gradeId} is null and ${t.levelId} is null and ${t.jobId} is null and ${t.positionId} is null end`,
    ),
  ],
);

/**
 * The audit trail: one entry per successful write, inserted by the transaction that makes the
 * change (so a rolled-back write leaves none). Never updated or deleted by the app. No foreign
 * key to users: the trail outlives the people in it, so the actor's email is kept as it was.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email').notNull(),
    /** create | update | delete | reorder | password | import | revert … */
    action: text('action').notNull(),
    /** user | job | position | grade | level | baseSalary | adjustmentFactor | settings | employee | import … */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    /** [{ field, before, after }] in the API's names. */
    changes: jsonb('changes').notNull().default([]),
    /** Anything else the entry needs (an import's counts and per-employee changes). */
    details: jsonb('details'),
  },
  /*
   * The log reads newest first as (at, id) descending, a keyset page at a time; each filter
   * has an index that ends in (at, id), so a page (and a date range within a filter) is an
   * index range scan of `limit` rows however many entries there are. The actor's email is
   * for people deleted since (a known one is filtered by id).
   */
  (t) => [
    index('audit_entries_at_idx').on(t.at, t.id),
    index('audit_entries_type_idx').on(t.entityType, t.at, t.id),
    index('audit_entries_entity_idx').on(t.entityType, t.entityId, t.at, t.id),
    index('audit_entries_actor_idx').on(t.actorId, t.at, t.id),
    index('audit_entries_actor_email_idx').on(sql`lower(${t.actorEmail})`, t.at, t.id),
  ],
);

/**
 * Each employee's pay over time: a row whenever the computed gross or total cost moved, with
 * the audit entry that moved it. No foreign key to employees: a deleted employee keeps it.
 */
export const payHistory = pgTable(
  'pay_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    employeeId: integer('employee_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    grossBefore: money('gross_before'),
    grossAfter: money('gross_after'),
    costBefore: money('cost_before'),
    costAfter: money('cost_after'),
    /*
     * No foreign key: its per-row check was half the time of a rule change's 100,000 rows.
     * The row is inserted with the id its entry's insert just answered, in the same
     * transaction, and entries are never updated or deleted (a trigger refuses it, 0004).
     */
    auditId: bigint('audit_id', { mode: 'number' }).notNull(),
  },
  // No index on audit_id: nothing reads the history by its entry (entries are joined from
  // here), and keeping one cost ~15% of inserting an import's 100,000 history rows.
  (t) => [index('pay_history_employee_idx').on(t.employeeId, t.id)],
);

/**
 * The employees an import (or its revert) created or changed, one row each with its field
 * changes (before → after, the API's names), kept beside the entry instead of inside it: an
 * import of 100,000 employees made one JSON value of ~100 MB that took PGlite 9 s to store,
 * and every Audit Log page holding the entry carried it whole. `json`, not `jsonb`: kept as
 * written and read back whole, never queried inside. Append-only like the entries (0005).
 */
export const auditEmployeeChanges = pgTable(
  'audit_employee_changes',
  {
    auditId: bigint('audit_id', { mode: 'number' }).notNull(),
    employeeId: integer('employee_id').notNull(),
    /** The employee's name after the change (before it, for one deleted). */
    name: text('name').notNull(),
    changes: json('changes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.auditId, t.employeeId] })],
);

/**
 * An admin's justification of a flagged pay-gap category (Directive (EU) 2023/970, art. 9-10).
 * kind: job-grade | grade; key: "<jobId>:<gradeId>" or "<gradeId>".
 */
export const payGapJustifications = pgTable(
  'pay_gap_justifications',
  {
    categoryKind: text('category_kind').notNull(),
    categoryKey: text('category_key').notNull(),
    text: text('text').notNull(),
    authorId: integer('author_id'),
    authorEmail: text('author_email').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.categoryKind, t.categoryKey] })],
);

/**
 * Workers' requests for their pay information: who asked, the day it was received, the day
 * the answer is due (two calendar months later, written by the service) and the day it was
 * answered. No foreign key to employees, as pay history: the register must outlive a deleted
 * employee (it keeps their name), and an employee restored from the Audit Log comes back under
 * the same id (ids are never reused), so their requests are theirs again.
 */
export const payRequests = pgTable(
  'pay_requests',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id').notNull(),
    employeeName: text('employee_name').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    answeredOn: date('answered_on', { mode: 'string' }),
    note: text('note'),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pay_requests_employee_idx').on(t.employeeId),
    check('pay_requests_due_after_received', sql`${t.dueOn} > ${t.receivedOn}`),
    check('pay_requests_answered_after_received', sql`${t.answeredOn} >= ${t.receivedOn}`),
    check('pay_requests_note_length', sql`length(${t.note}) <= 1000`),
  ],
);

/**
 * Job evaluation scores (docs/job-evaluation.md): one row per scored job or position, exactly
 * one of the two set; a position's row overrides its job's. Goes with its job or position.
 */
export const jobEvaluationScores = pgTable(
  'job_evaluation_scores',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    positionId: integer('position_id').references(() => positions.id, { onDelete: 'cascade' }),
    skills: integer('skills').notNull(),
    effort: integer('effort').notNull(),
    responsibility: integer('responsibility').notNull(),
    workingConditions: integer('working_conditions').notNull(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('job_evaluation_scores_job_uq').on(t.jobId),
    uniqueIndex('job_evaluation_scores_position_uq').on(t.positionId),
    check('job_evaluation_scores_one_subject', sql`(${t.jobId} is null) <> (${t.positionId} is null)`),
    check(
      'job_evaluation_scores_range',
      sql`${t.skills} between 1 and 5 and ${t.effort} between 1 and 5 and ${t.responsibility} between 1 and 5 and ${t.workingConditions} between 1 and 5`,
    ),
  ],
);

/**
 * The job evaluation's weights (hundredths) and band width (tenths of a score point). One row,
 * none until the first save: equal weights and a band of 1.0 until then.
 */
export const jobEvaluationSettings = pgTable(
  'job_evaluation_settings',
  {
    id: integer('id').primaryKey().default(1),
    skillsWeight: integer('skills_weight').notNull().default(100),
    effortWeight: integer('effort_weight').notNull().default(100),
    responsibilityWeight: integer('responsibility_weight').notNull().default(100),
    workingConditionsWeight: integer('working_conditions_weight').notNull().default(100),
    bandWidthTenths: integer('band_width_tenths').notNull().default(10),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_evaluation_settings_single_row', sql`${t.id} = 1`),
    check(
      'job_evaluation_settings_weights',
      sql`least(${t.skillsWeight}, ${t.effortWeight}, ${t.responsibilityWeight}, ${t.workingConditionsWeight}) >= 0 and ${t.skillsWeight} + ${t.effortWeight} + ${t.responsibilityWeight} + ${t.workingConditionsWeight} > 0`,
    ),
    check('job_evaluation_settings_band_width', sql`${t.bandWidthTenths} between 1 and 40`),
  ],
);

/**
 * Raise cycles (docs/raise-cycles.md): the cycle's eligibility, budget (basis points of the
 * eligible payroll, or cents) and guideline matrix (compa-ratios in hundredths, raises in basis
 * points), and where it stands. Its proposals go with it.
 */
export const raiseCycles = pgTable(
  'raise_cycles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    hiredBefore: date('hired_before', { mode: 'string' }),
    jobIds: jsonb('job_ids').$type<number[]>().notNull().default([]),
    gradeIds: jsonb('grade_ids').$type<number[]>().notNull().default([]),
    budgetKind: text('budget_kind').notNull(),
    budgetValue: ruleUnits('budget_value').notNull(),
    guideline: jsonb('guideline').notNull().default([]),
    status: text('status').notNull().default('DRAFT'),
    submittedById: integer('submitted_by_id'),
    submittedBy: text('submitted_by'),
    sentBackComment: text('sent_back_comment'),
    appliedEntryId: integer('applied_entry_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('raise_cycles_name_unique').on(sql`lower(${t.name})`),
    check('raise_cycles_budget_kind', sql`${t.budgetKind} in ('PERCENT', 'AMOUNT')`),
    check('raise_cycles_budget_value', sql`${t.budgetValue} >= 0`),
    check('raise_cycles_status', sql`${t.status} in ('DRAFT', 'SUBMITTED', 'APPROVED', 'APPLIED')`),
  ],
);

/** One employee's proposal in a cycle: a percent (basis points) or amount (cents) as an allowance, or a move. */
export const raiseProposals = pgTable(
  'raise_proposals',
  {
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => raiseCycles.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    rating: integer('rating'),
    kind: text('kind').notNull(),
    value: ruleUnits('value'),
    gradeId: integer('grade_id').references(() => grades.id),
    levelId: integer('level_id').references(() => levels.id),
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.cycleId, t.employeeId] }),
    index('raise_proposals_employee_idx').on(t.employeeId),
    check('raise_proposals_kind', sql`${t.kind} in ('PERCENT', 'AMOUNT', 'MOVE', 'NONE')`),
    check('raise_proposals_rating', sql`${t.rating} between 1 and 5`),
    check(
      'raise_proposals_move',
      sql`(${t.kind} = 'MOVE') = (${t.gradeId} is not null and ${t.levelId} is not null)`,
    ),
    check('raise_proposals_value', sql`(${t.kind} in ('PERCENT', 'AMOUNT')) = (${t.value} is not null)`),
  ],
);
