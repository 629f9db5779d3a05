import { expect } from 'vitest';
import { PageModel } from './page-model.ts';

export class LoginPage extends PageModel {
  readonly heading = this.page.getByRole('heading', { name: 'Sign in to your account' });
  readonly email = this.page.getByRole('textbox', { name: 'Email' });
  readonly password = this.page.getByLabel('Password', { exact: false }).first();
  readonly submit = this.page.locator('form button[type="submit"]');

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await this.heading.waitFor();
  }

  /**
   * After a 401 the app loads /login, and two calls answering 401 at once load it twice: the
   * first load is aborted by the second, which waitForURL reports as a failure. The address and
   * the heading are what the user sees, so those are what this waits for.
   */
  async waitUntilShown(): Promise<void> {
    await expect.poll(() => new URL(this.page.url()).pathname).toBe('/login');
    await this.heading.waitFor();
  }

  async fill(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.fill(email, password);
    await this.submit.click();
  }
}
