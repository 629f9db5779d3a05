import type { Level } from '@salary/shared/levels/levels.contract';
import { type ListAudit, orderedListService } from '../../lib/ordered-list.service.ts';
import type { RepositoryOn } from '../../lib/unit-of-work.ts';
import type { LevelsRepository } from './levels.repository.ts';

const LEVELS = { noun: 'Level', plural: 'Levels', field: 'levels' };

/**
 * A named list with an order of its own: a new level goes last (its form gives no order), and
 * levels reorder together.
 */
export function createLevelsService(deps: { levels: RepositoryOn<LevelsRepository>; audit: ListAudit }) {
  return orderedListService<Level>(deps.levels, { audit: deps.audit, ...LEVELS });
}
