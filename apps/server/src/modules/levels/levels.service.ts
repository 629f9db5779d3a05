import type { Actor } from '@salary/shared/common/permissions';
import type { createLevelBody, Level } from '@salary/shared/levels/levels.contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { namedListRules } from '../../lib/named-list.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createLevelsRepository } from './levels.repository.ts';

type LevelInput = z.output<typeof createLevelBody>;

/** A named list and nothing more: no order, no delete. */
export function createLevelsService(deps: { db: Db; audit: Pick<AuditService, 'record'> }) {
  const levels = createLevelsRepository(deps.db);
  const rules = namedListRules(levels, { noun: 'level', audit: deps.audit });

  return {
    list: (): Promise<Level[]> => levels.list(),
    create: (actor: Actor, input: LevelInput): Promise<Level> => rules.create(actor, { name: input.name }),
    update: (actor: Actor, id: number, input: LevelInput): Promise<Level> =>
      rules.update(actor, id, { name: input.name }),
  };
}
