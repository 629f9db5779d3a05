import { PageModel } from './page-model.ts';
import { chooseOption } from './select.ts';

type BaseKey =
  | 'experienceMultiplier'
  | 'loyaltyMultiplier'
  | 'offshoreMultiplier'
  | 'actingAsMultiplier'
  | 'pillarMultiplier'
  | 'remoteMultiplier';

/** Settings → Salary Multipliers. */
export class MultipliersPage extends PageModel {
  readonly modal = this.page.getByRole('dialog');

  button(name: 'Save All Changes' | 'Add Custom Multiplier') {
    return this.page.getByRole('button', { name });
  }

  region(name: 'Base Multipliers' | 'Custom Multipliers' | 'How Multipliers Work') {
    return this.page.getByRole('region', { name });
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings/multipliers');
    await this.region('Base Multipliers').waitFor();
  }

  /** The fieldset of one base multiplier, named by its legend (Experience, Loyalty…). */
  base(key: BaseKey) {
    return this.page.locator(`fieldset[data-multiplier="${key}"]`);
  }
  value(key: BaseKey) {
    return this.base(key).getByRole('textbox', { name: 'Value' });
  }
  type(key: BaseKey) {
    return this.base(key).getByRole('combobox', { name: 'Type' });
  }

  async chooseType(key: BaseKey, label: 'Percentage' | 'Fixed Amount'): Promise<void> {
    await chooseOption(this.type(key), label);
  }

  custom(title: string) {
    return this.region('Custom Multipliers').locator(`li[data-custom-multiplier="${title}"]`);
  }

  async customTitles(): Promise<string[]> {
    return this.region('Custom Multipliers')
      .locator('li[data-custom-multiplier]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-custom-multiplier') ?? ''));
  }

  /** Fills the open Add/Edit Custom Multiplier modal and submits it. */
  async fillModal(values: { title: string; value: string; type?: 'Percentage' | 'Fixed Amount' }) {
    await this.modal.getByRole('textbox', { name: 'Title' }).fill(values.title);
    if (values.type) {
      await chooseOption(this.modal.getByRole('combobox', { name: 'Multiplier Type' }), values.type);
    }
    await this.modal.getByRole('textbox', { name: 'Multiplier Value' }).fill(values.value);
    await this.modal.getByRole('button', { name: /^(Add|Update) Multiplier$/ }).click();
  }
}
