import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
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
  ProposalKind,
  ProposalsBody,
  Worksheet,
  WorksheetPreview,
  WorksheetRow,
} from '@salary/shared/raise-cycles/raise-cycles.contract';
import { IconArrowLeft, IconDownload, IconPencil, IconSearch } from '@tabler/icons-react';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useImpactPreview } from '../../components/impact-preview/use-impact-preview.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { rowHighlight } from '../../components/row-card.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { TableScrollRegion } from '../../components/table-scroll-region.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useCurrentUser } from '../../lib/auth/auth-context.ts';
import { formatDay, formatMoney, formatNumber, numberFormat, useCompany } from '../../lib/company-format.tsx';
import { downloadFile } from '../../lib/download-file.ts';
import { useGrades } from '../../lib/salary-rules/get-grades.ts';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { usePrinting } from '../../lib/use-printing.ts';
import {
  type CycleStep,
  previewProposals,
  useSaveProposals,
  useSendBackRaiseCycle,
  useStepRaiseCycle,
  useWorksheet,
} from './api/raise-cycles.ts';
import { bandMinimumGap } from './band-minimum.ts';
import cellSelect from './cell-select.module.css';
import { budgetText, StatusBadge } from './cycle-status.tsx';
import { EditCycleDialog } from './new-cycle-dialog.tsx';
import { WorksheetFileActions } from './worksheet-file-actions.tsx';

