import type { Locator, Page } from 'playwright-core';

export type SortableHeader =
  | 'ID'
  | 'Experience in years'
  | 'Company Years'
  | 'Calculated Salary'
  | 'Total Cost';

/** /dashboard: header buttons, the filter form and the virtualised directory table. */
export class EmployeesPage {
  constructor(readonly page: Page) {}

  get filters() {
    return this.page.getByRole('form', { name: 'Filter employees' });
  }
  get table() {
    return this.page.getByRole('region', { name: 'Employees' });
  }
  get rows() {
    return this.table.locator('tbody tr[data-employee-id]');
  }
  get confirmDialog() {
    return this.page.getByRole('dialog', { name: 'Delete employee' });
  }
  get count() {
    return this.page.getByTestId('employee-count');
  }

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
    await this.filters.waitFor();
  }

  row(id: number): Locator {
    return this.table.locator(`tbody tr[data-employee-id="${id}"]`);
  }

  async searchByName(text: string): Promise<void> {
    await this.filters.getByLabel('Search by Name').fill(text);
  }

  select(label: 'Technology' | 'Position' | 'Grade' | 'Level'): Locator {
    return this.filters.getByRole('combobox', { name: label, exact: true });
  }

  async choose(label: 'Technology' | 'Position' | 'Grade' | 'Level', option: string): Promise<void> {
    await this.select(label).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Apply Filters; answers the query string of the list call it triggers, once answered. */
  async apply(): Promise<string> {
    const [response] = await Promise.all([
      this.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/employees'),
      this.filters.getByRole('button', { name: 'Apply Filters' }).click(),
    ]);
    return new URL(response.url()).search;
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
