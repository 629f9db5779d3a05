import {
  Button,
  Group,
  Modal,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BackPay, Impact, ImpactGroup } from '@salary/shared/impact/impact.contract';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCount, formatDay, formatMoney } from '../../lib/company-format.tsx';
import { affectedGroups, impactSummary, signedMoney, signedPercent } from './impact-summary.ts';

interface ImpactPreviewDialogProps {
  /** The preview to show; null keeps the dialog closed. */
  impact: Impact | null;
  /** Before a save: Cancel and Confirm. Otherwise (Preview impact) only Close. */
  asking: boolean;
  /** The caller's line under the summary: which day the figures are for. */
  note?: string | undefined;
  onConfirm(): void;
  /** Cancel, Close, Escape. */
  onCancel(): void;
  onDownload(): void;
  downloading: boolean;
}

const beforeAfter = (before: number | null | undefined, after: number | null | undefined) =>
  `${formatMoney(before)} → ${formatMoney(after)}`;

interface PreviewColumn<T> {
  header: string;
  cell(row: T): ReactNode;
  /** Money and counts: right-aligned. */
  numeric?: boolean;
  /** Before → after stays on one line. */
  nowrap?: boolean;
}

/** A titled, sideways-scrolling table of the preview; salary and cost columns only for those who may see them. */
function PreviewTable<T extends { id: number | string }>({
  title,
  rows,
  columns,
  miw,
  mah,
}: {
  title: string;
  rows: T[];
  columns: (PreviewColumn<T> | false)[];
  miw: number;
  mah?: number;
}) {
  const shown = columns.filter((column) => column !== false);
  const align = (column: PreviewColumn<T>) => (column.numeric ? ('right' as const) : undefined);
  return (
    <>
      <Title order={3} size="h5">
        {title}
      </Title>
      <ScrollArea
        type="auto"
        mah={mah}
        // A keyboard can focus it to scroll it (sideways on a phone).
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': `${title} rows` }}
      >
        <Table striped withTableBorder fz="sm" miw={miw} aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              {shown.map((column) => (
                <Table.Th key={column.header} scope="col" ta={align(column)}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                {shown.map((column) => (
                  <Table.Td
                    key={column.header}
                    ta={align(column)}
                    style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </>
  );
}

/** One figure in a bordered card named by its title; `nowrap` keeps the value on one line. */
function FigureCard({
  title,
  value,
  nowrap,
  children,
}: {
  title: string;
  value: string;
  nowrap?: boolean;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={title}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text fw={700} fz="lg" style={nowrap ? { whiteSpace: 'nowrap' } : undefined}>
        {value}
      </Text>
      {children}
    </Paper>
  );
}

const TOTALS = [
  { title: 'Monthly payroll', figure: 'gross', shown: 'showSalary' },
  { title: 'Total cost', figure: 'cost', shown: 'showCost' },
] as const;

/** Monthly payroll and total cost before → after and by how much each moves, each only for those who may see it. */
function Totals({ impact }: { impact: Impact }) {
  const { totals } = impact;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="impact-totals">
      {TOTALS.filter((total) => impact[total.shown]).map(({ title, figure }) => {
        const percent = signedPercent(totals[`${figure}DeltaPercent`]);
        return (
          <FigureCard
            key={figure}
            title={title}
            value={beforeAfter(totals[`${figure}Before`], totals[`${figure}After`])}
            nowrap
          >
            <Text size="sm" c="dimmed">
              {signedMoney(totals[`${figure}Delta`] ?? 0)}
              {percent ? ` (${percent})` : ''}
            </Text>
          </FigureCard>
        );
      })}
    </SimpleGrid>
  );
}

/** Under a list cut short: how many rows it leaves out. */
function MoreRows({ count }: { count: number }) {
  return count > 0 ? (
    <Text size="xs" c="dimmed">
      and {formatCount(count)} more
    </Text>
  ) : null;
}

function GroupTable({ title, groups, impact }: { title: string; groups: ImpactGroup[]; impact: Impact }) {
  return (
    <Stack gap={4}>
      <PreviewTable
        title={title}
        rows={affectedGroups(groups)}
        miw={320}
        columns={[
          { header: 'Name', cell: (g) => g.name },
          { header: 'Affected', numeric: true, cell: (g) => `${g.affected} of ${g.employees}` },
          impact.showSalary && {
            header: 'Payroll',
            numeric: true,
            cell: (g) => signedMoney(g.grossDelta ?? 0),
          },
          impact.showCost && {
            header: 'Total cost',
            numeric: true,
            cell: (g) => signedMoney(g.costDelta ?? 0),
          },
        ]}
      />
    </Stack>
  );
}

function ChangesTable({ impact }: { impact: Impact }) {
  return (
    <Stack gap={4}>
      <PreviewTable
        title="Biggest changes"
        rows={impact.changes}
        miw={560}
        mah={320}
        columns={[
          { header: 'Employee', cell: (c) => c.name },
          { header: 'Job', cell: (c) => c.jobName },
          { header: 'Grade', cell: (c) => c.gradeName },
          impact.showSalary && {
            header: 'Gross salary',
            numeric: true,
            nowrap: true,
            cell: (c) => beforeAfter(c.grossBefore, c.grossAfter),
          },
          impact.showCost && {
            header: 'Total cost',
            numeric: true,
            nowrap: true,
            cell: (c) => beforeAfter(c.costBefore, c.costAfter),
          },
        ]}
      />
      <MoreRows count={impact.employeesAffected - impact.changes.length} />
    </Stack>
  );
}

/**
 * What a change dated in the past owes for the days since it took effect: the totals, then
 * who is owed what (largest first), gross and cost only for those who may see them.
 */
export function BackPaySection({
  backPay,
  impact,
}: {
  backPay: BackPay;
  impact: Pick<Impact, 'showSalary' | 'showCost'>;
}) {
  const period = `${formatDay(backPay.from)} to ${formatDay(backPay.to)}`;
  return (
    <Stack gap="sm" component="section" aria-label="Back pay owed" data-testid="back-pay">
      <Title order={3} size="h5">
        Back pay owed
      </Title>
      <Text size="sm">
        {backPay.employeeCount === 0
          ? `No back pay is owed for ${period}.`
          : `For ${period}: ${formatCount(backPay.employeeCount)} ${backPay.employeeCount === 1 ? 'employee is' : 'employees are'} owed back pay.`}
      </Text>
      {backPay.employeeCount > 0 ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {impact.showSalary ? (
              <FigureCard title="Gross back pay" value={formatMoney(backPay.totals.gross)} />
            ) : null}
            {impact.showCost ? (
              <FigureCard title="Total cost back pay" value={formatMoney(backPay.totals.cost)} />
            ) : null}
          </SimpleGrid>
          <PreviewTable
            title="Back pay by employee"
            rows={backPay.employees}
            miw={360}
            mah={240}
            columns={[
              { header: 'Employee', cell: (e) => e.name },
              impact.showSalary && { header: 'Gross', numeric: true, cell: (e) => formatMoney(e.gross) },
              impact.showCost && { header: 'Total cost', numeric: true, cell: (e) => formatMoney(e.cost) },
            ]}
          />
          <MoreRows count={backPay.employeeCount - backPay.employees.length} />
        </>
      ) : null}
    </Stack>
  );
}

/**
 * What a rule change does to everyone's pay: the summary line, monthly payroll and total cost
 * before → after, the split by job and by grade, the biggest changes, and a download of it all.
 * Before a save, Confirm saves and Cancel keeps the form; a Preview impact only has Close.
 */
export function ImpactPreviewDialog({
  impact,
  asking,
  note,
  onConfirm,
  onCancel,
  onDownload,
  downloading,
}: ImpactPreviewDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={impact !== null}
      onClose={onCancel}
      title={asking ? 'Impact of this change' : 'Impact preview'}
      size="70rem"
      fullScreen={phone}
      centered
    >
      {impact ? (
        <Stack gap="md">
          <Text fw={600} data-testid="impact-summary">
            {impactSummary(impact)}
          </Text>
          <Text size="sm" c="dimmed">
            Of {formatCount(impact.employees)} employees.{' '}
            {asking ? 'Nothing is saved until you confirm.' : 'A preview: nothing has been saved.'}
          </Text>
          {note ? <Text size="sm">{note}</Text> : null}
          <Totals impact={impact} />
          {impact.backPay ? <BackPaySection backPay={impact.backPay} impact={impact} /> : null}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <GroupTable title="By job" groups={impact.byJob} impact={impact} />
            <GroupTable title="By grade" groups={impact.byGrade} impact={impact} />
          </SimpleGrid>
          <ChangesTable impact={impact} />
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={downloading}
              onClick={onDownload}
            >
              Download (.xlsx)
            </Button>
            {asking ? (
              <Group gap="sm">
                <Button variant="default" onClick={onCancel}>
                  Cancel
                </Button>
                <Button onClick={onConfirm} data-autofocus>
                  Confirm
                </Button>
              </Group>
            ) : (
              <Button onClick={onCancel} data-autofocus>
                Close
              </Button>
            )}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
