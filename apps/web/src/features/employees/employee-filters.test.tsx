import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DirectoryFilters } from '../../lib/directory-filters.ts';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { serveSignedIn } from '../../test/sign-in.ts';
import { EmployeeFilters } from './employee-filters.tsx';

const server = testServerForFile();

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  setPageUrl(`${server.origin}/dashboard`);
  serveSignedIn(server, newUser({ permissions: { showSalary: true } }), (_req, res) =>
    sendJson(res, 200, envelope([])),
  );
});

function open() {
  const onApply = vi.fn<(filters: DirectoryFilters) => void>();
  renderWithProviders(<EmployeeFilters filters={{}} showSalaryFilters applying={false} onApply={onApply} />);
  return onApply;
}

describe('the directory salary filter', () => {
  it('keeps 1000.555 as typed and filters by it, cents and all', async () => {
    const onApply = open();
    const from = await screen.findByRole('textbox', { name: 'Salary From' });
    await userEvent.type(from, '1000.555');
    expect(from).toHaveValue('$1,000.555');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(onApply).toHaveBeenLastCalledWith({ salaryFrom: 1000.555 }));
    // Leaving the field changes nothing either.
    await userEvent.tab();
    expect(from).toHaveValue('$1,000.555');
  });

  it('keeps a minus as typed, says why it is refused, and applies nothing', async () => {
    const onApply = open();
    const to = await screen.findByRole('textbox', { name: 'Salary To' });
    await userEvent.type(to, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(await screen.findByText('Salary To cannot be negative')).toBeInTheDocument();
    await userEvent.tab();
    expect(to).toHaveValue('-$5');
    expect(onApply).not.toHaveBeenCalled();
  });
});
