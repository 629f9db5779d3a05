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

/** `before`'s value of `key` when the entry recorded one, else `now`'s. */
const pick = <T>(before: Record<string, unknown>, key: string, now: T): T =>
  (key in before ? before[key] : now) as T;

export function ruleReverters(d: RuleDomains): Record<string, RuleReverter> {
  const found = async <Row>(rows: Finder<Row>, tx: DbOrTx, id: number, noun: string): Promise<Row> => {
    const row = await rows(tx).findById(id);
    if (!row) throw notFound(`${noun} not found`);
    return row;
  };
  return {
    job: {
      revert: (uow, actor, id, before) => d.jobs.update(uow, actor, id!, { name: String(before.name) }),
    },
    level: {
      revert: (uow, actor, id, before) => d.levels.update(uow, actor, id!, { name: String(before.name) }),
    },
    grade: {
      revert: (uow, actor, id, before) =>
        d.grades.update(uow, actor, id!, {
          ...('name' in before && { name: String(before.name) }),
          ...('order' in before && { order: Number(before.order) }),
        }),
    },
    position: {
      async revert(uow, actor, id, before) {
        const now = await found(d.positionRows, uow.tx, id!, 'Position');
        return d.positions.update(uow, actor, id!, {
          name: pick(before, 'name', now.name),
          jobId: pick(before, 'jobId', now.jobId),
        });
      },
    },
    baseSalary: {
      async revert(uow, actor, id, before) {
        const now = await found(d.baseSalaryRows, uow.tx, id!, 'Base salary');
        return d.baseSalaries.update(uow, actor, id!, {
          gradeId: pick(before, 'gradeId', now.gradeId),
          levelId: pick(before, 'levelId', now.levelId),
          // The entry keeps the amount as the API shows it, a decimal.
          amount: 'amount' in before ? toCents(Number(before.amount)) : now.amount,
        });
      },
    },
    adjustmentFactor: {
      async revert(uow, actor, id, before) {
        const now = await found(d.factorRows, uow.tx, id!, 'Adjustment factor');
        return d.adjustmentFactors.update(uow, actor, id!, {
          jobId: pick(before, 'jobId', now.jobId),
          positionId: pick(before, 'positionId', now.positionId),
          type: pick(before, 'type', now.type),
          factor: pick(before, 'factor', now.factor),
        });
      },
    },
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
