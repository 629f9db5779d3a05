import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as enDictionary, translations } from '@zxcvbn-ts/language-en';
import type { PasswordScore } from './password-rules.ts';

/*
 * zxcvbn-ts with its maintained dictionaries: the common-password lists (language-common) and
 * English words and names (language-en). Loaded on demand through `checkPassword`.
 */
let factory: ZxcvbnFactory | undefined;

export function estimate(password: string, userInputs: string[]): { score: PasswordScore; common: boolean } {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...enDictionary },
    graphs: adjacencyGraphs,
    translations,
  });
  const result = factory.check(password, userInputs);
  // Common: one entry of a common-password list (as typed, reversed or in l33t) is the whole password.
  const common = result.sequence.some(
    (m) =>
      m.pattern === 'dictionary' &&
      'dictionaryName' in m &&
      String(m.dictionaryName).startsWith('passwords') &&
      m.i === 0 &&
      m.j === password.length - 1,
  );
  return { score: result.score as PasswordScore, common };
}
