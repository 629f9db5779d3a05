import { todayIn } from '@salary/shared/common/calendar-day';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN, asOfPage, fakeDownloads, sendFile, where } from '../../test/as-of-page.tsx';
import { envelope, sendJson } from '../../test/http-test-server.ts';
import EmployeesPage from './employees-page.tsx';

/*
 * The directory's As of day: a date field in the filters kept in the address (?asOf=), a
 * banner while it is not today with the way back, the list and the export asked as of that
 * day, and no writes offered on another day than today.
 */

const page = asOfPage('/dashboard', <EmployeesPage />);
const { server } = page;
fakeDownloads();
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const employee = (id: number, name: string) =>
  ({
    id,
    name,
    technology: 'Backend',
    specialization: 'API',
    grade: 'Senior',
    level: 'L1',
  }) as unknown as EmployeeView;

/** The list answers by day: the leaver only before they left. */
const listFor = (asOf: string | null) =>
  asOf === '2026-03-01'
    ? [employee(1, 'Ada Lovelace'), employee(2, 'Grace Leaver')]
    : [employee(1, 'Ada Lovelace')];

function open(query = '') {
  return page.open(
    ADMIN,
    (url, _req, res) => {
      if (url.pathname === '/api/employees')
        return sendJson(res, 200, envelope(listFor(url.searchParams.get('asOf'))));
      if (url.pathname === '/api/employees/export') return sendFile(res);
      if (/^\/api\/(jobs|positions|grades|levels)/.test(url.pathname))
        return sendJson(res, 200, envelope([]));
      sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
    },
    query,
  );
}

const listRequests = () => page.asked('/api/employees');

describe('the directory as of today', () => {
  it('shows no banner, offers the writes and dates the As of field today', async () => {
    open();
    const field = await screen.findByLabelText('As of');
    expect(field).toHaveValue(todayIn('UTC'));
    expect(await screen.findByRole('link', { name: 'Add Employee' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import Excel' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.queryByText(/Showing the directory as of/)).not.toBeInTheDocument();
    expect(listRequests().every((u) => !u.searchParams.has('asOf'))).toBe(true);
  });

  it('picking a day puts it in the address, asks the list as of it and shows the banner', async () => {
    open('?status=all');
    const field = await screen.findByLabelText('As of');
    fireEvent.change(field, { target: { value: '2026-03-01' } });
    await waitFor(() => expect(where()).toBe('?status=all&asOf=2026-03-01'));
    // The list as of that day: the leaver who had not left yet is one of them.
    await waitFor(() => expect(screen.getByTestId('employee-count')).toHaveTextContent('2 employees'));
    expect(listRequests().at(-1)?.searchParams.get('asOf')).toBe('2026-03-01');
    expect(listRequests().at(-1)?.searchParams.get('status')).toBe('all');
    const banner = screen.getByTestId('as-of-banner');
    expect(banner).toHaveTextContent('Showing the directory as of 1 Mar 2026 — Back to today');
  });
});

describe('the directory as of another day', () => {
  it('is read-only: no Add, no Import, no row actions', async () => {
    open('?asOf=2026-03-01');
    await waitFor(() => expect(screen.getByTestId('employee-count')).toHaveTextContent('2 employees'));
    expect(screen.getByLabelText('As of')).toHaveValue('2026-03-01');
    expect(screen.queryByRole('link', { name: 'Add Employee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import Excel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    // The table itself, its header and totals, is there: only the writes are gone.
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toBeInTheDocument();
  });

  it('exports as of that day', async () => {
    open('?asOf=2026-03-01&gradeId=3');
    await waitFor(() => expect(screen.getByTestId('employee-count')).toHaveTextContent('2 employees'));
    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    await waitFor(() =>
      expect(server.requests.some((r) => r.path.startsWith('/api/employees/export'))).toBe(true),
    );
    const exported = new URL(
      server.requests.find((r) => r.path.startsWith('/api/employees/export'))!.path,
      server.origin,
    );
    expect(exported.searchParams.get('asOf')).toBe('2026-03-01');
    expect(exported.searchParams.get('gradeId')).toBe('3');
  });

  it('Back to today clears the day from the address, the banner and the list', async () => {
    open('?asOf=2026-03-01&name=a');
    const banner = await screen.findByTestId('as-of-banner');
    await userEvent.click(within(banner).getByRole('button', { name: 'Back to today' }));
    await waitFor(() => expect(where()).toBe('?name=a'));
    expect(screen.queryByTestId('as-of-banner')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('employee-count')).toHaveTextContent('1 employee'));
    expect(screen.getByLabelText('As of')).toHaveValue(todayIn('UTC'));
    expect(await screen.findByRole('link', { name: 'Add Employee' })).toBeInTheDocument();
  });

  it('treats today as today, and applies no day typed in part', async () => {
    open(`?asOf=${todayIn('UTC')}`);
    const field = await screen.findByLabelText('As of');
    expect(screen.queryByTestId('as-of-banner')).not.toBeInTheDocument();
    fireEvent.change(field, { target: { value: '2025-12-31' } });
    await waitFor(() => expect(where()).toBe('?asOf=2025-12-31'));
    // A year being typed (0020) and a day not whole ('') stay in the field, not in the address.
    fireEvent.change(field, { target: { value: '0020-12-31' } });
    fireEvent.change(field, { target: { value: '' } });
    expect(where()).toBe('?asOf=2025-12-31');
    fireEvent.change(field, { target: { value: todayIn('UTC') } });
    await waitFor(() => expect(where()).toBe(''));
    expect(screen.queryByTestId('as-of-banner')).not.toBeInTheDocument();
  });

  it('ignores a day that is not a real day in the address', async () => {
    open('?asOf=2026-02-30');
    expect(await screen.findByRole('link', { name: 'Add Employee' })).toBeInTheDocument();
    expect(screen.queryByTestId('as-of-banner')).not.toBeInTheDocument();
    expect(listRequests().every((u) => !u.searchParams.has('asOf'))).toBe(true);
  });
});
