import { hash, verify } from '@node-rs/argon2';
import { checkPassword } from '@salary/shared/auth/password-rules';
import { badRequest } from './app-error.ts';

// @node-rs/argon2 hashes with argon2id by default (its const enum cannot be imported here).
const OPTIONS = {} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the email is unknown, so both failures take as long. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-just-for-timing');
  return dummyHash;
}

/** Refuses a new password that breaks the rule, naming why, on the form's field. */
export async function requireGoodPassword(
  password: string,
  owner: { email: string; name: string },
  field: string,
): Promise<void> {
  const { problem } = await checkPassword(password, owner);
  if (problem) throw badRequest(problem, [{ field, message: problem }]);
}
