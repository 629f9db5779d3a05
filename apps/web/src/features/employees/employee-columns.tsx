import { Anchor, Button } from '@mantine/core';
import { formatMoney } from '@salary/shared/common/money';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { type SortableColumn, yesNo } from './employee-rows.ts';

/** Layout facts the table needs per column; fixed widths keep columns still while rows virtualise. */
export interface EmployeeColumnMeta {
  width: number;
  align?: 'right';
  /** Set for the columns spec §2 marks sortable. */
  sortKey?: SortableColumn;
  /** ID and Name stay in view while the other columns scroll sideways. */
  pinnedLeft?: number;
  /** Full text for the cell's tooltip: narrow columns cut long names short. */
  titleOf?: (employee: EmployeeView) => string;
}

export type EmployeeColumn = ColumnDef<EmployeeView> & { meta: EmployeeColumnMeta };

export interface EmployeeColumnOptions {
  showSalary: boolean;
  showCost: boolean;
  /** ID and Name link to the edit page. */
  canEdit: boolean;
  canDelete: boolean;
  onDelete(employee: EmployeeView): void;
}

const editPath = (employee: EmployeeView) => `/employees/edit/${employee.id}`;

function text(header: string, width: number, read: (e: EmployeeView) => string | number): EmployeeColumn {
  const titleOf = (e: EmployeeView) => String(read(e));
  return { id: header, header, meta: { width, titleOf }, cell: ({ row }) => read(row.original) };
}

function number(header: string, sortKey: SortableColumn, width: number, read: (e: EmployeeView) => string) {
  return {
    id: sortKey,
    header,
    meta: { width, align: 'right', sortKey },
    cell: ({ row }) => read(row.original),
  } satisfies EmployeeColumn;
}

/** Spec §2's columns, in order, leaving out the ones the user may not see. */
export function employeeColumns(options: EmployeeColumnOptions): EmployeeColumn[] {
  const { canEdit } = options;
  const columns: EmployeeColumn[] = [
    {
      id: 'id',
      header: 'ID',
      meta: { width: 72, sortKey: 'id', pinnedLeft: 0 },
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
      header: 'Name',
      meta: { width: 200, pinnedLeft: 72, titleOf: (e) => e.name },
      cell: ({ row }) =>
        canEdit ? (
          <Anchor component={Link} to={editPath(row.original)} size="sm" fw={500}>
            {row.original.name}
          </Anchor>
        ) : (
          row.original.name
        ),
    },
    text('Technology', 170, (e) => e.technology.name),
    text('Specialization', 190, (e) => e.position.name),
    text('Grade', 110, (e) => e.grade.name),
    text('Level', 100, (e) => e.level.name),
    number('Experience in years', 'yearsExperience', 120, (e) => String(e.yearsExperience)),
    number('Company Years', 'yearsWithCompany', 116, (e) => String(e.yearsWithCompany)),
    text('Offshore', 92, (e) => yesNo(e.offshoreProject)),
    text('Acting As', 96, (e) => yesNo(e.actingAsDifferentGrade)),
    text('Pillar', 84, (e) => yesNo(e.pillar)),
    text('Remote', 92, (e) => yesNo(e.remote)),
  ];
  if (options.showSalary) {
    columns.push(
      number('Calculated Salary', 'calculatedSalary', 150, (e) => formatMoney(e.calculatedSalary)),
    );
  }
  if (options.showCost) {
    columns.push(number('Total Cost', 'accumulatedCost', 136, (e) => formatMoney(e.accumulatedCost)));
  }
  if (options.canDelete) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      meta: { width: 104, align: 'right' },
      cell: ({ row }) => (
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
      ),
    });
  }
  return columns;
}
