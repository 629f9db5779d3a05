import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { asBasisPoints, basisPointsToPercent, percentToBasisPoints } from '@salary/shared/common/money';
import { can, teamScoped } from '@salary/shared/common/permissions';
import type {
  ProposalInput,
  ProposalKind,
  Worksheet,
  WorksheetRow,
} from '@salary/shared/raise-cycles/raise-cycles.contract';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { TableScrollRegion } from '../../components/table-scroll-region.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useCurrentUser } from '../../lib/auth/auth-context.ts';
import { formatDay, formatMoney, formatNumber, numberFormat } from '../../lib/company-format.tsx';
import { downloadFile } from '../../lib/download-file.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import {
  type CycleStep,
  useSaveProposals,
  useSendBackRaiseCycle,
  useStepRaiseCycle,
  useWorksheet,
} from './api/raise-cycles.ts';
import { budgetText, StatusBadge } from './cycle-status.tsx';

/** A row's proposal as edited: the kind, the value as typed, the reason. */
export interface Draft {
  kind: ProposalKind;
  value: number | '';
  reason: string;
  /** A move's grade and level, kept as stored (the worksheet edits raises only). */
  gradeId: number | null;
  levelId: number | null;
  rating: number | null;
}

export function draftOf(row: WorksheetRow): Draft {
  const p = row.proposal;
  return {
    kind: p?.kind ?? 'NONE',
    value: p?.value ?? '',
    reason: p?.reason ?? '',
    gradeId: p?.gradeId ?? null,
    levelId: p?.levelId ?? null,
    rating: row.rating,
  };
}

/** The guideline's midpoint for a row (null: no recommendation), to two decimals. */
export function guidelineMidpoint(row: WorksheetRow): number | null {
  if (!row.recommended) return null;
  // Percents of two decimals: their mean in basis points, back to a percent.
  const bp =
    percentToBasisPoints(row.recommended.minPercent) + percentToBasisPoints(row.recommended.maxPercent);
  return basisPointsToPercent(asBasisPoints(Math.round(bp / 2)));
}

/** The drafts as the proposals a save sends (a raise without a value is sent as none). */
export function proposalsOf(
  rows: readonly WorksheetRow[],
  drafts: ReadonlyMap<number, Draft>,
): ProposalInput[] {
  return rows.map((row) => {
    const d = drafts.get(row.employeeId) ?? draftOf(row);
    const raise = d.kind === 'PERCENT' || d.kind === 'AMOUNT';
    const kind = raise && d.value === '' ? 'NONE' : d.kind;
    return {
      employeeId: row.employeeId,
      rating: d.rating,
      kind,
      value: kind === 'PERCENT' || kind === 'AMOUNT' ? Number(d.value) : null,
      gradeId: kind === 'MOVE' ? d.gradeId : null,
      levelId: kind === 'MOVE' ? d.levelId : null,
      reason: d.reason,
    };
  });
}

const KIND_OPTIONS: Array<{ value: ProposalKind; label: string }> = [
  { value: 'NONE', label: 'No raise' },
  { value: 'PERCENT', label: 'Percent' },
  { value: 'AMOUNT', label: 'Amount' },
];

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
/** A compa-ratio, always two decimals (1.00, 0.95). */
const ratio = (n: number) => numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

