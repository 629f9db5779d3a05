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

/** A detail line led by its label in bold: 'Grade: Senior → Lead'; `nowrap` for money. */
function Labelled({
  label,
  nowrap,
  testId,
  children,
}: {
  label: string;
  nowrap?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Text
      size="sm"
      data-testid={testId}
      style={nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
    >
      <Text span fw={600} size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

function Changes({ changes }: { changes: FieldChange[] }) {
  return (
    <Stack gap={2}>
      {changes.map((c) => (
        <Labelled key={c.field} label={c.label}>
          {c.beforeText || '(blank)'} → {c.afterText || '(blank)'}
        </Labelled>
      ))}
    </Stack>
  );
}

/** 'Gross salary: $4,000.00 → $4,400.00', when the preview carries it. */
function GrossChange({ change }: { change: ImportChange }) {
  if (change.grossAfter === undefined) return null;
  return (
    <Labelled label="Gross salary" nowrap testId="gross-change">
      {formatMoney(change.grossBefore ?? null)} → {formatMoney(change.grossAfter)}
    </Labelled>
  );
}

/** A changed row's fields and gross; a conflict's reason above them. */
function ChangeDetails({ change, conflict }: { change: ImportChange; conflict?: string }) {
  return (
    <Stack gap={conflict === undefined ? 2 : 4}>
      {conflict === undefined ? null : (
        <Text size="sm" c="orange.9">
          {conflict}
        </Text>
      )}
      <Changes changes={change.changes} />
      <GrossChange change={change} />
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
  // A conflict applies and a possible duplicate is created only when ticked.
  const tickBox = (list: keyof ImportTicks, value: number, label: string) => (
    <Checkbox
      aria-label={label}
      checked={ticks[list].includes(value)}
      disabled={disabled}
      onChange={(e) =>
        onTicksChange({ ...ticks, [list]: toggled(ticks[list], value, e.currentTarget.checked) })
      }
    />
  );
  const yes = <Text size="sm">Yes</Text>;
  /** The ID, Details and Apply cells of a row, by what happens to it. */
  const cells = (r: (typeof rows)[number]): { id: ReactNode; details: ReactNode; apply: ReactNode } => {
    switch (r.kind) {
      case 'create':
        return {
          id: '—',
          details: (
            <Stack gap={2}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {r.item.job} / {r.item.position} · {r.item.grade} / {r.item.level}
              </Text>
              {r.item.grossSalary !== undefined ? (
                <Labelled label="Gross salary" nowrap>
                  {formatMoney(r.item.grossSalary)}
                </Labelled>
              ) : null}
            </Stack>
          ),
          apply: yes,
        };
      case 'change':
        return { id: r.item.id, details: <ChangeDetails change={r.item} />, apply: yes };
      case 'conflict':
        return {
          id: r.item.id,
          details: <ChangeDetails change={r.item} conflict={r.item.message} />,
          apply: tickBox('overwrite', r.item.id, `Apply row ${r.row} anyway (ID ${r.item.id})`),
        };
      default:
        return {
          id: '—',
          details: (
            <Text size="sm">
              {r.item.job}: same name and job as ID {r.item.matches.join(', ')}
            </Text>
          ),
          apply: tickBox('createDuplicates', r.row, `Create row ${r.row} anyway`),
        };
    }
  };
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
            const { id, details, apply } = cells(r);
            return (
              <PreviewRow
                key={`${r.kind}:${r.row}`}
                kind={r.kind}
                row={r.row}
                id={id}
                name={r.item.name}
                details={details}
                apply={apply}
              />
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
