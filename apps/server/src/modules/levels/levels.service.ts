import type { Actor } from '@salary/shared/common/permissions';
import type { Level, LevelOrder } from '@salary/shared/levels/levels.contract';
import { baseSalariesUse, namedListRules } from '../../lib/named-list.service.ts';
import { reorderList } from '../../lib/ordered-list.service.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { LevelsRepository } from './levels.repository.ts';

/** A named list with an order of its own: a new level goes last, and levels reorder together. */
export function createLevelsService(deps: {
  levels: RepositoryOn<LevelsRepository>;
  audit: Pick<AuditService, 'record' | 'staleVersion'>;
}) {
  const levels = deps.levels();
  const rules = namedListRules(deps.levels, { noun: 'level', audit: deps.audit });
  const reorder = reorderList(deps.levels, {
    audit: deps.audit,
    noun: 'Level',
    plural: 'Levels',
    field: 'levels',
  });

  return {
    list: (): Promise<Level[]> => levels.list(),

    async create(uow: UnitOfWork, actor: Actor, input: { name: string }): Promise<Level> {
      rules.requireWriter(actor);
      return rules.create(uow, actor, { name: input.name, order: await deps.levels(uow.tx).count() });
    },

    update: (
      uow: UnitOfWork,
      actor: Actor,
      id: number,
      input: { name: string; version?: number },
    ): Promise<Level> => rules.update(uow, actor, id, { name: input.name }, {}, input.version),

    async reorder(uow: UnitOfWork, actor: Actor, input: LevelOrder): Promise<Level[]> {
      rules.requireWriter(actor);
      return reorder(uow, input.levels);
    },

    /** Refused (409, naming them) while employees or base salaries use the level. */
    remove: (uow: UnitOfWork, actor: Actor, id: number, version?: number): Promise<void> =>
      rules.removeUnlessAssigned(
        uow,
        actor,
        id,
        levels.countEmployees,
        baseSalariesUse(levels.countBaseSalaries),
        version,
      ),
  };
}
