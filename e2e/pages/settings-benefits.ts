import type { Page } from 'playwright-core';
import { chooseOption } from './select.ts';

/** Settings → Benefits. */
export class BenefitsPage {
  constructor(readonly page: Page) {}

  get form() {
    return this.page.getByRole('form', { name: 'Add benefit' });
  }
  get type() {
    return this.form.getByRole('combobox', { name: 'Type' });
  }
  get addButton() {
    return this.form.getByRole('button', { name: 'Add' });
  }
  get list() {
    return this.page.getByRole('region', { name: 'Current Benefits' });
  }

  field(label: 'Benefit Name' | 'Amount') {
    return this.form.getByRole('textbox', { name: label });
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings/benefits');
    await this.list.waitFor();
  }

  item(name: string) {
    return this.list.locator(`li[data-benefit="${name}"]`);
  }

  removeButton(name: string) {
    return this.item(name).getByRole('button', { name: `Remove ${name}` });
  }

  async chooseType(label: 'Fixed Amount' | 'Percentage of Salary'): Promise<void> {
    await chooseOption(this.type, label);
  }

  /** Names in the list, in order. */
  async names(): Promise<string[]> {
    return this.list
      .locator('li[data-benefit]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-benefit') ?? ''));
  }
}
