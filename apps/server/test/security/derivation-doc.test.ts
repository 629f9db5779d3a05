import { readFileSync } from 'node:fs';
import {
  PAY_DERIVATION_TABLE,
  PERMISSION_KEYS,
  PERMISSION_REVEALS,
  type Permissions,
  payDerivation,
} from '@salary/shared/common/permissions';
import { describe, expect, it } from 'vitest';

const doc = readFileSync(new URL('../../../../docs/security.md', import.meta.url), 'utf8');

function docRows(): string[] {
  const start = doc.indexOf('## What each permission set can derive');
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| who') && !line.startsWith('| ---'));
}

describe('docs/security.md: what each permission set can derive', () => {
  it('shows exactly the exported table', () => {
    expect(docRows()).toEqual(
      PAY_DERIVATION_TABLE.map((row) => `| ${row.who} | ${row.derives} | ${row.how} |`),
    );
  });

  it('every permission set falls under one row, and each row is reached', () => {
    const seen = new Set<string>();
    for (let mask = 0; mask < 2 ** PERMISSION_KEYS.length; mask++) {
      const permissions = Object.fromEntries(
        PERMISSION_KEYS.map((key, i) => [key, (mask & (1 << i)) !== 0]),
      ) as Permissions;
      const outcome = payDerivation({ isAdmin: false, permissions });
      const rules = permissions.showSalary || permissions.showSettings || permissions.manageSettings;
      expect(outcome).toBe(rules ? 'exact pay' : permissions.showCost ? 'order by pay' : 'nothing');
      seen.add(outcome);
    }
    expect(payDerivation({ isAdmin: true, permissions: { ...PERMISSIONS_NONE } })).toBe('exact pay');
    expect([...seen].sort()).toEqual(PAY_DERIVATION_TABLE.map((row) => row.derives).sort());
  });

  it("User Management's note beside each permission says what it alone derives, in the table's terms", () => {
    for (const key of PERMISSION_KEYS) {
      const alone = payDerivation({ isAdmin: false, permissions: { ...PERMISSIONS_NONE, [key]: true } });
      const note = PERMISSION_REVEALS[key];
      // Show Calculated Salary shows pay outright: its label says it.
      if (key === 'showSalary') expect(note, key).toBeUndefined();
      else if (alone === 'exact pay') expect(note, key).toMatch(/work out every employee's pay/);
      else if (alone === 'order by pay') expect(note, key).toMatch(/rank every employee by pay/);
      else expect(note, key).toBeUndefined();
    }
  });
});

const PERMISSIONS_NONE: Permissions = Object.fromEntries(
  PERMISSION_KEYS.map((key) => [key, false]),
) as Permissions;
