import { randomBytes } from 'node:crypto';
import { type Actor, canReadMoneyRules } from '@salary/shared/common/permissions';
import {
  findDuplicateBenefitName,
  isTemporaryId,
  SETTINGS_STALE_ERROR,
  type Settings,
  type SettingsRead,
  type UpdateSettingsInput,
  withoutValues,
} from '@salary/shared/settings/settings.contract';
import { AppError, conflict } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import { type DatedRuleWrites, datedDetails, runDated } from '../../lib/pair-rule.service.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import { diffFields } from '../audit/audit.diff.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { SettingsRepository, SettingsValues } from './settings.repository.ts';

export const STALE_SETTINGS_MESSAGE = 'Settings were changed by someone else. Reload and try again.';

/** Stable ids of custom multipliers: employees keep them, so they never change once given. */
export const newCustomMultiplierId = () => `cm_${randomBytes(9).toString('base64url')}`;

/** Keeps every id the client sent; temporary (`tmp-…`) or missing ones get a new stable id. */
export function withStableIds(
  list: UpdateSettingsInput['customMultipliers'],
  newId: () => string = newCustomMultiplierId,
): SettingsValues['customMultipliers'] {
  const taken = new Set(list.flatMap((m) => (isTemporaryId(m.id) ? [] : [m.id!])));
  return list.map((m) => {
    if (!isTemporaryId(m.id)) return { ...m, id: m.id! };
    let id = newId();
    while (taken.has(id)) id = newId();
    taken.add(id);
    return { ...m, id };
  });
}

export function createSettingsService(deps: {
  settings: RepositoryOn<SettingsRepository>;
  audit: Pick<AuditService, 'record' | 'payBefore'>;
  /** Dated rules (modules/rule-calendar); absent: every save is from today, undated. */
  calendar?: DatedRuleWrites;
}) {
  const settings = deps.settings();

  return {
    /**
     * Any signed-in user; the values (money rules) only for those who may read them — the
     * employee form needs no more than the custom multipliers' ids and titles.
     */
    async get(actor: Actor): Promise<SettingsRead> {
      const record = await settings.get();
      return canReadMoneyRules(actor) ? record : withoutValues(record);
    },

    async update(uow: UnitOfWork, actor: Actor, input: UpdateSettingsInput): Promise<Settings> {
      requirePermission(actor, 'manageSettings');
      // 409 like every other duplicate name; the contract exports the check.
      const duplicate = findDuplicateBenefitName(input.benefits);
      if (duplicate !== undefined) throw conflict(`A benefit named "${duplicate}" already exists`);

      const { version, ...values } = input;
      const inUnit = deps.settings(uow.tx);
      const before = await inUnit.get();
      // Any setting may move anyone's pay: every employee is priced before and after.
      const pay = await deps.audit.payBefore(uow, 'all', { rulesOnly: true });
      let written: Settings | undefined;
      const write = async () => {
        written = await inUnit.update(
          { ...values, customMultipliers: withStableIds(values.customMultipliers) },
          version,
        );
        if (!written) throw new AppError(409, SETTINGS_STALE_ERROR, STALE_SETTINGS_MESSAGE);
      };
      // From another day: the record answered is today's, as the calendar left it.
      const dated = await runDated(deps.calendar, uow, write);
      const saved = written as Settings | undefined;
      if (!saved) throw new AppError(409, SETTINGS_STALE_ERROR, STALE_SETTINGS_MESSAGE);
      const { version: _v1, ...was } = before as Settings & { version?: unknown; updatedAt?: unknown };
      const { version: _v2, ...now } = saved as Settings & { version?: unknown; updatedAt?: unknown };
      delete (was as Record<string, unknown>).updatedAt;
      delete (now as Record<string, unknown>).updatedAt;
      await deps.audit.record(
        uow,
        {
          action: 'update',
          entityType: 'settings',
          entityId: null,
          label: 'Settings',
          changes: diffFields(was, now),
          ...datedDetails(dated),
        },
        { pay },
      );
      return dated && 'effectiveFrom' in dated.details ? await inUnit.get() : saved;
    },
  };
}
