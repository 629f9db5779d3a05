import { type ProfileLabel, type ProfileNames, profileChoices } from '../support/seed-employees.ts';
import { PageModel } from './page-model.ts';
import { chooseOption } from './select.ts';

/** /calculator: the form and the Calculation Details panel. */
export class CalculatorPage extends PageModel {
  readonly form = this.page.getByRole('form', { name: 'Salary calculator' });
  readonly details = this.page.getByRole('region', { name: 'Calculation Details' });
  readonly calculateButton = this.form.getByRole('button', { name: 'Calculate' });

  async goto(): Promise<void> {
    await this.page.goto('/calculator');
    await this.form.waitFor();
  }

  select(label: ProfileLabel) {
    return this.form.getByRole('combobox', { name: label, exact: true });
  }

  async choose(label: ProfileLabel, option: string): Promise<void> {
    await chooseOption(this.select(label), option);
  }

  /** Picks the job, position, grade and level named. */
  async chooseProfile(names: ProfileNames): Promise<void> {
    for (const [label, option] of profileChoices(names)) await this.choose(label, option);
  }

  years(label: 'Years of Experience' | 'Years with Company') {
    return this.form.getByRole('textbox', { name: label });
  }

  checkbox(label: string) {
    return this.form.getByRole('checkbox', { name: label, exact: true });
  }

  /**
   * Where the form and the panel sit on the page (not the viewport), measured in one go: the
   * page may be scrolling the panel into view meanwhile.
   */
  async layout(): Promise<
    Record<'form' | 'panel', { top: number; bottom: number; left: number; right: number }>
  > {
    return this.page.evaluate(() => {
      const box = (selector: string) => {
        const el = document.querySelector(selector);
        if (!el) throw new Error(`${selector} is not on the page`);
        const r = el.getBoundingClientRect();
        return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right };
      };
      return {
        form: box('form[aria-label="Salary calculator"]'),
        panel: box('section[aria-label="Calculation Details"]'),
      };
    });
  }

  /** Every figure of the panel's breakdown: row id → shown text. */
  async figures(): Promise<Record<string, string>> {
    await this.details.waitFor();
    return this.shownValues('data-row');
  }

  /** The headline figures above the breakdown: stat id → shown text. */
  async stats(): Promise<Record<string, string>> {
    return this.shownValues('data-stat');
  }

  /** The panel's items carrying `attribute`: its value → the text of the item's [data-value]. */
  private shownValues(attribute: 'data-row' | 'data-stat'): Promise<Record<string, string>> {
    return this.details
      .locator(`[${attribute}]`)
      .evaluateAll(
        (items, name) =>
          Object.fromEntries(
            items.map((item) => [
              item.getAttribute(name) ?? '',
              item.querySelector('[data-value]')?.textContent?.trim() ?? '',
            ]),
          ),
        attribute,
      );
  }
}
