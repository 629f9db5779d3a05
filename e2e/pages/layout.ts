import { PageModel } from './page-model.ts';

/** The shared layout: sidebar (a burger menu on phones), current user, Logout. */
export class Layout extends PageModel {
  readonly nav = this.page.getByRole('navigation', { name: 'Main navigation' });
  readonly currentUser = this.page.getByTestId('current-user');
  readonly logoutButton = this.page.getByRole('button', { name: 'Logout' });
  readonly burger = this.page.getByRole('button', { name: 'Open navigation' });

  navLink(label: 'Employees' | 'Salary Calculator' | 'Settings') {
    return this.nav.getByRole('link', { name: label, exact: true });
  }

  /** Labels of the sidebar entries, in order. */
  async navLabels(): Promise<string[]> {
    return (await this.nav.getByRole('link').allTextContents()).map((text) => text.trim());
  }

  async activeNavLabel(): Promise<string | null> {
    const active = this.nav.locator('a[aria-current="page"]');
    return (await active.count()) === 0 ? null : ((await active.textContent()) ?? '').trim();
  }

  /** On phones the collapsed sidebar is slid off-screen (translated), not hidden. */
  async sidebarOnScreen(): Promise<boolean> {
    const box = await this.nav.boundingBox();
    return box !== null && box.x + box.width > 0;
  }

  async waitUntilShown(): Promise<void> {
    await this.page.getByRole('heading', { level: 1 }).first().waitFor();
  }

  async logout(): Promise<void> {
    await this.logoutButton.click();
  }
}
