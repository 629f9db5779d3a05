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

  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === '/login');
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
