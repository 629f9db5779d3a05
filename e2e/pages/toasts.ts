import type { Page } from 'playwright-core';

/** Waits for a toast containing `text` (react-toastify renders each as .Toastify__toast). */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.locator('.Toastify__toast', { hasText: text }).first().waitFor({ state: 'visible' });
}

/** Closes every open toast so the next assertion sees only new ones. */
export async function dismissToasts(page: Page): Promise<void> {
  const buttons = page.locator('.Toastify__toast .Toastify__close-button');
  for (const button of await buttons.all()) await button.click().catch(() => {});
  await page
    .locator('.Toastify__toast')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => {});
}
