import { TEMP_ID_PREFIX } from '@salary/shared/settings/settings.contract';
import { describe, expect, it } from 'vitest';
import { temporaryId, upsertCustomMultiplier } from './multiplier-values.ts';

describe('custom multipliers edited locally', () => {
  const saved = [
    { id: 'cm_a', title: 'On-call', multiplier: 250, type: 'FIXED' as const },
    { id: 'cm_b', title: 'Lead', multiplier: 5, type: 'PERCENTAGE' as const },
  ];

  it('gives a new one a temporary id and puts it last', () => {
    const list = upsertCustomMultiplier(saved, { title: 'New', multiplier: 2, type: 'PERCENTAGE' }, null);
    expect(list).toHaveLength(3);
    expect(list[2]).toMatchObject({ title: 'New', multiplier: 2, type: 'PERCENTAGE' });
    expect(list[2]?.id.startsWith(TEMP_ID_PREFIX)).toBe(true);
    expect(saved).toHaveLength(2);
  });

  it('replaces an edited one in place and keeps its id', () => {
    const list = upsertCustomMultiplier(saved, { title: 'Lead+', multiplier: 6, type: 'PERCENTAGE' }, 'cm_b');
    expect(list).toEqual([saved[0], { id: 'cm_b', title: 'Lead+', multiplier: 6, type: 'PERCENTAGE' }]);
  });

  it('never hands out the same temporary id twice', () => {
    const ids = new Set(Array.from({ length: 50 }, temporaryId));
    expect(ids.size).toBe(50);
  });
});
