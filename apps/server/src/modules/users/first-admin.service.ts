import { randomBytes } from 'node:crypto';
import { NO_PERMISSIONS } from '@salary/shared/common/permissions';
import { hashPassword } from '../../lib/passwords.ts';
import type { UsersRepository } from './users.repository.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * With no users at all, creates the first administrator: from ADMIN_EMAIL/ADMIN_PASSWORD,
 * or admin@example.com with a random password that is printed once (never logged again).
 */
export async function ensureFirstAdmin(
  users: UsersRepository,
  opts: { email?: string; password?: string; print: (line: string) => void },
): Promise<{ created: boolean; email?: string }> {
  if ((await users.count()) > 0) return { created: false };
  const email = (opts.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const generated = opts.password === undefined;
  const password = opts.password ?? randomBytes(18).toString('base64url');
  await users.insert({
    email,
    name: 'Administrator',
    passwordHash: await hashPassword(password),
    isAdmin: true,
    permissions: NO_PERMISSIONS,
  });
  if (generated) {
    opts.print(
      `\n  First administrator created.\n    email:    ${email}\n    password: ${password}\n  (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)\n`,
    );
  } else {
    opts.print(`First administrator created: ${email} (password from ADMIN_PASSWORD)`);
  }
  return { created: true, email };
}
