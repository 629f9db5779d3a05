import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { typeDay } from '../support/keyboard.ts';

/**
 * Types `day` into the focused As of field, then waits for the address to carry it (and still
 * `keeps` the other parameters given) and for the banner "Showing <subject> as of <day> — Back
 * to today"; answers the banner.
 */
export async function chooseAsOfDay(
  page: Page,
  field: Locator,
  day: string,
  { subject, keeps = {} }: { subject: string; keeps?: Record<string, string> },
): Promise<Locator> {
  await typeDay(page, field, day);
  await page.waitForURL(
    (url) =>
      url.searchParams.get('asOf') === day &&
      Object.entries(keeps).every(([key, value]) => url.searchParams.get(key) === value),
  );
  const banner = page.getByRole('status').filter({ hasText: `Showing ${subject} as of` });
  await banner.waitFor();
  expect(await banner.innerText()).toMatch(new RegExp(`^Showing ${subject} as of .+ — Back to today$`));
  return banner;
}
