import { PageModel } from './page-model.ts';

export class ChangePasswordModal extends PageModel {
  readonly dialog = this.page.getByRole('dialog', { name: 'Change Password' });
  readonly openButton = this.page.getByRole('main').getByRole('button', { name: 'Change Password' });
  readonly submitButton = this.dialog.getByRole('button', { name: 'Change Password' });

  /** Labels carry a required marker ("New Password *"), and "New Password" is inside "Confirm New …". */
  field(label: 'Current Password' | 'New Password' | 'Confirm New Password') {
    return this.dialog.getByLabel(new RegExp(`^${label}`));
  }

  async open(): Promise<void> {
    await this.openButton.click();
    await this.dialog.waitFor();
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
