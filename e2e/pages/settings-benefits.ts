import { PageModel } from './page-model.ts';
import { chooseOption } from './select.ts';

/** Settings → Benefits. */
export class BenefitsPage extends PageModel {
  readonly form = this.page.getByRole('form', { name: 'Add benefit' });
  readonly type = this.form.getByRole('combobox', { name: 'Type' });
  readonly addButton = this.form.getByRole('button', { name: 'Add' });
  readonly list = this.page.getByRole('region', { name: 'Current Benefits' });

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
}
