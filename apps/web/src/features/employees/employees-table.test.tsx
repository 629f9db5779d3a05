import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme.ts';
import { employeeColumns } from './employee-columns.tsx';
import { EmployeesTable } from './employees-table.tsx';

function renderTable() {
  const columns = employeeColumns({
    showSalary: true,
    showCost: true,
    canEdit: false,
    canDelete: false,
    onDelete: () => {},
    onExplain: () => {},
    onMarkLeaver: () => {},
  });
  render(
    <MantineProvider theme={theme}>
      <EmployeesTable
        rows={[]}
        columns={columns}
        sort={{ column: 'id', direction: 'asc' }}
        onSort={() => {}}
        totals={{ count: 0, salary: 0, cost: 0 }}
        countLabel="0 employees"
      />
    </MantineProvider>,
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('the directory’s column names', () => {
  it('keep the list’s own names and say the employee form’s name for the same field once', () => {
    renderTable();
    const said = [
      ['Technology', "Technology — the employee's job (Job on the employee form)"],
      ['Specialization', "Specialization — the employee's position (Position on the employee form)"],
      ['Experience in years', 'Experience in years — Years of Experience on the employee form'],
      ['Company Years', 'Company Years — Years with Company on the employee form'],
      ['Offshore', 'Offshore — Base on Project on the employee form'],
      ['Acting As', 'Acting As — Acting as Different Grade on the employee form'],
    ] as const;
    for (const [name, description] of said) {
      const cell = header(name);
      // The name stays the list's, letter for letter; the description is not part of it.
      expect(cell).toHaveAccessibleName(name);
      expect(cell).toHaveAccessibleDescription(description);
    }
    // A sort button says it too, where keyboard focus lands.
    expect(within(header('Technology')).getByRole('button')).toHaveAccessibleDescription(said[0][1]);
    // Names the form shares need nothing more.
    for (const name of ['Grade', 'Level', 'Pillar', 'Remote'])
      expect(header(name)).not.toHaveAccessibleDescription();
  });

  it('say once that Total Cost is what the permission calls Accumulated Cost', () => {
    renderTable();
    const cost = header('Total Cost');
    expect(cost).toHaveAccessibleName('Total Cost');
    expect(cost).toHaveAccessibleDescription(
      "Total Cost — gross salary, benefits and the company's social insurance; the Show Accumulated Cost permission calls it Accumulated Cost",
    );
    expect(within(cost).getByRole('button')).toHaveAccessibleDescription(/Accumulated Cost/);
  });
});
