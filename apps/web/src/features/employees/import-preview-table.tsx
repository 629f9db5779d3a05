import { Badge, Checkbox, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { FieldChange, ImportChange, ImportReport } from '@salary/shared/excel/excel.contract';
import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/company-format.tsx';
import type { ImportTicks } from './import-step.ts';

/*
 * The dry run as a table, before Confirm: every new row (where it goes, the gross it starts
 * on), every changed row with its fields and its gross before → after, every conflict (not
 * applied unless ticked) and possible duplicate (not created unless ticked). Unchanged rows
 * are only counted. Gross only for those who may see salaries (the server leaves it out).
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

/** 'Gross salary: $4,000.00 → $4,400.00', when the preview carries it. */
function GrossChange({ change }: { change: ImportChange }) {
  if (change.grossAfter === undefined) return null;
  return (
    <Text size="sm" data-testid="gross-change" style={{ whiteSpace: 'nowrap' }}>
      <Text span fw={600} size="sm">
        Gross salary:
      </Text>{' '}
      {formatMoney(change.grossBefore ?? null)} → {formatMoney(change.grossAfter)}
    </Text>
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

const KINDS = {
  create: { color: 'teal', label: 'New' },
  change: { color: 'blue', label: 'Change' },
  conflict: { color: 'orange', label: 'Conflict' },
  duplicate: { color: 'grape', label: 'Possible duplicate' },
} as const;

/** One row of the preview: where it is in the file, who, what happens and whether it applies. */
function PreviewRow(props: {
  kind: keyof typeof KINDS;
  row: number;
  id: ReactNode;
  name: string;
  details: ReactNode;
  apply: ReactNode;
}) {
  const { color, label } = KINDS[props.kind];
  return (
    <Table.Tr data-kind={props.kind}>
      <Table.Td>{props.row}</Table.Td>
      <Table.Td>{props.id}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{props.name}</Table.Td>
      <Table.Td>
        <Badge color={color} variant="light">
          {label}
        </Badge>
      </Table.Td>
      <Table.Td>{props.details}</Table.Td>
      <Table.Td>{props.apply}</Table.Td>
    </Table.Tr>
  );
}

export function ImportPreviewTable({ report, ticks, onTicksChange, disabled }: ImportPreviewTableProps) {
  const rows = [
    ...report.creations.map((c) => ({ kind: 'create' as const, row: c.row, item: c })),
    ...report.changes.map((c) => ({ kind: 'change' as const, row: c.row, item: c })),
    ...report.conflicts.map((c) => ({ kind: 'conflict' as const, row: c.row, item: c })),
    ...report.possibleDuplicates.map((d) => ({ kind: 'duplicate' as const, row: d.row, item: d })),
  ].sort((a, b) => a.row - b.row);
  if (!rows.length) return null;
  const tick = (list: keyof ImportTicks, value: number, on: boolean) =>
    onTicksChange({ ...ticks, [list]: toggled(ticks[list], value, on) });
  return (
    <ScrollArea.Autosize
      mah="50vh"
      type="auto"
      // A keyboard can focus it to scroll it (sideways on a phone, down when it is long).
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Import preview rows' }}
    >
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
            const key = `${r.kind}:${r.row}`;
            if (r.kind === 'create')
              return (
                <PreviewRow
                  key={key}
                  kind="create"
                  row={r.row}
                  id="—"
                  name={r.item.name}
                  details={
                    <Stack gap={2}>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {r.item.job} / {r.item.position} · {r.item.grade} / {r.item.level}
                      </Text>
                      {r.item.grossSalary !== undefined ? (
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          <Text span fw={600} size="sm">
                            Gross salary:
                          </Text>{' '}
                          {formatMoney(r.item.grossSalary)}
                        </Text>
                      ) : null}
                    </Stack>
                  }
                  apply={<Text size="sm">Yes</Text>}
                />
              );
            if (r.kind === 'change')
              return (
                <PreviewRow
                  key={key}
                  kind="change"
                  row={r.row}
                  id={r.item.id}
                  name={r.item.name}
                  details={
                    <Stack gap={2}>
                      <Changes changes={r.item.changes} />
                      <GrossChange change={r.item} />
                    </Stack>
                  }
                  apply={<Text size="sm">Yes</Text>}
                />
              );
            if (r.kind === 'conflict') {
              const id = r.item.id;
              return (
                <PreviewRow
                  key={key}
                  kind="conflict"
                  row={r.row}
                  id={id}
                  name={r.item.name}
                  details={
                    <Stack gap={4}>
                      <Text size="sm" c="orange.9">
                        {r.item.message}
                      </Text>
                      <Changes changes={r.item.changes} />
                      <GrossChange change={r.item} />
                    </Stack>
                  }
                  apply={
                    <Checkbox
                      aria-label={`Apply row ${r.row} anyway (ID ${id})`}
                      checked={ticks.overwrite.includes(id)}
                      disabled={disabled}
                      onChange={(e) => tick('overwrite', id, e.currentTarget.checked)}
                    />
                  }
                />
              );
            }
            return (
              <PreviewRow
                key={key}
                kind="duplicate"
                row={r.row}
                id="—"
                name={r.item.name}
                details={
                  <Text size="sm">
                    {r.item.job}: same name and job as ID {r.item.matches.join(', ')}
                  </Text>
                }
                apply={
                  <Checkbox
                    aria-label={`Create row ${r.row} anyway`}
                    checked={ticks.createDuplicates.includes(r.row)}
                    disabled={disabled}
                    onChange={(e) => tick('createDuplicates', r.row, e.currentTarget.checked)}
                  />
                }
              />
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
