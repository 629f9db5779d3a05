import type { Cents } from '@salary/shared/common/money';
import { toCents } from '@salary/shared/common/money';
import type { Actor } from '@salary/shared/common/permissions';
import { updateSettingsBody } from '@salary/shared/settings/settings.contract';
import type { DbOrTx } from './db/client.ts';
import { notFound } from './lib/app-error.ts';
import type { RepositoryOn, UnitOfWork } from './lib/unit-of-work.ts';
import type { RuleReverter } from './modules/audit/entry-revert.service.ts';

/*
 * How each rule domain writes back the values an audit entry recorded before its update: by
 * its own service's update (its rules, its audit entry, its pay history), from the rule as it
 * stands now (read on the revert's transaction) with the entry's `before` values put back.
 * Built by the composition root, which holds both the services and the repositories.
 */

type Update<Input> = (uow: UnitOfWork, actor: Actor, id: number, input: Input) => Promise<unknown>;
type Finder<Row> = RepositoryOn<{ findById(id: number): Promise<Row | undefined> }>;

export interface RuleDomains {
  jobs: { update: Update<{ name: string }> };
  levels: { update: Update<{ name: string }> };
  grades: { update: Update<{ name?: string; order?: number }> };
  positions: { update: Update<{ name: string; jobId: number }> };
  positionRows: Finder<{ name: string; jobId: number }>;
  baseSalaries: { update: Update<{ gradeId: number; levelId: number; amount: Cents }> };
  baseSalaryRows: Finder<{ gradeId: number; levelId: number; amount: Cents }>;
  adjustmentFactors: {
    update: Update<{ jobId: number; positionId: number; type: 'PERCENTAGE' | 'FIXED'; factor: number }>;
  };
  factorRows: Finder<{ jobId: number; positionId: number; type: 'PERCENTAGE' | 'FIXED'; factor: number }>;
  settings: {
    update(
      uow: UnitOfWork,
      actor: Actor,
      input: ReturnType<typeof updateSettingsBody.parse>,
    ): Promise<unknown>;
  };
  settingsNow(tx: DbOrTx): Promise<object>;
}

/** A rule whose entry names it only: its `before` name put back. */
const renamed = (domain: { update: Update<{ name: string }> }): RuleReverter => ({
  revert: (uow, actor, id, before) => domain.update(uow, actor, id!, { name: String(before.name) }),
});

/**
 * A rule whose update takes every one of `keys`: the rule as it stands now (404 `noun` when it
 * is gone), with each value the entry recorded before put back; `kept` turns a value the entry
 * keeps another way (the amount, a decimal) back into the rule's.
 */
function fromRow<Row extends object>(
  domain: { update: Update<Row> },
  rows: Finder<Row>,
  noun: string,
  keys: ReadonlyArray<keyof Row & string>,
  kept: (before: Record<string, unknown>) => Partial<Row> = () => ({}),
): RuleReverter {
  return {
    async revert(uow, actor, id, before) {
      const now = await rows(uow.tx).findById(id!);
      if (!now) throw notFound(`${noun} not found`);
      const input = Object.fromEntries(keys.map((k) => [k, k in before ? before[k] : now[k]])) as Row;
      return domain.update(uow, actor, id!, { ...input, ...kept(before) });
    },
  };
}

export function ruleReverters(d: RuleDomains): Record<string, RuleReverter> {
  return {
    job: renamed(d.jobs),
    level: renamed(d.levels),
    grade: {
      revert: (uow, actor, id, before) =>
        d.grades.update(uow, actor, id!, {
          ...('name' in before && { name: String(before.name) }),
          ...('order' in before && { order: Number(before.order) }),
        }),
    },
    position: fromRow(d.positions, d.positionRows, 'Position', ['name', 'jobId']),
    baseSalary: fromRow(
      d.baseSalaries,
      d.baseSalaryRows,
      'Base salary',
      ['gradeId', 'levelId', 'amount'],
      (before) =>
        // The entry keeps the amount as the API shows it, a decimal.
        'amount' in before ? { amount: toCents(Number(before.amount)) } : {},
    ),
    adjustmentFactor: fromRow(d.adjustmentFactors, d.factorRows, 'Adjustment factor', [
      'jobId',
      'positionId',
      'type',
      'factor',
    ]),
    settings: {
      async revert(uow, actor, _id, before) {
        const now = (await d.settingsNow(uow.tx)) as Record<string, unknown>;
        // Parsed as a save from the form would be: the same rules, the version it is at now.
        const input = updateSettingsBody.parse({ ...now, ...before, version: now.version });
        return d.settings.update(uow, actor, input);
      },
    },
  };
}
