import { List, Paper, Text, Title } from '@mantine/core';
import { formatDay } from '../../lib/company-format.tsx';
import { changeWords } from '../../lib/dated/change-words.ts';
import { useScheduledChanges } from '../../lib/dated/scheduled-changes.ts';
import { useChangeNames } from '../../lib/dated/use-change-names.ts';

/** The employee page's waiting changes, one line each: "From Jan 1, 2027: Grade Senior → Lead". */
export function EmployeeScheduledChanges({ employeeId }: { employeeId: number }) {
  const scheduled = useScheduledChanges();
  const mine = (scheduled.data ?? []).filter((c) => c.employeeId === employeeId);
  const names = useChangeNames(mine.flatMap((c) => c.changes));
  if (!mine.length) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      mb="lg"
      component="section"
      aria-labelledby="scheduled-changes-title"
      bg="blue.0"
    >
      <Title order={2} size="h4" id="scheduled-changes-title" mb="xs">
        Scheduled changes
      </Title>
      <List size="sm" spacing={4}>
        {mine.map((c) => (
          <List.Item key={c.id} style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="sm">
              From {formatDay(c.effectiveFrom)}:
            </Text>{' '}
            {changeWords(c.changes, names)}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
