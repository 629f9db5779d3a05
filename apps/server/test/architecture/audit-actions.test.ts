import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTION_WORDS } from '@salary/shared/audit/audit.contract';
import { describe, expect, it } from 'vitest';

/*
 * Every action the server records has its words in the Audit Log's Action column: a new kind of
 * entry without them would show its internal key ("send-back") to the user. Read from the
 * server's sources: each `action: '…'` of an entry, and each step a raise cycle records by name.
 */

const SRC = path.resolve(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? sources(path.join(dir, d.name))
      : d.name.endsWith('.ts')
        ? [path.join(dir, d.name)]
        : [],
  );
}

describe('the audit actions', () => {
  it('each has words for the Audit Log', () => {
    const actions = new Set<string>();
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\baction: (?:[\w.]+ \? )?'([\w-]+)'(?: : '([\w-]+)')?/g)) {
        actions.add(m[1]!);
        if (m[2]) actions.add(m[2]);
      }
      for (const m of text.matchAll(/\btransition\(\s*uow,\s*actor,\s*cycle,\s*'([\w-]+)'/g))
        actions.add(m[1]!);
    }
    // The import plan's own verbs ("changed", in a conflict's text) are not entries.
    actions.delete('changed');
    // Found what is known to be recorded, so the patterns still match the code.
    expect([...actions]).toEqual(
      expect.arrayContaining(['create', 'apply', 'submit', 'send-back', 'answer']),
    );
    expect([...actions].filter((a) => !(a in AUDIT_ACTION_WORDS))).toEqual([]);
  });
});
