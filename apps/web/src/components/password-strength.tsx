import { Progress, Stack, Text } from '@mantine/core';
import {
  checkPassword,
  type PasswordOwner,
  type PasswordVerdict,
  quickPasswordProblem,
} from '@salary/shared/auth/password-rules';
import { useEffect, useState } from 'react';

const LABELS = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const COLORS = ['red.8', 'red.8', 'orange.9', 'teal.8', 'teal.8'] as const;

/**
 * A strength meter with the same reason the server would give, as you type. The estimator
 * (zxcvbn-ts and its dictionaries) loads the first time a password is typed, never before;
 * until it is there the checks that need no dictionary answer.
 */
export function PasswordStrength({ password, owner }: { password: string; owner: PasswordOwner }) {
  const [verdict, setVerdict] = useState<(PasswordVerdict & { for: string }) | null>(null);
  const { email, name } = owner;

  useEffect(() => {
    if (!password) return;
    let current = true;
    checkPassword(password, { email, name }).then(
      (result) => {
        if (current) setVerdict({ ...result, for: password });
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [password, email, name]);

  if (!password) return null;
  const fresh = verdict?.for === password ? verdict : null;
  const problem = fresh ? fresh.problem : quickPasswordProblem(password, { email, name });
  const score = fresh?.score ?? (problem ? 1 : 2);
  const color = problem ? COLORS[Math.min(score, 2)] : COLORS[score];
  return (
    <Stack gap={4} data-testid="password-strength">
      <Progress
        value={(score + 1) * 20}
        color={color}
        size="sm"
        aria-label="Password strength"
        aria-valuetext={LABELS[score]}
      />
      <Text size="sm" c={color} aria-live="polite">
        {`Strength: ${LABELS[score]}`}
        {problem ? ` — ${problem}` : fresh ? ' — meets the password rules' : ''}
      </Text>
    </Stack>
  );
}
