import { Table, Tooltip, UnstyledButton } from '@mantine/core';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { flexRender, getCoreRowModel, type Header, type Row, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, type ReactElement, useId, useMemo, useRef } from 'react';
import sideScroll from '../../components/side-scroll.module.css';
import { useSideScroll } from '../../components/use-side-scroll.ts';
import { formatMoney } from '../../lib/company-format.tsx';
import { usePrinting } from '../../lib/use-printing.ts';
import type { EmployeeColumn, EmployeeColumnMeta } from './employee-columns.tsx';
import type { DirectoryTotals, EmployeeSort, SortableColumn } from './employee-rows.ts';
import classes from './employees-table.module.css';

/** The table's scrolling box, which "Skip to the table" focuses: the next Tab is the first sort button. */
export const EMPLOYEE_TABLE_ID = 'employee-table';

const ROW_HEIGHT = 41;
/** Rows rendered beyond the visible ones, so a quick scroll never shows a blank band. */
const OVERSCAN = 12;

interface EmployeesTableProps {
  /** Already searched and sorted (employee-rows.ts); the table only lays them out. */
  rows: readonly EmployeeView[];
  columns: EmployeeColumn[];
  sort: EmployeeSort;
  onSort(column: SortableColumn): void;
  /** The totals row under the header: the listed set's count and sums (each column only where it is shown). */
  totals: DirectoryTotals;
  countLabel: string;
}

const metaOf = (header: Header<EmployeeView, unknown>) => header.column.columnDef.meta as EmployeeColumnMeta;

function cellClass(meta: EmployeeColumnMeta, lastPinned: boolean, base: string | undefined) {
  return [
    base,
    meta.pinnedLeft !== undefined && classes.pinned,
    lastPinned && classes.lastPinned,
    meta.pinnedRight !== undefined && classes.pinnedRight,
    meta.align === 'right' && classes.right,
  ]
    .filter(Boolean)
    .join(' ');
}

function pinStyle(meta: EmployeeColumnMeta): CSSProperties | undefined {
  // Variables, not `left`/`right`: the stylesheet applies them only where pinning is on (not on phones).
  if (meta.pinnedLeft !== undefined) return { '--pin-left': `${meta.pinnedLeft}px` } as CSSProperties;
  if (meta.pinnedRight !== undefined) return { '--pin-right': `${meta.pinnedRight}px` } as CSSProperties;
  return undefined;
}

function footerText(meta: EmployeeColumnMeta, totals: DirectoryTotals, countLabel: string): string {
  switch (meta.footer) {
    case 'label':
      return 'Total';
    case 'count':
      return countLabel;
    case 'salary':
      return formatMoney(totals.salary);
    case 'cost':
      return formatMoney(totals.cost);
    default:
      return '';
  }
}

/** A total that shrinks to its column instead of losing its cents to an ellipsis. */
function FitFigure({ text }: { text: string }) {
  return (
    <span className={classes.fit}>
      <span className={classes.fitValue} style={{ '--figure-chars': text.length } as CSSProperties}>
        {text}
      </span>
    </span>
  );
}

/** A header's description: where to read it (aria-describedby) and what to show on hover, focus or touch. */
interface HeaderDescription {
  id: string;
  text: string;
}

/** The description as a tooltip of `target`; a header without one is left as it is. */
function Described({ description, children }: { description?: HeaderDescription; children: ReactElement }) {
  if (!description) return children;
  return (
    <Tooltip
      label={description.text}
      multiline
      w={260}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      {children}
    </Tooltip>
  );
}

/** A column name with a description is underlined with dots, as a sign that it says more. */
function HeaderLabel({ label, described }: { label: string; described: boolean }) {
  return described ? <span className={classes.described}>{label}</span> : label;
}

function SortableHeader({
  label,
  column,
  sort,
  onSort,
  description,
}: { label: string; column: SortableColumn; description?: HeaderDescription } & Pick<
  EmployeesTableProps,
  'sort' | 'onSort'
>) {
  const sorted = sort.column === column ? sort.direction : null;
  const Icon = sorted === 'asc' ? IconArrowUp : sorted === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Described description={description}>
      <UnstyledButton
        className={classes.sortButton}
        data-sorted={sorted ?? undefined}
        onClick={() => onSort(column)}
        aria-describedby={description?.id}
      >
        <HeaderLabel label={label} described={description !== undefined} />
        <Icon size={14} stroke={2} className={classes.sortIcon} aria-hidden />
      </UnstyledButton>
    </Described>
  );
}

