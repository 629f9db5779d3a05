import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * Selects are searchable so typing jumps to an option, except on a touch screen without a
 * mouse, where a tap on a searchable select would open the on-screen keyboard over the list.
 * The theme decides once, as it loads, from the pointer the device reports.
 */

const realMatchMedia = window.matchMedia;

/** The theme as it loads on a device whose media queries answer `matching`. */
async function themeOn(matching: string[]) {
  window.matchMedia = ((query: string) => ({
    ...realMatchMedia(query),
    matches: matching.includes(query),
    media: query,
  })) as typeof window.matchMedia;
  vi.resetModules();
  return (await import('./theme.ts')).theme;
}

const searchable = (theme: Awaited<ReturnType<typeof themeOn>>) =>
  (theme.components?.Select?.defaultProps as { searchable?: boolean } | undefined)?.searchable;

afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('select type-ahead and touch screens', () => {
  it('is on with a mouse or trackpad', async () => {
    expect(searchable(await themeOn(['(any-pointer: fine)']))).toBe(true);
  });

  it('is on for a touch screen that also has a mouse (a laptop with a touch screen)', async () => {
    expect(searchable(await themeOn(['(pointer: coarse)', '(any-pointer: fine)']))).toBe(true);
  });

  it('is off on a phone: a tap opens the list, not the keyboard', async () => {
    expect(searchable(await themeOn(['(pointer: coarse)']))).toBe(false);
  });
});
