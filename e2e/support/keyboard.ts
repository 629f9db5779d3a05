import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Counts what a user does: every click and every key press (typing a text counts its characters). */
export class InputCounter {
  clicks = 0;
  keys = 0;
  constructor(readonly page: Page) {}

  async click(target: Locator): Promise<void> {
    this.clicks += 1;
    await target.click();
  }

  async press(key: string): Promise<void> {
    this.keys += 1;
    await this.page.keyboard.press(key);
  }

  async type(text: string): Promise<void> {
    this.keys += text.length;
    await this.page.keyboard.type(text);
  }
}

/** Whether `target` holds the keyboard focus. */
export function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

/** What holds focus, described for assertions: tag, role/name attributes and text. */
export function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}: ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`;
  });
}

/** Presses Tab (keyboard only) until `target` has focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 80, key = 'Tab'): Promise<number> {
  for (let i = 1; i <= max; i += 1) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return i;
  }
  throw new Error(`Tab never reached the target within ${max} presses (focus: ${await focusedText(page)})`);
}

/**
 * Picks an option of a Mantine Select from the keyboard: with the select focused, ArrowDown
 * opens the list and moves through it until `text` is the highlighted option, then Enter.
 */
export async function chooseByKeyboard(page: Page, text: string): Promise<void> {
  const highlighted = page.locator('[role="option"][data-combobox-selected]');
  for (let i = 0; i < 300; i += 1) {
    await page.keyboard.press('ArrowDown');
    if ((await highlighted.count()) > 0 && ((await highlighted.textContent()) ?? '').trim() === text) {
      await page.keyboard.press('Enter');
      await page
        .getByRole('listbox')
        .waitFor({ state: 'detached' })
        .catch(() => {});
      return;
    }
  }
  throw new Error(`${text} was never highlighted`);
}

/**
 * Types `day` (YYYY-MM-DD) into the focused date field `field` as Chromium's en-US date field
 * takes it (mm dd yyyy), then waits until the field holds the day.
 */
export async function typeDay(page: Page, field: Locator, day: string): Promise<void> {
  const [yyyy, mm, dd] = day.split('-');
  // On a busy machine a keystroke can land while the page re-renders: as a person would, look
  // at the field and type the day again from its first segment. Focusing the field selects the
  // month, but only from outside it: focus() on the focused field keeps the segment the typing
  // reached (the year, which then took the whole day as "292026"), so it is left first.
  for (let attempt = 1; ; attempt += 1) {
    await page.keyboard.type(`${mm}${dd}${yyyy}`);
    const typed = await expect
      .poll(() => field.inputValue(), { timeout: 5_000 })
      .toBe(day)
      .then(() => true)
      .catch(() => false);
    if (typed) return;
    if (attempt === 3) expect(await field.inputValue()).toBe(day);
    await field.blur();
    await field.focus();
  }
}
