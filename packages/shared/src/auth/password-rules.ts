/*
 * The password rule (OWASP ASVS 2.1, NIST 800-63B), shared by the server, which enforces it,
 * and the web forms, which show the same reason as you type. The strength estimator and its
 * dictionaries (zxcvbn-ts, ~1 MB) load only when a password is first checked, so nothing
 * that merely imports this module pays for them.
 */

export const PASSWORD_MIN_LENGTH = 12;

export const PASSWORD_REASONS = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  trivial: 'Password cannot be only spaces or one repeated character',
  containsEmail: 'Password cannot contain your email address',
  containsName: 'Password cannot contain your name',
  common: 'This password is too common',
  guessable: 'This password is too easy to guess',
} as const;

/** 0 (very weak) … 4 (strong), as zxcvbn scores; 3 is the least the rule accepts. */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;
export const PASSWORD_MIN_SCORE = 3;

export interface PasswordOwner {
  email?: string;
  name?: string;
}

export interface PasswordVerdict {
  score: PasswordScore;
  /** Why the password is refused, or null when it meets the rule. */
  problem: string | null;
}

/** Parts of the owner's identity a password must not contain (short ones would refuse too much). */
function identityParts(owner: PasswordOwner): Array<{ part: string; reason: string }> {
  const parts: Array<{ part: string; reason: string }> = [];
  const local = owner.email?.split('@')[0]?.trim().toLowerCase();
  if (local && local.length >= 3) parts.push({ part: local, reason: PASSWORD_REASONS.containsEmail });
  // maria+hr@… is still maria.
  const untagged = local?.split('+')[0];
  if (untagged && untagged !== local && untagged.length >= 3)
    parts.push({ part: untagged, reason: PASSWORD_REASONS.containsEmail });
  const name = owner.name?.trim().toLowerCase();
  if (name && name.length >= 3) {
    parts.push({ part: name, reason: PASSWORD_REASONS.containsName });
    for (const word of name.split(/\s+/))
      if (word.length >= 3 && /\p{L}/u.test(word))
        parts.push({ part: word, reason: PASSWORD_REASONS.containsName });
  }
  return parts;
}

/** The checks that need no dictionary: length, triviality, the owner's own identity. */
export function quickPasswordProblem(password: string, owner: PasswordOwner = {}): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_REASONS.tooShort;
  if (/^\s*$/.test(password) || new Set(password).size === 1) return PASSWORD_REASONS.trivial;
  const lower = password.toLowerCase();
  for (const { part, reason } of identityParts(owner)) if (lower.includes(part)) return reason;
  return null;
}

/** The whole rule: the quick checks, then the common-password list and the strength score. */
export async function checkPassword(password: string, owner: PasswordOwner = {}): Promise<PasswordVerdict> {
  const { estimate } = await import('./password-strength.ts');
  const { score, common } = estimate(
    password,
    identityParts(owner).map((p) => p.part),
  );
  const quick = quickPasswordProblem(password, owner);
  if (quick) return { score: Math.min(score, 2) as PasswordScore, problem: quick };
  if (common) return { score: Math.min(score, 1) as PasswordScore, problem: PASSWORD_REASONS.common };
  if (score < PASSWORD_MIN_SCORE) return { score, problem: PASSWORD_REASONS.guessable };
  return { score, problem: null };
}
