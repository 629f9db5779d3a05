import type { Db } from '../../db/client.ts';
import { namedListRules, nameOnlyCalls } from '../../lib/named-list.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { createLevelsRepository } from './levels.repository.ts';

/** A named list and nothing more: no order, no delete. */
export function createLevelsService(deps: { db: Db; audit: Pick<AuditService, 'record'> }) {
  const levels = createLevelsRepository(deps.db);
  return nameOnlyCalls(levels, namedListRules(levels, { noun: 'level', audit: deps.audit }));
}
