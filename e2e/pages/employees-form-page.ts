import type { Locator } from 'playwright-core';
import { PageModel } from './page-model.ts';
import { chooseOption } from './select.ts';
import { waitForToast } from './toasts.ts';

type SelectLabel = 'Job' | 'Position' | 'Grade' | 'Level';
type NumberLabel = 'Years of Experience' | 'Years with Company';

/** /employees/new and /employees/edit/:id. */
export class EmployeeFormPage extends PageModel {
  readonly form = this.page.getByRole('form', { name: /^(Add|Edit) employee$/ });
  readonly submit = this.form.locator('button[type="submit"]');

  /** Labels carry a required marker ('Job *'), so match the start. */
  field(label: 'Name' | NumberLabel): Locator {
    return this.form.getByRole('textbox', { name: new RegExp(`^${label}`) });
  }

  /** Mantine selects are comboboxes. */
  select(label: SelectLabel): Locator {
    return this.form.getByRole('combobox', { name: new RegExp(`^${label}`) });
  }

  checkbox(label: string | RegExp): Locator {
    return this.form.getByRole('checkbox', { name: label });
  }

  async waitUntilShown(): Promise<void> {
    await this.submit.waitFor();
  }

  /** Submits a valid form: `toast`, and the app goes back to the list. */
  async saveAndReturn(toast: string): Promise<void> {
    await this.submit.click();
    await waitForToast(this.page, toast);
    await this.page.waitForURL('**/dashboard');
  }

  async choose(label: SelectLabel, option: string): Promise<void> {
    await chooseOption(this.select(label), option);
  }

  /** The form's message under a field, e.g. 'Name is required'. */
  error(text: string): Locator {
    return this.form.getByText(text, { exact: true });
  }
}
