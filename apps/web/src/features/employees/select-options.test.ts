import { describe, expect, it } from 'vitest';
import { chosenId, selectValue, toOptions } from './select-options.ts';

describe('select options', () => {
  it('turns named records into string-valued options', () => {
    expect(toOptions([{ id: 3, name: 'Data' }])).toEqual([{ value: '3', label: 'Data' }]);
    expect(toOptions(undefined)).toEqual([]);
  });

  it('reads a form value as the select value', () => {
    expect(selectValue(4)).toBe('4');
    expect(selectValue('4')).toBe('4');
    expect(selectValue('')).toBeNull();
    expect(selectValue(null)).toBeNull();
    expect(selectValue(undefined)).toBeNull();
  });

  it('answers the chosen id only for a real id', () => {
    expect(chosenId('12')).toBe(12);
    expect(chosenId(12)).toBe(12);
    expect(chosenId(null)).toBeNull();
    expect(chosenId('')).toBeNull();
    expect(chosenId('0')).toBeNull();
    expect(chosenId('abc')).toBeNull();
  });
});
