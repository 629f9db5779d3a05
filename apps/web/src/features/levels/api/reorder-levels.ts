import type { Level } from '@salary/shared/levels/levels.contract';
import { levelsQueryKey } from '../../../lib/salary-rules/get-levels.ts';
import { useReorderList } from '../../../lib/salary-rules/reorder-list.ts';

/** POST /levels/reorder: every {id, order} pair at once; the server applies all or none. */
export const useReorderLevels = () => useReorderList<Level>('levels', levelsQueryKey);
