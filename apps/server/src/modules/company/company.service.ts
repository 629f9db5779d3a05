import { todayIn } from '@salary/shared/common/calendar-day';
import type { Actor } from '@salary/shared/common/permissions';
import { STALE_VERSION_ERROR } from '@salary/shared/common/stale-version';
import {
  type Company,
  type CompanyFormat,
  DEFAULT_WEEKLY_HOURS,
  formatOf,
  STALE_COMPANY_MESSAGE,
  type UpdateCompanyInput,
} from '@salary/shared/company/company.contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import { serverTimeZone } from '../../lib/time-zone.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import { diffFields } from '../audit/audit.diff.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CompanyRepository, CompanyRow } from './company.repository.ts';

export interface CompanyDefaults {
  /** COMPANY_NAME, the name an install had before the record existed; null when unset. */
  name: string | null;
  /** The server's own time zone (TZ), else UTC. */
  timeZone: string;
}

/** The zone this process runs in (lib/time-zone.ts: the employee list's "today" needs it too). */
export { serverTimeZone };

export function toCompany(row: CompanyRow | undefined, defaults: CompanyDefaults): Company {
  return {
    companyName: row?.name ?? defaults.name,
    currency: row?.currency ?? 'USD',
    locale: row?.locale ?? 'en-US',
    timeZone: row?.timeZone ?? defaults.timeZone,
    standardWeeklyHours: row ? Number(row.standardWeeklyHours) : DEFAULT_WEEKLY_HOURS,
    version: row?.version ?? 1,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export function createCompanyService(deps: {
  company: RepositoryOn<CompanyRepository>;
  defaults: CompanyDefaults;
  audit: Pick<AuditService, 'record'>;
}) {
  /** The company as stored, read on `handle` (the database when absent). */
  const read = async (handle?: DbOrTx) => toCompany(await deps.company(handle).get(), deps.defaults);

  return {
    /** Every signed-in user: the screens format every figure and time with it. */
    get: (): Promise<Company> => read(),

    /**
     * The company's today: the calendar day it is now in its time zone (the server's until
     * one is saved). Every "today" of the server — derived years, a statement's date, the day
     * a dated write takes by default — is this day.
     */
    async today(handle?: DbOrTx, now = new Date()): Promise<string> {
      return todayIn((await read(handle)).timeZone, now);
    },

    /** How money, numbers and times read in this company, for the server's own texts and files. */
    async format(handle?: DbOrTx): Promise<CompanyFormat> {
      return formatOf(await read(handle));
    },

    async update(uow: UnitOfWork, actor: Actor, input: UpdateCompanyInput): Promise<Company> {
      requirePermission(actor, 'manageSettings');
      const before = await read(uow.tx);
      const { version, companyName, standardWeeklyHours, ...rest } = input;
      const saved = await deps.company(uow.tx).update(
        {
          name: companyName,
          ...rest,
          standardWeeklyHours: (standardWeeklyHours ?? before.standardWeeklyHours).toFixed(2),
        },
        version,
      );
      if (!saved) throw new AppError(409, STALE_VERSION_ERROR, STALE_COMPANY_MESSAGE);
      const after = toCompany(saved, deps.defaults);
      const fields = ['companyName', 'currency', 'locale', 'timeZone', 'standardWeeklyHours'] as const;
      await deps.audit.record(uow, {
        action: 'update',
        entityType: 'company',
        entityId: null,
        label: 'Company',
        changes: diffFields(before, after, fields),
      });
      return after;
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
