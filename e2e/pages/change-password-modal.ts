import type { Page } from 'playwright-core';

export class ChangePasswordModal {
  constructor(readonly page: Page) {}

  get dialog() {
    return this.page.getByRole('dialog', { name: 'Change Password' });
  }
  get openButton() {
    return this.page.getByRole('main').getByRole('button', { name: 'Change Password' });
  }

  /** Labels carry a required marker ("New Password *"), and "New Password" is inside "Confirm New …". */
  field(label: 'Current Password' | 'New Password' | 'Confirm New Password') {
    return this.dialog.getByLabel(new RegExp(`^${label}`));
  }

  async open(): Promise<void> {
    await this.openButton.click();
    await this.dialog.waitFor();
  }

  get submitButton() {
    return this.dialog.getByRole('button', { name: 'Change Password' });
  }

  async fill(values: { current: string; next: string; confirm?: string }): Promise<void> {
    await this.field('Current Password').fill(values.current);
    await this.field('New Password').fill(values.next);
    await this.field('Confirm New Password').fill(values.confirm ?? values.next);
  }

  async submit(values: { current: string; next: string; confirm?: string }): Promise<void> {
    await this.fill(values);
    await this.submitButton.click();
  }

  async waitUntilClosed(): Promise<void> {
    await this.dialog.waitFor({ state: 'hidden' });
  }
}