// Body rows are plain <tr>/<td> with Mantine's table classes: a Mantine Table.Td per cell
// (props, theme and styles resolved each time) was most of the work of drawing the rows.
const TR_CLASS = `mantine-Table-tr ${Table.classes.tr} ${classes.row}`;
const TD_CLASS = `mantine-Table-td ${Table.classes.td}`;

interface EmployeeRowProps {
  row: Row<EmployeeView>;
  /** 1-based, counting the two header rows: the row's place in the whole list for screen readers. */
  rowIndex: number;
  columns: EmployeeColumn[];
  lastPinnedIndex: number;
  firstRightIndex: number;
}

/**
 * One employee's row. The table model is rebuilt as rows scroll into view, so a row is drawn
 * again only when its employee, place or columns change.
 */
const EmployeeRow = memo(
  function EmployeeRow({ row, rowIndex, lastPinnedIndex, firstRightIndex }: EmployeeRowProps) {
    return (
      <tr className={TR_CLASS} data-with-row-border aria-rowindex={rowIndex} data-employee-id={row.id}>
        {row.getVisibleCells().map((cell, index) => {
          const meta = cell.column.columnDef.meta as EmployeeColumnMeta;
          return (
            <td
              key={cell.id}
              className={cellClass(meta, index === lastPinnedIndex, `${TD_CLASS} ${classes.td}`)}
              data-first-right={index === firstRightIndex || undefined}
              data-column={cell.column.id}
              style={pinStyle(meta)}
              title={meta.titleOf?.(row.original)}
            >
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </td>
          );
        })}
      </tr>
    );
  },
  (a, b) =>
    a.row.original === b.row.original &&
    a.rowIndex === b.rowIndex &&
    a.columns === b.columns &&
    a.lastPinnedIndex === b.lastPinnedIndex &&
    a.firstRightIndex === b.firstRightIndex,
);

/**
 * The directory grid. TanStack Virtual picks the rows in view (plus OVERSCAN), rendered between
 * two spacer rows, so 10,000 employees cost ~40 <tr>; TanStack Table lays out their cells.
 * Printing draws every row (usePrinting), so the paper has the whole list.
 * Sorting and searching happen before (pure functions), which keeps this component layout-only.
 */
