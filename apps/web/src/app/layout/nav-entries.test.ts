import { describe, expect, it } from 'vitest';
import { isEntryActive } from './nav-entries.ts';

describe('isEntryActive', () => {
  it.each([
    ['/settings', '/settings', true],
    ['/settings', '/settings/users', true],
    ['/dashboard', '/dashboard', true],
    ['/settings', '/settingsx', false],
    ['/dashboard', '/employees/new', false],
  ])('%s on %s → %s', (entry, pathname, expected) => {
    expect(isEntryActive(entry, pathname)).toBe(expected);
  });
});
