import type { Page } from 'playwright-core';
import { chooseOption } from './select.ts';

export type PaymentMethodLabel = 'Company pays all' | 'Company pays a percentage' | 'Employee pays all';

/** Settings → Social Insurance. */
export class SocialInsurancePage {
  constructor(readonly page: Page) {}

  get form() {
    return this.page.getByRole('form', { name: 'Social insurance' });
  }
  get enabled() {
    return this.form.getByRole('checkbox', { name: 'Enable social insurance' });
  }
  get method() {
    return this.form.getByRole('combobox', { name: 'Payment method' });
  }
  get companyPercentage() {
    return this.form.getByRole('textbox', { name: 'Company percentage' });
  }
  get employeePercentage() {
    return this.form.getByRole('textbox', { name: 'Employee percentage' });
  }
  get totalPercentage() {
    return this.form.getByRole('textbox', { name: 'Total percentage' });
  }
  get saveButton() {
    return this.form.getByRole('button', { name: 'Save' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings/social-insurance');
    await this.form.waitFor();
  }

  async chooseMethod(label: PaymentMethodLabel): Promise<void> {
    await chooseOption(this.method, label);
  }
}
