import { levelSchema } from '@salary/shared/levels/levels.contract';
import { listQuery } from '../list-query.ts';

// Shared by the Levels section, the base-salary form and employee/calculator selectors.
export const levelsQueryKey = ['levels'] as const;

const levels = listQuery('/levels', levelSchema, levelsQueryKey);

/** GET /levels: every level in creation order. */
export const getLevels = levels.fetchList;
export const levelsQueryOptions = levels.listOptions;
export const useLevels = levels.useList;
