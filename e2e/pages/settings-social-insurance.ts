import { PageModel } from './page-model.ts';
import { chooseOption } from './select.ts';

export type PaymentMethodLabel = 'Company pays all' | 'Company pays a percentage' | 'Employee pays all';

/** Settings → Social Insurance. */
export class SocialInsurancePage extends PageModel {
  readonly form = this.page.getByRole('form', { name: 'Social insurance' });
  readonly enabled = this.form.getByRole('checkbox', { name: 'Enable social insurance' });
  readonly method = this.form.getByRole('combobox', { name: 'Payment method' });
  readonly saveButton = this.form.getByRole('button', { name: 'Save' });

  /** Company (shown for "Company pays a percentage" only), Employee (100 minus it) or Total percentage. */
  percentage(of: 'Company' | 'Employee' | 'Total') {
    return this.form.getByRole('textbox', { name: `${of} percentage` });
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings/social-insurance');
    await this.form.waitFor();
  }

  async chooseMethod(label: PaymentMethodLabel): Promise<void> {
    await chooseOption(this.method, label);
  }
}