/** A row's proposal as edited: the kind, the value as typed, the reason. */
export interface Draft {
  kind: ProposalKind;
  value: number | '';
  reason: string;
  /** A move's grade and level (a move starts from the row's own). */
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

/** A name as the worksheet's search compares it: accents and case set aside. */
export const foldName = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** What the bulk actions act on: the selected rows (those still on the sheet), else every row. */
export function bulkTargets(rows: readonly WorksheetRow[], selected: ReadonlySet<number>): WorksheetRow[] {
  const picked = rows.filter((r) => selected.has(r.employeeId));
  return picked.length ? picked : [...rows];
}

/**
 * The drafts as the proposals a save (or the live preview) sends: a raise without a value is sent
 * as none, and what the contract defaults (no rating, value, grade, level or reason) is left out,
 * so a bulk action on 10,000 rows sends half the bytes.
 */
export function proposalsOf(
  rows: readonly WorksheetRow[],
  drafts: ReadonlyMap<number, Draft>,
): ProposalsBody['proposals'] {
  return rows.map((row) => {
    const d = drafts.get(row.employeeId) ?? draftOf(row);
    const raise = d.kind === 'PERCENT' || d.kind === 'AMOUNT';
    const kind = raise && d.value === '' ? 'NONE' : d.kind;
    const p: ProposalsBody['proposals'][number] = { employeeId: row.employeeId, kind };
    if (d.rating !== null) p.rating = d.rating;
    if (kind === 'PERCENT' || kind === 'AMOUNT') p.value = Number(d.value);
    if (kind === 'MOVE') {
      p.gradeId = d.gradeId;
      p.levelId = d.levelId;
    }
    if (d.reason !== '') p.reason = d.reason;
    return p;
  });
}

const KIND_OPTIONS: Array<{ value: ProposalKind; label: string }> = [
  { value: 'NONE', label: 'No raise' },
  { value: 'PERCENT', label: 'Percent' },
  { value: 'AMOUNT', label: 'Amount' },
  { value: 'MOVE', label: 'Move' },
];

/** A rating of 1–5 entered in the cycle (the guideline may recommend by it), or none. */
const RATING_OPTIONS = [
  { value: '', label: '—' },
  ...['1', '2', '3', '4', '5'].map((value) => ({ value, label: value })),
];

/** The grades and levels a move may go to, as select options. */
export interface MoveChoices {
  grades: ReadonlyArray<{ value: string; label: string }>;
  levels: ReadonlyArray<{ value: string; label: string }>;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** A worksheet cell's select (cell-select.module.css): the browser's own element, labelled. */
function CellSelect({
  label,
  value,
  options,
  disabled,
  width,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled: boolean;
  width: number;
  onChange(value: string): void;
}) {
  return (
    <select
      aria-label={label}
      className={cellSelect.select}
      style={{ width }}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/**
 * Select options that hold `id` even before the list has loaded: its option then says so, never
 * the number (no id on screen).
 */
function optionsWith(options: MoveChoices['grades'], id: number | null) {
  if (id === null || options.some((o) => o.value === String(id))) return options;
  return [...options, { value: String(id), label: options.length ? 'Not in the list' : 'Loading…' }];
}
/** A compa-ratio, always two decimals (1.00, 0.95). */
const ratio = (n: number) => numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/** The unsaved drafts priced by the server: their totals and rows, or why it refused them. */
type Live = { sheet: WorksheetPreview } | { refused: string } | null;

/**
 * While drafts are unsaved, what they would make (totals, new pay), asked of the server a moment
 * after the last keystroke, or at once for the drafts handed to `now` (a bulk action's: asked
 * from the click itself, so the server prices while the page draws the drafts): the browser
 * never prices pay itself. `live` is null until the answer for these very drafts is here.
 */
function useLiveWorksheet(
  id: number,
  rows: readonly WorksheetRow[],
  drafts: ReadonlyMap<number, Draft>,
  editable: boolean,
): { live: Live; now(drafts: ReadonlyMap<number, Draft>): void } {
  /** The last answer, and the drafts it is for: shown only while they are still the drafts. */
  const [answer, setAnswer] = useState<{ drafts: ReadonlyMap<number, Draft>; live: NonNullable<Live> }>();
  /** The request on its way: for which drafts and rows, and how to call it off. */
  const asked = useRef<{
    drafts: ReadonlyMap<number, Draft>;
    rows: readonly WorksheetRow[];
    controller: AbortController;
  }>(undefined);
  const ask = useCallback(
    (next: ReadonlyMap<number, Draft>, on: readonly WorksheetRow[]) => {
      asked.current?.controller.abort();
      const controller = new AbortController();
      asked.current = { drafts: next, rows: on, controller };
      previewProposals(id, { proposals: proposalsOf(on, next) }, controller.signal).then(
        (sheet) => {
          if (!controller.signal.aborted) setAnswer({ drafts: next, live: { sheet } });
        },
        (error: unknown) => {
          if (!controller.signal.aborted)
            setAnswer({
              drafts: next,
              live: { refused: errorMessage(error, 'The totals could not be worked out') },
            });
        },
      );
    },
    [id],
  );
  useEffect(() => {
    const pending = asked.current;
    if (!editable || drafts.size === 0) {
      pending?.controller.abort();
      asked.current = undefined;
      return;
    }
    // Already asked for these drafts on these rows (a bulk action's, from its click).
    if (pending?.drafts === drafts && pending.rows === rows) return;
    // Typing: an answer for drafts since changed is no longer wanted.
    pending?.controller.abort();
    asked.current = undefined;
    const timer = setTimeout(() => ask(drafts, rows), LIVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ask, rows, drafts, editable]);
  useEffect(() => () => asked.current?.controller.abort(), []);
  const now = useCallback((next: ReadonlyMap<number, Draft>) => ask(next, rows), [ask, rows]);
  return { live: editable && answer?.drafts === drafts ? answer.live : null, now };
}

/** A raise or move outside the recommended range with no reason yet: a save would refuse it. */
const needsReason = (priced: Pick<LiveRow, 'outsideGuideline'>, d: Draft) =>
  priced.outsideGuideline &&
  (d.kind === 'MOVE' || ((d.kind === 'PERCENT' || d.kind === 'AMOUNT') && d.value !== '')) &&
  !d.reason.trim();

/** How long after the last change the unsaved drafts are priced. */
const LIVE_DELAY_MS = 300;

function Totals({
  sheet,
  dirty,
  live,
  unexplained,
}: {
  sheet: Worksheet;
  dirty: boolean;
  live: Live;
  /** How many drafted raises outside the recommended range still lack a reason. */
  unexplained: number;
}) {
  const shown = live && 'sheet' in live ? live.sheet : sheet;
  const t = shown.totals;
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
          <Text size="sm" c="dimmed" data-testid="totals-note">
            {live && 'sheet' in live
              ? unexplained
                ? `Unsaved changes: the totals and new pay include them. ${unexplained} ${
                    unexplained === 1 ? 'raise' : 'raises'
                  } outside the recommended range ${unexplained === 1 ? 'needs' : 'need'} a reason (marked) before you save.`
                : 'Unsaved changes: the totals and new pay include them. Save proposals to keep them.'
              : live && 'refused' in live
                ? `Unsaved changes: ${live.refused}. The totals and new pay are those of the last save.`
                : 'Unsaved changes: working out the totals and new pay…'}
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}

/** The new pay and compa-ratio of a row's unsaved draft, as the server priced it. */
type LiveRow = WorksheetPreview['rows'][number];

interface RowsProps {
  rows: WorksheetRow[];
  drafts: ReadonlyMap<number, Draft>;
  editable: boolean;
  onChange(employeeId: number, draft: Draft): void;
  /** Approved or applied: each raised row's letter downloads. */
  onLetter?(row: WorksheetRow): void;
  /** While editable: the rows picked for the bulk actions, and their change (all or some rows). */
  selected?: ReadonlySet<number>;
  onSelect?(employeeIds: readonly number[], picked: boolean): void;
  /** The unsaved drafts' new pay and compa-ratio, by employee, once priced. */
  live?: ReadonlyMap<number, LiveRow>;
  /** Where a move may go. */
  choices: MoveChoices;
}

/** From this many rows the worksheet draws only those in view (and a few either side). */
const WINDOWED_FROM = 60;
/** A windowed row's height: an input of size xs and the cell's padding (every row is drawn this high). */
const ROW_HEIGHT = 51;
/** Rows drawn either side of those in view: few, since a bulk action draws each one again with its inputs. */
const OVERSCAN = 5;

interface RowProps {
  row: WorksheetRow;
  /** Its place in the list (0 first), for aria-rowindex (the header row is 1). */
  index: number;
  draft: Draft | undefined;
  editable: boolean;
  onChange: RowsProps['onChange'];
  onLetter?: RowsProps['onLetter'];
  /** undefined: no selection column. */
  picked?: boolean;
  onSelect?: RowsProps['onSelect'];
  live?: LiveRow;
  /** Windowed: the row's fixed height. */
  height?: number;
  choices: MoveChoices;
}

/** One employee's row; drawn again only when its own draft, selection or live figures change. */
const WorksheetRowView = memo(function WorksheetRowView({
  row,
  index,
  draft,
  editable,
  onChange,
  onLetter,
  picked,
  onSelect,
  live,
  height,
  choices,
}: RowProps) {
  const d = draft ?? draftOf(row);
  const set = (patch: Partial<Draft>) => onChange(row.employeeId, { ...d, ...patch });
  const raise = d.kind === 'PERCENT' || d.kind === 'AMOUNT';
  const move = d.kind === 'MOVE';
  const shown = live ?? row;
  // The preview names a range only where a rating is in play; elsewhere the row's stands.
  const range = live?.recommended !== undefined ? live.recommended : row.recommended;
  const unexplained = editable && needsReason(shown, d);
  return (
    <Table.Tr
      h={height}
      aria-rowindex={index + 2}
      data-testid={`worksheet-row-${row.employeeId}`}
      bg={onSelect ? rowHighlight(picked === true) : undefined}
    >
      {onSelect ? (
        <Table.Td>
          <Checkbox
            aria-label={`Select ${row.name}`}
            checked={picked === true}
            onChange={(e) => onSelect([row.employeeId], e.currentTarget.checked)}
          />
        </Table.Td>
      ) : null}
      <Table.Th scope="row" fw={500} style={NO_WRAP}>
        {row.name}
      </Table.Th>
      <Table.Td ta="right" style={NO_WRAP}>
        {formatMoney(row.currentGross)}
      </Table.Td>
      <Table.Td ta="right">{ratio(row.compaRatio)}</Table.Td>
      <Table.Td w={72}>
        <CellSelect
          label={`Rating for ${row.name}`}
          width={56}
          disabled={!editable}
          options={RATING_OPTIONS}
          value={d.rating === null ? '' : String(d.rating)}
          onChange={(v) => set({ rating: v === '' ? null : Number(v) })}
        />
      </Table.Td>
      <Table.Td style={NO_WRAP}>
        {range ? `${formatNumber(range.minPercent)}–${formatNumber(range.maxPercent)}%` : '—'}
      </Table.Td>
      <Table.Td miw={104}>
        <CellSelect
          label={`Raise for ${row.name}`}
          width={96}
          disabled={!editable}
          options={KIND_OPTIONS}
          value={d.kind}
          onChange={(v) => {
            const kind = v as ProposalKind;
            // A move starts from where the employee is: the user then picks the grade or level.
            set(
              kind === 'MOVE' && d.gradeId === null
                ? { kind, gradeId: row.gradeId, levelId: row.levelId }
                : { kind },
            );
          }}
        />
      </Table.Td>
      <Table.Td miw={120}>
        {move ? (
          <Group gap={4} wrap="nowrap">
            <CellSelect
              label={`Grade for ${row.name}`}
              width={92}
              disabled={!editable}
              options={optionsWith(choices.grades, d.gradeId)}
              value={d.gradeId === null ? '' : String(d.gradeId)}
              onChange={(v) => set({ gradeId: Number(v) })}
            />
            <CellSelect
              label={`Level for ${row.name}`}
              width={92}
              disabled={!editable}
              options={optionsWith(choices.levels, d.levelId)}
              value={d.levelId === null ? '' : String(d.levelId)}
              onChange={(v) => set({ levelId: Number(v) })}
            />
          </Group>
        ) : raise ? (
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
      <Table.Td ta="right" style={NO_WRAP}>
        {formatMoney(shown.newGross)}
      </Table.Td>
      <Table.Td ta="right">{ratio(shown.newCompaRatio)}</Table.Td>
      <Table.Td miw={150}>
        {raise || move ? (
          <TextInput
            aria-label={`Reason for ${row.name}`}
            size="xs"
            maxLength={1000}
            disabled={!editable}
            placeholder={shown.outsideGuideline ? 'Required outside the guideline' : 'Optional'}
            error={unexplained}
            value={d.reason}
            onChange={(e) => set({ reason: e.currentTarget.value })}
          />
        ) : null}
      </Table.Td>
      {onLetter ? (
        <Table.Td>
          {row.proposal && row.proposal.kind !== 'NONE' ? (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              aria-label={`PDF raise letter of ${row.name}`}
              onClick={() => onLetter(row)}
            >
              PDF
            </Button>
          ) : null}
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
});

/**
 * The worksheet's rows. A long one (10,000 employees) draws only the rows in view: it scrolls in
 * its own box under a header that stays, and each keystroke draws one row again. Printing draws
 * every row.
 */
function WorksheetTable({
  rows,
  drafts,
  editable,
  onChange,
  onLetter,
  selected,
  onSelect,
  live,
  choices,
}: RowsProps) {
  const picked = useMemo(
    () => (onSelect && selected ? rows.filter((r) => selected.has(r.employeeId)).length : 0),
    [rows, selected, onSelect],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const printing = usePrinting();
  const windowed = rows.length >= WINDOWED_FROM && !printing;
  // The row holding the focus stays drawn however far it is scrolled: unmounted, it would drop
  // the focus to the page's start.
  const [focused, setFocused] = useState<number | null>(null);
  const keepFocused = useCallback(
    (range: Range) => {
      const drawn = defaultRangeExtractor(range);
      if (focused === null || focused >= range.count || drawn.includes(focused)) return drawn;
      return [...drawn, focused].sort((a, b) => a - b);
    },
    [focused],
  );
  const virtualizer = useVirtualizer({
    count: windowed ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    rangeExtractor: keepFocused,
  });
  const items = windowed ? virtualizer.getVirtualItems() : undefined;
  const columns = 10 + (onSelect ? 1 : 0) + (onLetter ? 1 : 0);
  const spacer = (height: number, key: string) => (
    <tr key={key} aria-hidden style={{ height }}>
      <td colSpan={columns} style={{ padding: 0, border: 0, height }} />
    </tr>
  );
  const rowAt = (index: number) => {
    const row = rows[index]!;
    return (
      <WorksheetRowView
        key={row.employeeId}
        row={row}
        index={index}
        draft={drafts.get(row.employeeId)}
        editable={editable}
        onChange={onChange}
        onLetter={onLetter}
        picked={onSelect ? selected?.has(row.employeeId) === true : undefined}
        onSelect={onSelect}
        live={live?.get(row.employeeId)}
        height={windowed ? ROW_HEIGHT : undefined}
        choices={choices}
      />
    );
  };
  const body: ReactNode[] = [];
  if (!items) for (let index = 0; index < rows.length; index++) body.push(rowAt(index));
  else {
    // Empty rows hold the place of those not drawn (above, between the window and a focused row
    // far from it, below). The stripes count rows: where an employee's row would take the other
    // stripe, one more empty row goes above it, so each keeps its stripe while the list scrolls.
    let at = 0;
    for (const item of items) {
      if (body.length === 0 || item.start > at)
        body.push(spacer(item.start - at, body.length === 0 ? 'before' : `gap-${item.index}`));
      if (body.length % 2 !== (item.index + 1) % 2) body.push(spacer(0, `stripe-${item.index}`));
      body.push(rowAt(item.index));
      at = item.end;
    }
    const after = virtualizer.getTotalSize() - at;
    if (after > 0) body.push(spacer(after, 'after'));
  }
  return (
    <TableScrollRegion
      label="Worksheet"
      minWidth={onSelect ? 1080 : 1040}
      maxHeight={windowed ? 'max(360px, calc(100dvh - 220px))' : undefined}
      scrollRef={scrollRef}
    >
      <Table
        striped
        verticalSpacing="xs"
        horizontalSpacing="xs"
        stickyHeader={windowed}
        aria-rowcount={rows.length + 1}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            {onSelect ? (
              <Table.Th scope="col" w={40}>
                <Checkbox
                  aria-label="Select all rows"
                  checked={picked > 0 && picked === rows.length}
                  indeterminate={picked > 0 && picked < rows.length}
                  onChange={() =>
                    onSelect(
                      rows.map((r) => r.employeeId),
                      picked < rows.length,
                    )
                  }
                />
              </Table.Th>
            ) : null}
            <Table.Th scope="col">Employee</Table.Th>
            <Table.Th scope="col" ta="right">
              Current gross
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Compa-ratio
            </Table.Th>
            <Table.Th scope="col">Rating</Table.Th>
            <Table.Th scope="col">Recommended</Table.Th>
            <Table.Th scope="col">Raise</Table.Th>
            <Table.Th scope="col">Value</Table.Th>
            <Table.Th scope="col" ta="right">
              New gross
            </Table.Th>
            <Table.Th scope="col" ta="right">
              New compa-ratio
            </Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
            {onLetter ? <Table.Th scope="col">Letter</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody
          onFocus={(event) => {
            const row = (event.target as HTMLElement).closest('tr[aria-rowindex]');
            if (row) setFocused(Number(row.getAttribute('aria-rowindex')) - 2);
          }}
          onBlur={(event) => {
            // Left for another element outside the rows: the row may go with the window.
            const to = event.relatedTarget as Node | null;
            if (to && !event.currentTarget.contains(to)) setFocused(null);
          }}
        >
          {body}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

/** A bulk action's patch for one row (with its draft as it stands), or null to leave the row. */
type BulkMake = (row: WorksheetRow, draft: Draft) => Partial<Draft> | null;

/** The reason a raise to the band minimum gets when the row has none (outside the guideline it needs one). */
export const BAND_MINIMUM_REASON = 'Raise to band minimum';

function BulkActions({
  rows,
  selected,
  onApply,
  onClearSelection,
}: {
  /** The rows the actions act on: the selection, else every row. */
  rows: WorksheetRow[];
  /** How many rows are selected (0: the actions act on all). */
  selected: number;
  /** Sets each row's patch; answers how many rows it set. */
  onApply(make: BulkMake): number;
  onClearSelection(): void;
}) {
  const toast = useToast();
  const [percent, setPercent] = useState<number | string>(3);
  /** The reason the rows an action sets get when they have none of their own. */
  const [reason, setReason] = useState('');
  const given = reason.trim();
  const reasonFor = (draft: Draft): Partial<Draft> =>
    draft.reason.trim() || !given ? {} : { reason: given };
  const anyGuideline = useMemo(() => rows.some((r) => r.recommended), [rows]);
  const anyBelowBand = useMemo(() => rows.some((r) => bandMinimumGap(r) !== null), [rows]);
  const scope = selected ? `for selected (${selected})` : 'for all';
  const raiseToBandMinimum = () => {
    const set = onApply((row, draft) => {
      const gap = bandMinimumGap(row);
      if (gap === null) return null;
      return {
        kind: 'AMOUNT',
        value: gap,
        reason: draft.reason.trim() ? draft.reason : given || BAND_MINIMUM_REASON,
      };
    });
    const left = rows.length - set;
    toast.info(
      `Raised ${set} ${set === 1 ? 'row' : 'rows'} to the band minimum` +
        (left ? ` (${left} at or above it left as ${left === 1 ? 'it was' : 'they were'})` : ''),
    );
  };
  return (
    <Stack gap="xs">
      <Group gap="sm" align="end" wrap="wrap">
        <NumberInput
          label={selected ? 'Raise selected by' : 'Raise everyone by'}
          suffix="%"
          clampBehavior="none"
          w={160}
          value={percent}
          onChange={setPercent}
        />
        <TextInput
          label="Reason"
          placeholder="For the rows without one"
          maxLength={1000}
          w={240}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Button
          variant="default"
          disabled={percent === '' || Number(percent) <= 0}
          onClick={() =>
            onApply((_, draft) => ({ kind: 'PERCENT', value: Number(percent), ...reasonFor(draft) }))
          }
        >
          Set {scope}
        </Button>
        <Button
          variant="default"
          disabled={!anyGuideline}
          onClick={() =>
            onApply((row, draft) => {
              const mid = guidelineMidpoint(row);
              return mid === null ? null : { kind: 'PERCENT', value: mid, ...reasonFor(draft) };
            })
          }
        >
          Guideline midpoint {scope}
        </Button>
        <Button variant="default" disabled={!anyBelowBand} onClick={raiseToBandMinimum}>
          Raise to band minimum {scope}
        </Button>
      </Group>
      <Group gap="xs" aria-live="polite">
        {selected ? (
          <>
            <Text size="sm">
              {selected} {selected === 1 ? 'row' : 'rows'} selected: the actions above change only{' '}
              {selected === 1 ? 'it' : 'them'}.
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={onClearSelection}>
              Clear selection
            </Button>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Select rows to change only them.
          </Text>
        )}
        {anyBelowBand ? null : (
          <Text size="sm" c="dimmed">
            {selected ? 'No selected row is' : 'No row is'} below its band minimum.
          </Text>
        )}
      </Group>
    </Stack>
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
  const impact = useImpactPreview();
  const [sendingBack, setSendingBack] = useState(false);
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  useLoadErrorToast(query.error, 'Failed to load the worksheet');

  const sheet = query.data;
  const rows = useMemo(() => sheet?.rows ?? [], [sheet]);
  // A long worksheet draws only the rows in view, so the browser's find cannot reach the others:
  // it gets a search by name of its own (it narrows what is shown, not what the actions change).
  const [search, setSearch] = useState('');
  const folded = useMemo(() => rows.map((r) => foldName(r.name)), [rows]);
  const shown = useMemo(() => {
    const words = foldName(search).split(/\s+/).filter(Boolean);
    return words.length ? rows.filter((_, i) => words.every((w) => folded[i]!.includes(w))) : rows;
  }, [rows, folded, search]);
  const canPropose = can(user, 'showSalary') && (can(user, 'manageEmployee') || can(user, 'manageSettings'));
  const admin = user?.isAdmin === true;
  const status = sheet?.cycle.status;
  const editable = canPropose && status === 'DRAFT';
  const dirty = drafts.size > 0;
  const { live, now: previewNow } = useLiveWorksheet(id, rows, drafts, editable);
  const liveRows = useMemo(
    () =>
      live && 'sheet' in live ? new Map(live.sheet.rows.map((r) => [r.employeeId, r] as const)) : undefined,
    [live],
  );
  const lettersReady = status === 'APPROVED' || status === 'APPLIED';
  // The grades and levels only once a row moves (stored or drafted): opening a worksheet asks
  // for nothing it does not show.
  const moves = useMemo(
    () =>
      rows.some((r) => r.proposal?.kind === 'MOVE') || [...drafts.values()].some((d) => d.kind === 'MOVE'),
    [rows, drafts],
  );
  const grades = useGrades({ enabled: moves });
  const levels = useLevels({ enabled: moves });
  const choices = useMemo<MoveChoices>(
    () => ({
      grades: (grades.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
      levels: (levels.data ?? []).map((l) => ({ value: String(l.id), label: l.name })),
    }),
    [grades.data, levels.data],
  );
  // A letter names the company: unnamed, it would say so to the employee.
  const company = useCompany();
  const unnamed = lettersReady && company.data !== undefined && company.data.companyName === null;
  const unexplained = useMemo(() => {
    let n = 0;
    if (liveRows)
      for (const [employeeId, d] of drafts) {
        const priced = liveRows.get(employeeId);
        if (priced && needsReason(priced, d)) n += 1;
      }
    return n;
  }, [liveRows, drafts]);

  const change = useCallback(
    (employeeId: number, draft: Draft) => setDrafts((old) => new Map(old).set(employeeId, draft)),
    [],
  );
  // Over every row: worked out again when the rows or the selection change, not at each keystroke.
  const selectedCount = useMemo(
    () => rows.filter((r) => selected.has(r.employeeId)).length,
    [rows, selected],
  );
  const targets = useMemo(() => bulkTargets(rows, selected), [rows, selected]);
  /** A bulk action on the selected rows, else on all; answers how many rows it set. */
  const applyToTargets = (make: BulkMake): number => {
    const next = new Map(drafts);
    let set = 0;
    for (const row of targets) {
      const draft = drafts.get(row.employeeId) ?? draftOf(row);
      const patch = make(row, draft);
      if (!patch) continue;
      next.set(row.employeeId, { ...draft, ...patch });
      set += 1;
    }
    if (set === 0) return 0;
    // One action, not typing: its totals are asked for at once, before the page draws it.
    previewNow(next);
    setDrafts(next);
    return set;
  };
  const select = useCallback(
    (employeeIds: readonly number[], picked: boolean) =>
      setSelected((old) => {
        const next = new Set(old);
        for (const id of employeeIds) {
          if (picked) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  const canEditCycle = can(user, 'manageSettings') && !teamScoped(user) && status === 'DRAFT';

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
  const download = useCallback(
    async (path: string, name: string) => {
      try {
        await downloadFile(path, name);
      } catch (error) {
        toast.error(errorMessage(error, 'Failed to download the letters'));
      }
    },
    [toast],
  );
  const letterOf = useCallback(
    (row: WorksheetRow) =>
      download(`/raise-cycles/${id}/letters/${row.employeeId}`, `raise_letter_${id}_${row.employeeId}.pdf`),
    [download, id],
  );
  const run = async (which: CycleStep) => {
    try {
      await step.mutateAsync({ id, step: which });
      toast.success(STEP_TEXTS[which].done);
    } catch (error) {
      toast.error(errorMessage(error, STEP_TEXTS[which].failed));
    }
  };
  /** Apply, after the impact preview of the application (the real write, rolled back) is confirmed. */
  const applyAfterPreview = async () => {
    try {
      const day = sheet ? formatDay(sheet.cycle.effectiveDate) : '';
      const confirmed = await impact.confirm(
        { method: 'POST', path: `/raise-cycles/${id}/apply` },
        { note: `Pay as of ${day}, the cycle's effective date. It can be reverted from the Audit Log.` },
      );
      if (confirmed) await run('apply');
    } catch (error) {
      toast.error(errorMessage(error, STEP_TEXTS.apply.failed));
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
            {canEditCycle ? (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                Edit cycle
              </Button>
            ) : null}
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
              <Button
                onClick={() => run('approve')}
                loading={step.isPending}
                disabled={cycle.submittedByYou}
                aria-describedby={cycle.submittedByYou ? 'submitted-by' : undefined}
              >
                Approve
              </Button>
            ) : null}
            {admin && (status === 'SUBMITTED' || status === 'APPROVED') ? (
              <Button variant="default" onClick={() => setSendingBack(true)}>
                Send back
              </Button>
            ) : null}
            {admin && status === 'APPROVED' ? (
              <Button onClick={applyAfterPreview}>Apply raises</Button>
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
            <WorksheetFileActions
              cycleId={id}
              editable={editable}
              onImported={() => {
                setDrafts(new Map());
                void query.refetch();
              }}
            />
          </Group>
        }
      />
      {status === 'SUBMITTED' && cycle.submittedBy ? (
        <Text size="sm" c="dimmed" id="submitted-by">
          Submitted for approval by {cycle.submittedBy}.
          {admin && cycle.submittedByYou
            ? ' Another administrator approves it: no one approves their own submission.'
            : ''}
        </Text>
      ) : null}
      {unnamed ? (
        <Alert color="yellow" title="The company's name is not set">
          The letters say "Not set" where the employer's name goes.{' '}
          {can(user, 'manageSettings') ? (
            <>
              Set it in{' '}
              <Anchor component={Link} to="/settings/company">
                Settings → Company
              </Anchor>{' '}
              before sending them.
            </>
          ) : (
            'An administrator sets it in Settings → Company.'
          )}
        </Alert>
      ) : null}
      {cycle.sentBackComment && status === 'DRAFT' ? (
        <Alert color="yellow" title="Sent back">
          {cycle.sentBackComment}
        </Alert>
      ) : null}
      <Totals sheet={sheet} dirty={dirty} live={live} unexplained={unexplained} />
      {editable && rows.length ? (
        <BulkActions
          rows={targets}
          selected={selectedCount}
          onApply={applyToTargets}
          onClearSelection={() => setSelected(new Set())}
        />
      ) : null}
      {rows.length >= WINDOWED_FROM ? (
        <TextInput
          label="Search by Name"
          type="search"
          autoComplete="off"
          maw={420}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          description={
            shown === rows
              ? undefined
              : `${formatNumber(shown.length)} of ${formatNumber(rows.length)} employees shown. The actions above still change every row unless rows are selected.`
          }
        />
      ) : null}
      {rows.length === 0 ? (
        <Text c="dimmed">No eligible employees {teamScoped(user) ? 'in your team' : ''}.</Text>
      ) : shown.length === 0 ? (
        <Text c="dimmed">No employee matches “{search.trim()}”.</Text>
      ) : (
        <WorksheetTable
          rows={shown}
          drafts={drafts}
          editable={editable}
          onChange={change}
          selected={selected}
          onSelect={editable ? select : undefined}
          live={liveRows}
          onLetter={lettersReady ? letterOf : undefined}
          choices={choices}
        />
      )}
      {impact.dialog}
      {canEditCycle ? (
        <EditCycleDialog cycle={cycle} opened={editing} onClose={() => setEditing(false)} />
      ) : null}
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
