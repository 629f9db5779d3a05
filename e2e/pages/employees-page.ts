import type { Locator, Page } from 'playwright-core';
import { PageModel } from './page-model.ts';
import { chooseOption } from './select.ts';

/** The list call's query parameter for each filter select. */
const FILTER_PARAM = {
  Technology: 'technologyId',
  Position: 'positionId',
  Grade: 'gradeId',
  Level: 'levelId',
} as const;

export type SortableHeader =
  | 'ID'
  | 'Name'
  | 'Experience in years'
  | 'Company Years'
  | 'Calculated Salary'
  | 'Total Cost';

/** /dashboard: header buttons, the filter form and the virtualised directory table. */
export class EmployeesPage extends PageModel {
  readonly filters = this.page.getByRole('form', { name: 'Filter employees' });
  readonly table = this.page.getByRole('region', { name: 'Employees' });
  readonly rows = this.table.locator('tbody tr[data-employee-id]');
  readonly confirmDialog = this.page.getByRole('alertdialog', { name: 'Delete employee' });
  readonly count = this.page.getByTestId('employee-count');
  readonly totals = this.table.getByTestId('directory-totals');

  /** A header button in the page (not a modal). */
  headerButton(label: string): Locator {
    return this.page.getByRole('main').getByRole(label === 'Add Employee' ? 'link' : 'button', {
      name: label,
      exact: true,
    });
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard');
    await this.waitForList();
  }

  /** The table or its empty state after the first load, and the filter form (its own chunk). */
  async waitForList(): Promise<void> {
    await this.page
      .locator('[aria-label="Employees"] tbody tr[data-employee-id], :text("No employees found")')
      .first()
      .waitFor();
    // On a phone the form waits behind its "Filters" toggle: here once its code has loaded.
    await this.page.locator('form[aria-label="Filter employees"]').waitFor({ state: 'attached' });
  }

  /** On a phone, opens the filter form behind its toggle (nothing to do on wider screens). */
  async showFilters(): Promise<void> {
    await openPhoneDisclosure(this.page, /^Filters/);
    await this.filters.waitFor();
  }

  row(id: number): Locator {
    return this.table.locator(`tbody tr[data-employee-id="${id}"]`);
  }

  /** The buttons of an employee's row whose name starts as `name` does. */
  rowButtons(id: number, name: RegExp): Locator {
    return this.row(id).getByRole('button', { name });
  }

  /** Types into Search by Name; the list asks the server once the typing settles. */
  async searchByName(text: string): Promise<void> {
    await this.showFilters();
    await this.filters.getByLabel('Search by Name').fill(text);
  }

  /** Types a name and answers the query of the list call it triggers, once answered. */
  async searchAndWait(text: string): Promise<URLSearchParams> {
    const [response] = await Promise.all([
      this.listResponse((q) => q.get('name') === (text.trim() || null)),
      this.searchByName(text),
    ]);
    return new URL(response.url()).searchParams;
  }

  private listResponse(match: (query: URLSearchParams) => boolean = () => true) {
    return this.page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/employees' && match(url.searchParams);
    });
  }

  select(label: 'Technology' | 'Position' | 'Grade' | 'Level'): Locator {
    return this.filters.getByRole('combobox', { name: label, exact: true });
  }

  async choose(label: 'Technology' | 'Position' | 'Grade' | 'Level', option: string): Promise<void> {
    await chooseOption(this.select(label), option);
  }

  /** A choice applies at once: answers the query string of the list call it triggers, once answered. */
  async chooseAndWait(
    label: 'Technology' | 'Position' | 'Grade' | 'Level',
    option: string,
  ): Promise<URLSearchParams> {
    // The list call that carries this choice: an earlier one (the first load, a refetch) may
    // still be in flight, and answering on it let a test act before the choice had rendered.
    const [response] = await Promise.all([
      this.listResponse((query) => query.has(FILTER_PARAM[label])),
      this.choose(label, option),
    ]);
    return new URL(response.url()).searchParams;
  }

  /** The footer's text under a column. */
  async total(label: string): Promise<string> {
    const index = (await this.columnHeaders()).indexOf(label);
    if (index < 0) throw new Error(`No column ${label}`);
    return ((await this.totals.locator('td').nth(index).textContent()) ?? '').trim();
  }

  /** Opens "Why this salary?" from the employee's Calculated Salary. */
  async explain(id: number): Promise<Locator> {
    await this.row(id)
      .getByRole('button', { name: /^Why this salary\?/ })
      .click();
    const drawer = this.page.getByRole('dialog', { name: /^Why this salary\?/ });
    await drawer.getByRole('table').first().waitFor();
    return drawer;
  }

  /** Header labels in order. */
  async columnHeaders(): Promise<string[]> {
    return (await this.table.locator('thead th').allTextContents()).map((text) => text.trim());
  }

  header(label: string): Locator {
    return this.table.locator('thead th', { hasText: label });
  }

  async sortBy(label: SortableHeader): Promise<void> {
    await this.header(label).getByRole('button').click();
  }

  /** Text of one column for every rendered row, top to bottom. */
  async column(label: string): Promise<string[]> {
    const index = (await this.columnHeaders()).indexOf(label);
    if (index < 0) throw new Error(`No column ${label}`);
    return (await this.rows.locator(`td:nth-child(${index + 1})`).allTextContents()).map((t) => t.trim());
  }

  async cell(id: number, label: string): Promise<string> {
    const index = (await this.columnHeaders()).indexOf(label);
    if (index < 0) throw new Error(`No column ${label}`);
    return ((await this.row(id).locator('td').nth(index).textContent()) ?? '').trim();
  }

  async askDelete(id: number): Promise<void> {
    await this.row(id)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await this.confirmDialog.waitFor();
  }
}

/** On a phone, opens the toggle named `name` ("Actions", "Filters"); nothing on wider screens. */
export async function openPhoneDisclosure(page: Page, name: RegExp): Promise<void> {
  const toggle = page.getByRole('button', { name });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false')
    await toggle.click();
}