export function EmployeesTable({ rows, columns, sort, onSort, totals, countLabel }: EmployeesTableProps) {
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const printing = usePrinting();
  const inViewItems = virtualizer.getVirtualItems();
  const items = useMemo(
    () =>
      printing
        ? rows.map((_, index) => ({ index, start: index * ROW_HEIGHT, end: (index + 1) * ROW_HEIGHT }))
        : inViewItems,
    [printing, rows, inViewItems],
  );
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  // The table model is built for the rows in view only: TanStack Table gives every row it
  // models a few dozen closures, which for 10,000 rows is a visible pause and a lot of GC.
  const inView = useMemo(() => rows.slice(first, last + 1), [rows, first, last]);
  const table = useReactTable({
    data: inView,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (employee) => String(employee.id),
  });
  const tableRows = table.getRowModel().rows;
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const totalWidth = columns.reduce((sum, column) => sum + column.meta.width, 0);
  const lastPinnedIndex = columns.findLastIndex((column) => column.meta.pinnedLeft !== undefined);
  const firstRightIndex = columns.findIndex((column) => column.meta.pinnedRight !== undefined);

  const more = useSideScroll(scrollRef);
  const descriptionIds = useId();
  const descriptionOf = (meta: EmployeeColumnMeta, column: string): HeaderDescription | undefined =>
    meta.description
      ? { id: `${descriptionIds}-${column.replace(/\W+/g, '-')}`, text: meta.description }
      : undefined;

  return (
    <div
      className={sideScroll.frame}
      data-more-left={more.left || undefined}
      data-more-right={more.right || undefined}
    >
      <section
        ref={scrollRef}
        id={EMPLOYEE_TABLE_ID}
        className={classes.scroller}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        aria-label="Employees"
        // Focus scrolls a cell into view clear of the pinned columns on either side.
        style={
          {
            '--pinned-left-width': `${columns.filter((c) => c.meta.pinnedLeft !== undefined).reduce((w, c) => w + c.meta.width, 0)}px`,
            '--pinned-right-width': `${columns.filter((c) => c.meta.pinnedRight !== undefined).reduce((w, c) => w + c.meta.width, 0)}px`,
          } as CSSProperties
        }
      >
        <Table
          className={classes.table}
          // Variables, not inline sizes: the print stylesheet lets the paper's width decide.
          style={{ '--table-min-width': `${totalWidth}px` } as CSSProperties}
          verticalSpacing={0}
          horizontalSpacing="sm"
          fz="sm"
          aria-rowcount={rows.length + 2}
        >
          <colgroup>
            {columns.map((column) => (
              <col key={column.id} style={{ '--col-width': `${column.meta.width}px` } as CSSProperties} />
            ))}
          </colgroup>
          <Table.Thead className={classes.thead}>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id} aria-rowindex={1}>
                {group.headers.map((header, index) => {
                  const meta = metaOf(header);
                  const label = String(header.column.columnDef.header);
                  const sorted = meta.sortKey && sort.column === meta.sortKey ? sort.direction : null;
                  const description = descriptionOf(meta, header.column.id);
                  return (
                    <Table.Th
                      key={header.id}
                      className={cellClass(meta, index === lastPinnedIndex, classes.th)}
                      data-first-right={index === firstRightIndex || undefined}
                      data-column={header.column.id}
                      // On paper a sort button's name is printed from here (print styles).
                      data-print-label={meta.sortKey ? label : undefined}
                      style={{ ...pinStyle(meta), paddingBlock: 10 }}
                      aria-describedby={description?.id}
                      aria-sort={
                        meta.sortKey
                          ? sorted === 'asc'
                            ? 'ascending'
                            : sorted === 'desc'
                              ? 'descending'
                              : 'none'
                          : undefined
                      }
                    >
                      {meta.sortKey ? (
                        <SortableHeader
                          label={label}
                          column={meta.sortKey}
                          sort={sort}
                          onSort={onSort}
                          description={description}
                        />
                      ) : (
                        <Described description={description}>
                          <span>
                            <HeaderLabel label={label} described={description !== undefined} />
                          </span>
                        </Described>
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
            {/* The totals sit under the column names, so they are in view without scrolling 200 rows. */}
            <Table.Tr aria-rowindex={2} data-testid="directory-totals">
              {columns.map((column, index) => (
                <Table.Td
                  key={column.id}
                  className={cellClass(column.meta, index === lastPinnedIndex, classes.tf)}
                  data-first-right={index === firstRightIndex || undefined}
                  data-column={column.id}
                  style={pinStyle(column.meta)}
                  data-footer={column.meta.footer}
                >
                  {column.meta.footer === 'salary' || column.meta.footer === 'cost' ? (
                    <FitFigure text={footerText(column.meta, totals, countLabel)} />
                  ) : (
                    footerText(column.meta, totals, countLabel)
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {before > 0 ? (
              <tr className={classes.spacer} aria-hidden style={{ height: before }}>
                <td colSpan={columns.length} />
              </tr>
            ) : null}
            {items.map((item, position) => {
              const row = tableRows[position];
              if (!row) return null;
              return (
                <EmployeeRow
                  key={row.id}
                  row={row}
                  rowIndex={item.index + 3}
                  columns={columns}
                  lastPinnedIndex={lastPinnedIndex}
                  firstRightIndex={firstRightIndex}
                />
              );
            })}
            {after > 0 ? (
              <tr className={classes.spacer} aria-hidden style={{ height: after }}>
                <td colSpan={columns.length} />
              </tr>
            ) : null}
          </Table.Tbody>
        </Table>
        {/* The headers' descriptions, read out with them (aria-describedby) rather than as part of their names. */}
        <div hidden>
          {columns.map((column) => {
            const description = descriptionOf(column.meta, column.id);
            return description ? (
              <span key={column.id} id={description.id}>
                {description.text}
              </span>
            ) : null;
          })}
        </div>
      </section>
    </div>
  );
}
