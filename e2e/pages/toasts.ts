import type { Page } from 'playwright-core';

/**
 * Waits for a toast containing `text` (react-toastify renders each as .Toastify__toast). A rule
 * save that touches someone's pay shows its impact first (e2e/impact.e2e.test.ts tests that
 * step): when the preview opens instead of the toast, it is confirmed, as a user saving would.
 */
export async function waitForToast(page: Page, text: string): Promise<void> {
  const toast = page.locator('.Toastify__toast', { hasText: text }).first();
  const preview = page.getByRole('dialog', { name: 'Impact of this change' });
  const first = await Promise.race([
    toast.waitFor({ state: 'visible' }).then(() => 'toast' as const),
    preview.waitFor({ state: 'visible' }).then(
      () => 'preview' as const,
      () => 'none' as const,
    ),
  ]);
  if (first === 'preview') {
    await preview.getByRole('button', { name: 'Confirm' }).click();
    await toast.waitFor({ state: 'visible' });
  }
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
