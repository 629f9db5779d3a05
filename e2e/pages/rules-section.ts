import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { adminCredentials, type Credentials } from '../support/api.ts';
import type { BrowserHelpers, Viewport } from '../support/browser.ts';
import { chooseOption } from './select.ts';
import { waitForToast } from './toasts.ts';

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

/** Opens the Mantine Select labelled `label` in `scope` and clicks the option. */
export async function pickOption(scope: Locator | Page, label: string, option: string) {
  await chooseOption(field(scope, label), option);
}

/** Signs in (the administrator unless `as` says who) and opens the section once its list has loaded. */
export async function openSection(
  browser: BrowserHelpers,
  path: RulesPath,
  options: { as?: Credentials; viewport?: Viewport } = {},
): Promise<{ page: Page; section: RulesSection }> {
  const page = await browser.signedInPage(options.as ?? adminCredentials(), options.viewport);
  const section = new RulesSection(page, path);
  await section.goto();
  await section.waitForList();
  return { page, section };
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

  /**
   * Add <noun> opens its modal with an empty Name; saving `name` toasts `toast`, closes the modal
   * and lists the row.
   */
  async addNamed(noun: string, name: string, toast: string): Promise<void> {
    const title = `Add ${noun}`;
    await this.button(title).click();
    expect(await field(this.dialog(title), 'Name').inputValue()).toBe('');
    await this.fillNameModal(title, name);
    await waitForToast(this.page, toast);
    await this.dialog(title).waitFor({ state: 'hidden' });
    await this.row(name).waitFor();
  }

  /**
   * Edit on `name`'s row opens Edit <noun> holding that name; saving `renamed` toasts `toast`,
   * closes the modal and lists the renamed row.
   */
  async rename(noun: string, name: string, renamed: string, toast: string): Promise<void> {
    const title = `Edit ${noun}`;
    await this.rowAction(name, 'Edit').click();
    expect(await field(this.dialog(title), 'Name').inputValue()).toBe(name);
    await this.fillNameModal(title, renamed);
    await waitForToast(this.page, toast);
    await this.dialog(title).waitFor({ state: 'hidden' });
    await this.row(renamed).waitFor();
  }

  /**
   * Delete on the row holding `rowText`, confirmed in 'Delete <what>' (which asks 'Are you sure
   * you want to delete this <what>?'): `toast`, and the row is gone.
   */
  async deleteRow(rowText: string, what: string, toast: string): Promise<void> {
    await this.rowAction(rowText, 'Delete').click();
    await this.confirm(`Delete ${what}`, `Are you sure you want to delete this ${what}?`);
    await waitForToast(this.page, toast);
    await this.row(rowText).waitFor({ state: 'detached' });
  }
}
