import type { Locator } from 'playwright-core';

/** Opens a Mantine Select and clicks the option (options live in a portal, outside the form). */
export async function chooseOption(select: Locator, option: string): Promise<void> {
  await select.click();
  await select.page().getByRole('option', { name: option, exact: true }).click();
}
