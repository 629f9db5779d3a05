import { Text } from '@mantine/core';
import type { AdjustmentType } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { formatDay } from '../lib/company-format.tsx';
import { ruleValueFrom } from '../lib/dated/rule-change-words.ts';
import { useScheduledRuleChanges } from '../lib/dated/scheduled-changes.ts';

interface ScheduledRuleNoteProps {
  kind: 'baseSalary' | 'adjustmentFactor';
  /** The rule as the scheduled changes name it: 'Senior / L2' (grade / level), 'Backend / Lead' (job / position). */
  subject: string;
  /** A factor's type today, for a change of its value alone. */
  factorType?: AdjustmentType;
}

/**
 * Under a rule's value: each change waiting for its day, "from Jan 1, 2027: 5,150.00" (or
 * "removed"). Nothing when none waits. Inline (spans), so it fits a table cell or a card's figure.
 */
export function ScheduledRuleNote({ kind, subject, factorType }: ScheduledRuleNoteProps) {
  const waiting = useScheduledRuleChanges(kind).get(subject) ?? [];
  return waiting.map((change) => (
    <Text
      key={change.id}
      component="span"
      size="xs"
      c="dimmed"
      fw={400}
      display="block"
      data-testid="scheduled-note"
    >
      from {formatDay(change.effectiveFrom)}: {ruleValueFrom(kind, change.changes, { factorType })}
    </Text>
  ));
}
