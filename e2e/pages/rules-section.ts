import type { Locator, Page } from 'playwright-core';

export type RulesPath = 'jobs' | 'positions' | 'grades' | 'levels' | 'base-salary' | 'adjustment-factors';

/** Title of each section's list panel (its accessible region name). */
const LIST_TITLES: Record<RulesPath, string> = {
  jobs: 'Jobs',
  positions: 'Positions',
  grades: 'Grades',
  levels: 'Levels',
  'base-salary': 'Base Salaries',
  'adjustment-factors': 'Adjustment Factors',
};

/** Labels carry a required marker ("Job *"); match from the start so 'Job' is not 'Adjustment…'. */
export function field(scope: Locator | Page, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label}\\b`));
}

/** Opens a Mantine Select by its label and clicks the option (options live in a portal). */
export async function pickOption(page: Page, scope: Locator | Page, label: string, option: string) {
  await field(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** One salary-rules settings section: its list panel, rows, modals and confirm dialogs. */
export class RulesSection {
  constructor(
    readonly page: Page,
    readonly path: RulesPath,
  ) {}

  get list(): Locator {
    return this.page.getByRole('region', { name: LIST_TITLES[this.path], exact: true });
  }

  get table(): Locator {
    return this.list.locator('table');
  }

  async goto(): Promise<void> {
    await this.page.goto(`/settings/${this.path}`);
    await this.list.waitFor();
  }

  /** The list has loaded when a table, its phone cards or an empty-state title replace the spinner. */
  async waitForList(): Promise<void> {
    await this.list
      .locator('table, .mantine-Card-root, .mantine-EmptyState-title')
      .filter({ visible: true })
      .first()
      .waitFor();
  }

  /** Body rows holding `text` (names are unique per test, so usually exactly one). */
  row(text: string): Locator {
    return this.list.locator('tbody tr').filter({ hasText: text });
  }

  async rowTexts(): Promise<string[]> {
    return (await this.list.locator('tbody tr').allTextContents()).map((text) => text.trim());
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  dialog(title: string): Locator {
    return this.page
      .getByRole('dialog', { name: title })
      .or(this.page.getByRole('alertdialog', { name: title }));
  }

  /** Icon buttons are named '<Action> <row name>', e.g. 'Edit Engineering'. */
  rowAction(rowText: string, action: string): Locator {
    return this.row(rowText).getByRole('button', { name: new RegExp(`^${action}\\b`) });
  }

  /** Types into the Name field of the add/edit modal titled `title` and saves. */
  async fillNameModal(title: string, name: string): Promise<void> {
    const dialog = this.dialog(title);
    await dialog.waitFor();
    await field(dialog, 'Name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
  }

  /** Accepts the confirm dialog titled `title` after checking its prompt. */
  async confirm(title: string, prompt: string): Promise<void> {
    const dialog = this.dialog(title);
    await dialog.getByText(prompt, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}
