import { MantineProvider } from '@mantine/core';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme.ts';
import { employeeColumns } from './employee-columns.tsx';

/*
 * The directory row's actions: Mark as leaver (with manageEmployee) opens the employee page's
 * own dialog for that row (the directory holds it), Delete (with deleteEmployee) its confirmation.
 */

const ada = { id: 7, name: 'Ada Lovelace' } as EmployeeView;

function renderActions(permissions: { canEdit: boolean; canDelete: boolean }) {
  const onMarkLeaver = vi.fn();
  const onDelete = vi.fn();
  const columns = employeeColumns({
    showSalary: false,
    showCost: false,
    ...permissions,
    onDelete,
    onExplain: () => {},
    onMarkLeaver,
  });
  const actions = columns.find((c) => c.id === 'actions');
  if (actions) {
    const cell = actions.cell as (context: { row: { original: EmployeeView } }) => ReactNode;
    render(<MantineProvider theme={theme}>{cell({ row: { original: ada } })}</MantineProvider>);
  }
  return { actions, onMarkLeaver, onDelete };
}

describe("the directory row's actions", () => {
  it('offers Mark as leaver and Delete, each for its row', async () => {
    const { onMarkLeaver, onDelete } = renderActions({ canEdit: true, canDelete: true });
    const leaver = screen.getByRole('button', { name: 'Mark Ada Lovelace as leaver' });
    expect(leaver).toHaveTextContent('Leaver');
    await userEvent.click(leaver);
    expect(onMarkLeaver).toHaveBeenCalledWith(ada);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Ada Lovelace' }));
    expect(onDelete).toHaveBeenCalledWith(ada);
  });

  it('shows each action only with its permission, and no column with neither', () => {
    renderActions({ canEdit: true, canDelete: false });
    expect(screen.getByRole('button', { name: 'Mark Ada Lovelace as leaver' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Ada Lovelace' })).not.toBeInTheDocument();
    expect(renderActions({ canEdit: false, canDelete: false }).actions).toBeUndefined();
  });
});
