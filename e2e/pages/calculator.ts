import type { Page } from 'playwright-core';

/** /calculator: the form and the Calculation Details panel. */
export class CalculatorPage {
  constructor(readonly page: Page) {}

  get form() {
    return this.page.getByRole('form', { name: 'Salary calculator' });
  }
  get details() {
    return this.page.getByRole('region', { name: 'Calculation Details' });
  }
  get calculateButton() {
    return this.form.getByRole('button', { name: 'Calculate' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/calculator');
    await this.form.waitFor();
  }

  select(label: 'Job' | 'Position' | 'Grade' | 'Level') {
    return this.form.getByRole('combobox', { name: label, exact: true });
  }

  async choose(label: 'Job' | 'Position' | 'Grade' | 'Level', option: string): Promise<void> {
    await this.select(label).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
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
    return this.details
      .locator('[data-row]')
      .evaluateAll((rows) =>
        Object.fromEntries(
          rows.map((row) => [
            row.getAttribute('data-row') ?? '',
            row.querySelector('[data-value]')?.textContent?.trim() ?? '',
          ]),
        ),
      );
  }

  /** The headline figures above the breakdown: stat id → shown text. */
  async stats(): Promise<Record<string, string>> {
    return this.details
      .locator('[data-stat]')
      .evaluateAll((stats) =>
        Object.fromEntries(
          stats.map((stat) => [
            stat.getAttribute('data-stat') ?? '',
            stat.querySelector('[data-value]')?.textContent?.trim() ?? '',
          ]),
        ),
      );
  }
}
