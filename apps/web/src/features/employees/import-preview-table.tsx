import { Badge, Checkbox, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { FieldChange, ImportReport } from '@salary/shared/excel/excel.contract';
import type { ImportTicks } from './import-step.ts';

/*
 * The dry run as a table, before Confirm: every changed row with its fields before → after,
 * every conflict (not applied unless ticked) and possible duplicate (not created unless
 * ticked). Unchanged rows are only counted.
 */

function Changes({ changes }: { changes: FieldChange[] }) {
  return (
    <Stack gap={2}>
      {changes.map((c) => (
        <Text key={c.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="sm">
            {c.label}:
          </Text>{' '}
          {c.beforeText || '(blank)'} → {c.afterText || '(blank)'}
        </Text>
      ))}
    </Stack>
  );
}

interface ImportPreviewTableProps {
  report: ImportReport;
  ticks: ImportTicks;
  onTicksChange(ticks: ImportTicks): void;
  disabled?: boolean;
}

const toggled = (list: number[], value: number, on: boolean) =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

export function ImportPreviewTable({ report, ticks, onTicksChange, disabled }: ImportPreviewTableProps) {
  const rows = [
    ...report.changes.map((c) => ({ kind: 'change' as const, row: c.row, item: c })),
    ...report.conflicts.map((c) => ({ kind: 'conflict' as const, row: c.row, item: c })),
    ...report.possibleDuplicates.map((d) => ({ kind: 'duplicate' as const, row: d.row, item: d })),
  ].sort((a, b) => a.row - b.row);
  if (!rows.length) return null;
  return (
    <ScrollArea.Autosize mah="50vh" type="auto">
      {/* Wide enough that names and changes stay readable; a phone scrolls it sideways. */}
      <Table striped verticalSpacing={6} fz="sm" stickyHeader miw={720} aria-label="Import preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>Row</Table.Th>
            <Table.Th w={64}>ID</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th w={150}>What happens</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th w={72}>Apply</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            if (r.kind === 'change')
              return (
                <Table.Tr key={`c${r.row}`} data-kind="change">
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td>{r.item.id}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.item.name}</Table.Td>
                  <Table.Td>
                    <Badge color="blue" variant="light">
                      Change
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Changes changes={r.item.changes} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">Yes</Text>
                  </Table.Td>
                </Table.Tr>
              );
            if (r.kind === 'conflict') {
              const id = r.item.id;
              return (
                <Table.Tr key={`x${r.row}`} data-kind="conflict">
                  <Table.Td>{r.row}</Table.Td>
                  <Table.Td>{id}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.item.name}</Table.Td>
                  <Table.Td>
                    <Badge color="orange" variant="light">
                      Conflict
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      <Text size="sm" c="orange.9">
                        {r.item.message}
                      </Text>
                      <Changes changes={r.item.changes} />
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Apply row ${r.row} anyway (ID ${id})`}
                      checked={ticks.overwrite.includes(id)}
                      disabled={disabled}
                      onChange={(e) =>
                        onTicksChange({
                          ...ticks,
                          overwrite: toggled(ticks.overwrite, id, e.currentTarget.checked),
                        })
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              );
            }
            return (
              <Table.Tr key={`d${r.row}`} data-kind="duplicate">
                <Table.Td>{r.row}</Table.Td>
                <Table.Td>—</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.item.name}</Table.Td>
                <Table.Td>
                  <Badge color="grape" variant="light">
                    Possible duplicate
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {r.item.job}: same name and job as ID {r.item.matches.join(', ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`Create row ${r.row} anyway`}
                    checked={ticks.createDuplicates.includes(r.row)}
                    disabled={disabled}
                    onChange={(e) =>
                      onTicksChange({
                        ...ticks,
                        createDuplicates: toggled(ticks.createDuplicates, r.row, e.currentTarget.checked),
                      })
                    }
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
