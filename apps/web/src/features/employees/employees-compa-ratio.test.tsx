import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN, asOfPage, where } from '../../test/as-of-page.tsx';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson } from '../../test/http-test-server.ts';
import { employeeColumns } from './employee-columns.tsx';
import EmployeesPage from './employees-page.tsx';

/*
 * The directory's Compa-ratio column and Outside band filter: shown to readers of salaries
 * only; the filter lives in the address and asks the server for those outside their band.
 */

const page = asOfPage('/dashboard', <EmployeesPage />);
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 30_000 });

const employee = (id: number, name: string, compaRatio: number, bandPosition: string) =>
  ({
    id,
    name,
    technology: { id: 1, name: 'Backend' },
    position: { id: 1, name: 'API' },
    grade: { id: 1, name: 'Senior' },
    level: { id: 1, name: 'L1' },
    calculatedSalary: 5000,
    compaRatio,
    bandPosition,
  }) as unknown as EmployeeView;

const EVERYONE = [
  employee(1, 'Ada Inside', 1.05, 'INSIDE'),
  employee(2, 'Bo Above', 1.12, 'ABOVE'),
  employee(3, 'Cy Below', 0.9, 'BELOW'),
];

function open(user = ADMIN, query = '') {
  return page.open(
    user,
    (url, _req, res) => {
      if (url.pathname === '/api/employees')
        return sendJson(
          res,
          200,
          envelope(
            url.searchParams.get('outsideBand') === 'true'
              ? EVERYONE.filter((e) => e.bandPosition !== 'INSIDE')
              : EVERYONE,
          ),
        );
      if (/^\/api\/(jobs|positions|grades|levels)/.test(url.pathname))
        return sendJson(res, 200, envelope([]));
      sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
    },
    query,
  );
}

/** The Compa-ratio cell of one employee, as the table draws it (rows are windowed out of jsdom's view). */
function cellText(e: EmployeeView): unknown {
  const column = employeeColumns({
    showSalary: true,
    showCost: false,
    canEdit: false,
    canDelete: false,
    onDelete: () => {},
    onExplain: () => {},
    onMarkLeaver: () => {},
  }).find((c) => c.id === 'compaRatio')!;
  const cell = column.cell as (context: { row: { original: EmployeeView } }) => unknown;
  return cell({ row: { original: e } });
}

const count = () => screen.getByTestId('employee-count');

describe('compa-ratio in the directory', () => {
  it('has a Compa-ratio column that says when a ratio is outside the band', async () => {
    open();
    expect(await screen.findByRole('columnheader', { name: /^Compa-ratio/ })).toBeInTheDocument();
    expect(EVERYONE.map(cellText)).toEqual(['1.05', '1.12 above band', '0.90 below band']);
  });

  it('Outside band lists only those outside their band, and keeps it in the address', async () => {
    open();
    await waitFor(() => expect(count()).toHaveTextContent('3 employees'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Outside band' }));
    await waitFor(() => expect(where()).toBe('?outsideBand=true'));
    await waitFor(() => expect(count()).toHaveTextContent('2 employees'));
    expect(page.asked('/api/employees').at(-1)?.searchParams.get('outsideBand')).toBe('true');
  });

  it('offers neither the column nor the filter without Show Calculated Salary', async () => {
    open(newUser({ permissions: { showCost: true } }));
    await waitFor(() => expect(count()).toHaveTextContent('3 employees'));
    expect(screen.queryByRole('columnheader', { name: /^Compa-ratio/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Outside band' })).not.toBeInTheDocument();
  });
});
