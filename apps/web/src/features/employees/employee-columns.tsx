import { Anchor, Button, Group, UnstyledButton } from '@mantine/core';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { EMPLOYEE_FIELDS } from '@salary/shared/employees/employee-fields';
import { IconDoorExit, IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/company-format.tsx';
import { type SortableColumn, yesNo } from './employee-rows.ts';

/** Layout facts the table needs per column; fixed widths keep columns still while rows virtualise. */
export interface EmployeeColumnMeta {
  width: number;
  align?: 'right';
  /** Set for the sortable columns. */
  sortKey?: SortableColumn;
  /** ID and Name stay in view while the other columns scroll sideways. */
  pinnedLeft?: number;
  /** The money and the row actions stay in view at the right edge (issue 17: the figures the page is for). */
  pinnedRight?: number;
  /** What the footer row shows under this column. */
  footer?: 'label' | 'count' | 'salary' | 'cost';
  /** Full text for the cell's tooltip: narrow columns cut long names short. */
  titleOf?: (employee: EmployeeView) => string;
  /**
   * What the header means, where the list's name for it differs from the form's (or a
   * permission's): the column keeps its name and says the other once.
   */
  description?: string;
}

export type EmployeeColumn = ColumnDef<EmployeeView> & { id: string; meta: EmployeeColumnMeta };

export interface EmployeeColumnOptions {
  showSalary: boolean;
  showCost: boolean;
  /** ID and Name link to the edit page. */
  canEdit: boolean;
  canDelete: boolean;
  onDelete(employee: EmployeeView): void;
  /** Opens Mark as leaver for the employee (with canEdit). */
  onMarkLeaver(employee: EmployeeView): void;
  /** Opens "Why this salary?" for the employee. */
  onExplain(employee: EmployeeView): void;
  /** false: the salary is plain text (the list as of another day: the explanation is today's). */
  explains?: boolean;
}

export const COMPA_RATIO_DESCRIPTION =
  'Compa-ratio — the base salary, job adjustment and individual allowance over the middle of the salary band for the grade and level';

/** "1.05", or "1.12 above band" / "0.91 below band" when outside it; '—' without a base salary. */
export function compaRatioText(e: Pick<EmployeeView, 'compaRatio' | 'bandPosition'>): string {
  if (e.compaRatio == null) return '—';
  const ratio = e.compaRatio.toFixed(2);
  if (e.bandPosition === 'ABOVE') return `${ratio} above band`;
  if (e.bandPosition === 'BELOW') return `${ratio} below band`;
  return ratio;
}

const editPath = (employee: EmployeeView) => `/employees/edit/${employee.id}`;

export const TOTAL_COST_DESCRIPTION =
  "Total Cost — gross salary, benefits and the company's social insurance; the Show Accumulated Cost permission calls it Accumulated Cost";

function text(
  header: string,
  width: number,
  read: (e: EmployeeView) => string | number,
  { sortKey, description }: { sortKey?: SortableColumn; description?: string } = {},
): EmployeeColumn {
  const titleOf = (e: EmployeeView) => String(read(e));
  return {
    id: sortKey ?? header,
    header,
    meta: { width, titleOf, ...(sortKey && { sortKey }), ...(description && { description }) },
    cell: ({ row }) => read(row.original),
  };
}

function number(
  header: string,
  sortKey: SortableColumn,
  width: number,
  read: (e: EmployeeView) => string,
  description?: string,
) {
  return {
    id: sortKey,
    header,
    meta: { width, align: 'right', sortKey, ...(description && { description }) },
    cell: ({ row }) => read(row.original),
  } satisfies EmployeeColumn;
}

/** Pins the trailing columns (money, actions) to the right edge, each after the ones to its right. */
function pinRight(columns: EmployeeColumn[], from: number): void {
  let offset = 0;
  for (let i = columns.length - 1; i >= from; i--) {
    columns[i]!.meta.pinnedRight = offset;
    offset += columns[i]!.meta.width;
  }
}

const NAME = EMPLOYEE_FIELDS[0];

/*
 * The fields' columns after ID and Name, from the field table (`list`): the list keeps its own
 * column names (Technology, Specialization, Offshore…), and where the employee form names the
 * same field differently, the header says the form's name once (`list.description`).
 */
const FIELD_COLUMNS: EmployeeColumn[] = EMPLOYEE_FIELDS.flatMap((f): EmployeeColumn[] => {
  if (!('list' in f) || f === NAME) return [];
  const { header, width } = f.list;
  const sortKey = 'sortKey' in f.list ? (f.list.sortKey as SortableColumn) : undefined;
  const description = 'description' in f.list ? f.list.description : undefined;
  switch (f.kind) {
    case 'reference': {
      const view = f.reference.view;
      return [text(header, width, (e) => e[view].name, { sortKey, description })];
    }
    case 'years':
      return [
        number(header, sortKey ?? (f.wire as SortableColumn), width, (e) => String(e[f.wire]), description),
      ];
    case 'flag':
      return [text(header, width, (e) => yesNo(e[f.wire]), { description })];
    default:
      return [];
  }
});

/** The directory's columns, in order, leaving out the ones the user may not see. */
export function employeeColumns(options: EmployeeColumnOptions): EmployeeColumn[] {
  const { canEdit } = options;
  const columns: EmployeeColumn[] = [
    {
      id: 'id',
      header: 'ID',
      meta: { width: 72, sortKey: 'id', pinnedLeft: 0, footer: 'label' },
      cell: ({ row }) =>
        canEdit ? (
          <Anchor component={Link} to={editPath(row.original)} size="sm">
            {row.original.id}
          </Anchor>
        ) : (
          row.original.id
        ),
    },
    {
      id: 'name',
      header: NAME.list.header,
      meta: {
        width: NAME.list.width,
        pinnedLeft: 72,
        sortKey: 'name',
        titleOf: (e) => e.name,
        footer: 'count',
      },
      cell: ({ row }) =>
        canEdit ? (
          <Anchor component={Link} to={editPath(row.original)} size="sm" fw={500}>
            {row.original.name}
          </Anchor>
        ) : (
          row.original.name
        ),
    },
    ...FIELD_COLUMNS,
  ];
  const firstPinnedRight = columns.length;
  if (options.showSalary) {
    columns.push({
      ...number('Calculated Salary', 'calculatedSalary', 136, (e) => formatMoney(e.calculatedSalary)),
      meta: { width: 136, align: 'right', sortKey: 'calculatedSalary', footer: 'salary' },
      // The salary opens its explanation; an employee without one has nothing to explain.
      cell: ({ row }) =>
        row.original.calculatedSalary == null ? (
          '—'
        ) : options.explains === false ? (
          formatMoney(row.original.calculatedSalary)
        ) : (
          <UnstyledButton
            onClick={() => options.onExplain(row.original)}
            aria-label={`Why this salary? ${row.original.name}: ${formatMoney(row.original.calculatedSalary)}`}
            title="Why this salary?"
            fz="sm"
            c="indigo.8"
            td="underline dotted"
          >
            {formatMoney(row.original.calculatedSalary)}
          </UnstyledButton>
        ),
    });
  }
  if (options.showSalary) {
    columns.push({
      ...number('Compa-ratio', 'compaRatio', 156, (e) => compaRatioText(e)),
      meta: {
        // Room for "0.87 below band" on one line.
        width: 156,
        align: 'right',
        sortKey: 'compaRatio',
        description: COMPA_RATIO_DESCRIPTION,
        titleOf: compaRatioText,
      },
      cell: ({ row }) => compaRatioText(row.original),
    });
  }
  if (options.showCost) {
    columns.push({
      ...number('Total Cost', 'accumulatedCost', 124, (e) => formatMoney(e.accumulatedCost)),
      meta: {
        width: 124,
        align: 'right',
        sortKey: 'accumulatedCost',
        footer: 'cost',
        description: TOTAL_COST_DESCRIPTION,
      },
    });
  }
  if (options.canDelete || options.canEdit) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      meta: { width: 24 + (options.canEdit ? 96 : 0) + (options.canDelete ? 96 : 0), align: 'right' },
      cell: ({ row }) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {options.canEdit ? (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconDoorExit size={14} />}
              onClick={() => options.onMarkLeaver(row.original)}
              aria-label={`Mark ${row.original.name} as leaver`}
            >
              Leaver
            </Button>
          ) : null}
          {options.canDelete ? (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => options.onDelete(row.original)}
              aria-label={`Delete ${row.original.name}`}
            >
              Delete
            </Button>
          ) : null}
        </Group>
      ),
    });
  }
  // On a wide screen nothing needs pinning: the stylesheet applies it only where it helps.
  pinRight(columns, firstPinnedRight);
  return columns;
}
