import type { Actor } from '@salary/shared/common/permissions';
import type { Level, LevelOrder } from '@salary/shared/levels/levels.contract';
import type { Db } from '../../db/client.ts';
import { baseSalariesUse, namedListRules } from '../../lib/named-list.service.ts';
import { reorderList } from '../../lib/ordered-list.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createLevelsRepository } from './levels.repository.ts';

/** A named list with an order of its own: a new level goes last, and levels reorder together. */
export function createLevelsService(deps: { db: Db; audit: Pick<AuditService, 'record' | 'staleVersion'> }) {
  const { db } = deps;
  const levels = createLevelsRepository(db);
  const rules = namedListRules(levels, { noun: 'level', audit: deps.audit });
  const reorder = reorderList(levels, {
    db,
    audit: deps.audit,
    noun: 'Level',
    plural: 'Levels',
    field: 'levels',
  });

  return {
    list: (): Promise<Level[]> => levels.list(),

    async create(actor: Actor, input: { name: string }): Promise<Level> {
      rules.requireWriter(actor);
      return rules.create(actor, { name: input.name, order: await levels.count() });
    },

    update: (actor: Actor, id: number, input: { name: string; version?: number }): Promise<Level> =>
      rules.update(actor, id, { name: input.name }, {}, input.version),

    async reorder(actor: Actor, input: LevelOrder): Promise<Level[]> {
      rules.requireWriter(actor);
      return reorder(input.levels);
    },

    /** Refused (409, naming them) while employees or base salaries use the level. */
    remove: (actor: Actor, id: number, version?: number): Promise<void> =>
      rules.removeUnlessAssigned(
        actor,
        db,
        id,
        levels.countEmployees,
        baseSalariesUse(levels.countBaseSalaries),
        version,
      ),
  };
}