function Totals({ sheet, dirty }: { sheet: Worksheet; dirty: boolean }) {
  const t = sheet.totals;
  const left = t.budget - t.budgetUsed;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {[
          ['Eligible payroll', formatMoney(t.eligiblePayroll)],
          ['Budget', formatMoney(t.budget)],
          ['Proposed', formatMoney(t.budgetUsed)],
          [left < 0 ? 'Over budget by' : 'Left', formatMoney(Math.abs(left))],
        ].map(([label, value]) => (
          <Paper key={label} withBorder p="sm" radius="md">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600} style={NO_WRAP} data-testid={`total-${label}`}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <div aria-live="polite">
        {t.overBudget ? (
          <Alert color="red" title="Over budget">
            The proposals are over budget by {formatMoney(-left)} a month.
          </Alert>
        ) : null}
        {dirty ? (
          <Text size="sm" c="dimmed">
            Unsaved changes: the totals and new pay are those of the last save. Save proposals to see them
            again.
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}

interface RowsProps {
  rows: WorksheetRow[];
  drafts: ReadonlyMap<number, Draft>;
  editable: boolean;
  onChange(employeeId: number, draft: Draft): void;
  /** Approved or applied: each raised row's letter downloads. */
  onLetter?(row: WorksheetRow): void;
}

function WorksheetTable({ rows, drafts, editable, onChange, onLetter }: RowsProps) {
  return (
    <TableScrollRegion label="Worksheet" minWidth={1100}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Employee</Table.Th>
            <Table.Th scope="col" ta="right">
              Current gross
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Compa-ratio
            </Table.Th>
            <Table.Th scope="col">Recommended</Table.Th>
            <Table.Th scope="col">Raise</Table.Th>
            <Table.Th scope="col">Value</Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
            <Table.Th scope="col" ta="right">
              New gross
            </Table.Th>
            <Table.Th scope="col" ta="right">
              New compa-ratio
            </Table.Th>
            {onLetter ? <Table.Th scope="col">Letter</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const d = drafts.get(row.employeeId) ?? draftOf(row);
            const set = (patch: Partial<Draft>) => onChange(row.employeeId, { ...d, ...patch });
            const raise = d.kind === 'PERCENT' || d.kind === 'AMOUNT';
            return (
              <Table.Tr key={row.employeeId} data-testid={`worksheet-row-${row.employeeId}`}>
                <Table.Th scope="row" fw={500}>
                  {row.name}
                </Table.Th>
                <Table.Td ta="right" style={NO_WRAP}>
                  {formatMoney(row.currentGross)}
                </Table.Td>
                <Table.Td ta="right">{ratio(row.compaRatio)}</Table.Td>
                <Table.Td style={NO_WRAP}>
                  {row.recommended
                    ? `${formatNumber(row.recommended.minPercent)}–${formatNumber(row.recommended.maxPercent)}%`
                    : '—'}
                </Table.Td>
                <Table.Td miw={130}>
                  {d.kind === 'MOVE' ? (
                    <Text size="sm">Move</Text>
                  ) : (
                    <NativeSelect
                      aria-label={`Raise for ${row.name}`}
                      size="xs"
                      disabled={!editable}
                      data={KIND_OPTIONS}
                      value={d.kind}
                      onChange={(e) => set({ kind: e.currentTarget.value as ProposalKind })}
                    />
                  )}
                </Table.Td>
                <Table.Td miw={120}>
                  {raise ? (
                    <NumberInput
                      aria-label={`${d.kind === 'PERCENT' ? 'Percent' : 'Amount'} for ${row.name}`}
                      size="xs"
                      clampBehavior="none"
                      disabled={!editable}
                      suffix={d.kind === 'PERCENT' ? '%' : undefined}
                      value={d.value}
                      onChange={(v) => set({ value: v === '' ? '' : Number(v) })}
                    />
                  ) : null}
                </Table.Td>
                <Table.Td miw={180}>
                  {raise ? (
                    <TextInput
                      aria-label={`Reason for ${row.name}`}
                      size="xs"
                      maxLength={1000}
                      disabled={!editable}
                      placeholder={row.outsideGuideline ? 'Required outside the guideline' : 'Optional'}
                      value={d.reason}
                      onChange={(e) => set({ reason: e.currentTarget.value })}
                    />
                  ) : null}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {formatMoney(row.newGross)}
                </Table.Td>
                <Table.Td ta="right">{ratio(row.newCompaRatio)}</Table.Td>
                {onLetter ? (
                  <Table.Td>
                    {row.proposal && row.proposal.kind !== 'NONE' ? (
                      <Button
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconDownload size={14} aria-hidden />}
                        aria-label={`Download the raise letter of ${row.name}`}
                        onClick={() => onLetter(row)}
                      >
                        PDF
                      </Button>
                    ) : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

function BulkActions({
  rows,
  onApply,
}: {
  rows: WorksheetRow[];
  onApply(make: (row: WorksheetRow) => Partial<Draft> | null): void;
}) {
  const [percent, setPercent] = useState<number | string>(3);
  const anyGuideline = rows.some((r) => r.recommended);
  return (
    <Group gap="sm" align="end" wrap="wrap">
      <NumberInput
        label="Raise everyone by"
        suffix="%"
        clampBehavior="none"
        w={160}
        value={percent}
        onChange={setPercent}
      />
      <Button
        variant="default"
        disabled={percent === '' || Number(percent) <= 0}
        onClick={() => onApply(() => ({ kind: 'PERCENT', value: Number(percent) }))}
      >
        Set for all
      </Button>
      <Button
        variant="default"
        disabled={!anyGuideline}
        onClick={() =>
          onApply((row) => {
            const mid = guidelineMidpoint(row);
            return mid === null ? null : { kind: 'PERCENT', value: mid };
          })
        }
      >
        Guideline midpoint for all
      </Button>
    </Group>
  );
}

/** The Send back dialog: the comment the proposer reads. */
function SendBackDialog({
  opened,
  pending,
  onClose,
  onSend,
}: {
  opened: boolean;
  pending: boolean;
  onClose(): void;
  onSend(comment: string): void;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Modal opened={opened} onClose={onClose} title="Send back to draft" centered>
      <Stack gap="md">
        <Textarea
          label="Comment"
          description="What the proposer should change"
          required
          rows={3}
          maxLength={1000}
          value={comment}
          error={error}
          onChange={(e) => setComment(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={pending}
            onClick={() => {
              if (!comment.trim()) return setError('Comment is required');
              onSend(comment.trim());
            }}
          >
            Send back
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const STEP_TEXTS: Record<CycleStep, { done: string; failed: string }> = {
  submit: { done: 'Raise cycle submitted for approval', failed: 'Failed to submit raise cycle' },
  approve: { done: 'Raise cycle approved', failed: 'Failed to approve raise cycle' },
  apply: { done: 'Raises applied', failed: 'Failed to apply raise cycle' },
};

/** /raise-cycles/:id: the worksheet of one cycle, with its totals and the steps its status allows. */
export function WorksheetView({ id }: { id: number }) {
  const user = useCurrentUser();
  const toast = useToast();
  const query = useWorksheet(id);
  const save = useSaveProposals(id);
  const step = useStepRaiseCycle();
  const sendBack = useSendBackRaiseCycle();
  const [drafts, setDrafts] = useState<Map<number, Draft>>(new Map());
  const [confirmApply, setConfirmApply] = useState(false);
  const [sendingBack, setSendingBack] = useState(false);
  useLoadErrorToast(query.error, 'Failed to load the worksheet');

  const sheet = query.data;
  const rows = useMemo(() => sheet?.rows ?? [], [sheet]);
  const canPropose = can(user, 'showSalary') && (can(user, 'manageEmployee') || can(user, 'manageSettings'));
  const admin = user?.isAdmin === true;
  const status = sheet?.cycle.status;
  const editable = canPropose && status === 'DRAFT';
  const dirty = drafts.size > 0;
  const lettersReady = status === 'APPROVED' || status === 'APPLIED';

  const change = (employeeId: number, draft: Draft) =>
    setDrafts((old) => new Map(old).set(employeeId, draft));
  const applyToAll = (make: (row: WorksheetRow) => Partial<Draft> | null) =>
    setDrafts((old) => {
      const next = new Map(old);
      for (const row of rows) {
        const patch = make(row);
        if (patch) next.set(row.employeeId, { ...(old.get(row.employeeId) ?? draftOf(row)), ...patch });
      }
      return next;
    });

  const saveAll = async () => {
    try {
      const { message } = await save.mutateAsync({ id, body: { proposals: proposalsOf(rows, drafts) } });
      setDrafts(new Map());
      if (message.includes('over budget')) toast.warning(message);
      else toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to save proposals'));
    }
  };
  const download = async (path: string, name: string) => {
    try {
      await downloadFile(path, name);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to download the letters'));
    }
  };
  const run = async (which: CycleStep) => {
    try {
      await step.mutateAsync({ id, step: which });
      toast.success(STEP_TEXTS[which].done);
    } catch (error) {
      toast.error(errorMessage(error, STEP_TEXTS[which].failed));
    }
  };

  const back = (
    <Anchor component={Link} to="/raise-cycles" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden /> All raise cycles
      </Group>
    </Anchor>
  );

  if (query.isError)
    return (
      <>
        {back}
        <LoadFailed title="Could not load the worksheet" query={query}>
          The raise cycle could not be read.
        </LoadFailed>
      </>
    );
  if (!sheet) return <SectionLoader />;
  const { cycle } = sheet;

  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={cycle.name}
        documentTitle={[cycle.name, 'Raise Cycles']}
        description={`Effective ${formatDay(cycle.effectiveDate)} · Budget ${budgetText(cycle.budget)}`}
        actions={
          <Group gap="xs">
            <StatusBadge status={cycle.status} />
            {editable ? (
              <Button variant="default" onClick={saveAll} loading={save.isPending} disabled={!dirty}>
                Save proposals
              </Button>
            ) : null}
            {editable ? (
              <Button onClick={() => run('submit')} loading={step.isPending} disabled={dirty}>
                Submit for approval
              </Button>
            ) : null}
            {admin && status === 'SUBMITTED' ? (
              <Button onClick={() => run('approve')} loading={step.isPending}>
                Approve
              </Button>
            ) : null}
            {admin && (status === 'SUBMITTED' || status === 'APPROVED') ? (
              <Button variant="default" onClick={() => setSendingBack(true)}>
                Send back
              </Button>
            ) : null}
            {admin && status === 'APPROVED' ? (
              <Button color="green" onClick={() => setConfirmApply(true)}>
                Apply raises
              </Button>
            ) : null}
            {lettersReady ? (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => download(`/raise-cycles/${id}/letters.zip`, `raise_letters_${id}.zip`)}
              >
                All letters (.zip)
              </Button>
            ) : null}
          </Group>
        }
      />
      {cycle.sentBackComment && status === 'DRAFT' ? (
        <Alert color="yellow" title="Sent back">
          {cycle.sentBackComment}
        </Alert>
      ) : null}
      <Totals sheet={sheet} dirty={dirty} />
      {editable && rows.length ? <BulkActions rows={rows} onApply={applyToAll} /> : null}
      {rows.length === 0 ? (
        <Text c="dimmed">No eligible employees {teamScoped(user) ? 'in your team' : ''}.</Text>
      ) : (
        <WorksheetTable
          rows={rows}
          drafts={drafts}
          editable={editable}
          onChange={change}
          onLetter={
            lettersReady
              ? (row) =>
                  download(
                    `/raise-cycles/${id}/letters/${row.employeeId}`,
                    `raise_letter_${id}_${row.employeeId}.pdf`,
                  )
              : undefined
          }
        />
      )}
      <ConfirmDialog
        opened={confirmApply}
        title="Apply raises"
        message={`Every proposal of "${cycle.name}" takes effect from ${formatDay(cycle.effectiveDate)}. This cannot be undone from here.`}
        confirmLabel="Apply raises"
        onCancel={() => setConfirmApply(false)}
        onConfirm={async () => {
          setConfirmApply(false);
          await run('apply');
        }}
      />
      <SendBackDialog
        opened={sendingBack}
        pending={sendBack.isPending}
        onClose={() => setSendingBack(false)}
        onSend={async (comment) => {
          try {
            await sendBack.mutateAsync({ id, comment });
            setSendingBack(false);
            toast.success('Raise cycle sent back to draft');
          } catch (error) {
            toast.error(errorMessage(error, 'Failed to send back raise cycle'));
          }
        }}
      />
    </Stack>
  );
}
