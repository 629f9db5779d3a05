import { PageModel } from './page-model.ts';

export class SettingsHub extends PageModel {
  readonly sections = this.page.getByRole('navigation', { name: 'Settings sections' });

  card(label: string) {
    return this.sections.getByRole('link', { name: label, exact: true });
  }

  async cardLabels(): Promise<string[]> {
    await this.sections.waitFor();
    return (await this.sections.getByRole('link').allTextContents()).map((text) => text.trim());
  }

  async currentCardLabel(): Promise<string> {
    return ((await this.sections.locator('a[aria-current="page"]').textContent()) ?? '').trim();
  }
}
