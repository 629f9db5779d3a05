import { PERMISSION_LABELS, type PermissionKey } from '@salary/shared/common/permissions';
import { PageModel } from './page-model.ts';

/** Settings → User Management, on a desktop viewport (table rows). */
export class UsersPage extends PageModel {
  readonly form = this.page.getByRole('form');
  readonly list = this.page.locator('table');
  readonly confirmDialog = this.page.getByRole('alertdialog', { name: 'Delete user' });

  async goto(): Promise<void> {
    await this.page.goto('/settings/users');
    await this.page.getByRole('heading', { name: 'Users' }).waitFor();
  }

  async waitForList(): Promise<void> {
    await this.list.waitFor();
  }

  row(email: string) {
    return this.page.locator(`tr[data-user-email="${email}"]`);
  }

  field(label: 'Email' | 'Password' | 'Name') {
    return this.form.getByLabel(label, { exact: false }).first();
  }

  permission(key: PermissionKey) {
    return this.form.getByRole('checkbox', { name: PERMISSION_LABELS[key] });
  }

  async setPermissions(granted: PermissionKey[], all: readonly PermissionKey[]): Promise<void> {
    for (const key of all) await this.permission(key).setChecked(granted.includes(key));
  }

  async create(values: { email: string; password: string; name: string; permissions: PermissionKey[] }) {
    await this.field('Email').fill(values.email);
    await this.field('Password').fill(values.password);
    await this.field('Name').fill(values.name);
    for (const key of values.permissions) await this.permission(key).check();
    await this.form.getByRole('button', { name: 'Create User' }).click();
  }

  async startEdit(email: string): Promise<void> {
    await this.row(email).getByRole('button', { name: 'Edit' }).click();
    await this.form.getByRole('button', { name: 'Update User' }).waitFor();
  }

  async saveEdit(): Promise<void> {
    await this.form.getByRole('button', { name: 'Update User' }).click();
  }

  async askDelete(email: string): Promise<void> {
    await this.row(email).getByRole('button', { name: 'Delete' }).click();
    await this.confirmDialog.waitFor();
  }

  async permissionWords(email: string): Promise<string> {
    return ((await this.row(email).locator('td').nth(3).textContent()) ?? '').trim();
  }
}
