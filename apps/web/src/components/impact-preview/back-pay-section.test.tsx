import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-app.tsx';
import { ImpactPreviewDialog } from './impact-preview-dialog.tsx';

/*
 * The impact preview of a change dated in the past: "Back pay owed" with its totals and who is
 * owed what, largest first; gross only for who may see salaries.
 */

const IMPACT = {
  employees: 80,
  employeesAffected: 60,
  showSalary: true,
  showCost: true,
  totals: {
    grossBefore: 1000,
    grossAfter: 1100,
    grossDelta: 100,
    costBefore: 1200,
    costAfter: 1320,
    costDelta: 120,
  },
  byJob: [],
  byGrade: [],
  changes: [],
  backPay: {
    from: '2026-09-15',
    to: '2026-11-26',
    employees: [
      { id: 7, name: 'Ada Lovelace', gross: 812.4, cost: 950.51 },
      { id: 3, name: 'Alan Turing', gross: 120, cost: 140.4 },
    ],
    employeeCount: 52,
    totals: { gross: 9321.07, cost: 10905.65 },
  },
};

const noop = () => {};
function show(impact: object) {
  renderWithProviders(
    <ImpactPreviewDialog
      impact={impact as never}
      asking
      onConfirm={noop}
      onCancel={noop}
      onDownload={noop}
      downloading={false}
    />,
  );
  return screen.getByRole('dialog', { name: 'Impact of this change' });
}

describe('Back pay owed in the impact preview', { timeout: 30_000 }, () => {
  it('shows the totals and each employee owed, with how many more are owed', async () => {
    const dialog = show(IMPACT);
    const section = within(dialog).getByRole('region', { name: 'Back pay owed' });
    expect(section).toHaveTextContent('52 employees are owed back pay');
    expect(within(section).getByRole('region', { name: 'Gross back pay' })).toHaveTextContent('$9,321.07');
    expect(within(section).getByRole('region', { name: 'Total cost back pay' })).toHaveTextContent(
      '$10,905.65',
    );
    const rows = within(within(section).getByRole('table', { name: 'Back pay by employee' })).getAllByRole(
      'row',
    );
    expect(rows.map((r) => r.textContent)).toEqual([
      'EmployeeGrossTotal cost',
      'Ada Lovelace$812.40$950.51',
      'Alan Turing$120.00$140.40',
    ]);
    expect(section).toHaveTextContent('and 50 more');
  });

  it('shows no gross to a viewer without salaries', async () => {
    const { backPay } = IMPACT;
    const costOnly = {
      ...IMPACT,
      showSalary: false,
      backPay: {
        ...backPay,
        employees: backPay.employees.map(({ gross: _g, ...e }) => e),
        totals: { cost: backPay.totals.cost },
      },
    };
    const dialog = show(costOnly);
    const section = within(dialog).getByRole('region', { name: 'Back pay owed' });
    expect(within(section).queryByRole('region', { name: 'Gross back pay' })).toBeNull();
    expect(within(section).getByRole('columnheader', { name: 'Total cost' })).toBeInTheDocument();
    expect(within(section).queryByRole('columnheader', { name: 'Gross' })).toBeNull();
  });

  it('has no back pay section for a change from today', () => {
    const { backPay: _b, ...plain } = IMPACT;
    const dialog = show(plain);
    expect(within(dialog).queryByRole('region', { name: 'Back pay owed' })).toBeNull();
  });
});
