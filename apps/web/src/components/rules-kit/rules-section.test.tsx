import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { RuleListBody, type RuleListQuery } from './rules-section.tsx';

type Row = { id: number; name: string };

function query(overrides: Partial<RuleListQuery<Row>>): RuleListQuery<Row> {
  return {
    data: undefined,
    isPending: false,
    isFetching: false,
    error: null,
    refetch: vi.fn(),
    ...overrides,
  };
}

function show(state: RuleListQuery<Row>) {
  return renderWithProviders(
    <RuleListBody query={state} what="jobs" failureMessage="Failed to fetch jobs" empty={<p>No jobs yet</p>}>
      {(rows) => <p>{rows.map((row) => row.name).join(', ')}</p>}
    </RuleListBody>,
  );
}

describe('RuleListBody', () => {
  it('shows a spinner while pending', () => {
    show(query({ isPending: true }));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('shows the rows once they are in', () => {
    show(
      query({
        data: [
          { id: 1, name: 'Data' },
          { id: 2, name: 'Design' },
        ],
      }),
    );
    expect(screen.getByText('Data, Design')).toBeInTheDocument();
  });

  it('says when the list is empty', () => {
    show(query({ data: [] }));
    expect(screen.getByText('No jobs yet')).toBeInTheDocument();
  });

  it('toasts the fallback and offers a retry when nothing could be read', async () => {
    const failed = query({ error: new Error('offline') });
    show(failed);
    expect(await screen.findByText('Failed to fetch jobs')).toBeInTheDocument();
    expect(screen.getByText('Could not load jobs')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it("toasts the server's reason, and keeps the rows it has when a reload fails", async () => {
    const error = new ApiError({ status: 403, message: 'No access', error: 'FORBIDDEN', fromServer: true });
    show(query({ data: [{ id: 1, name: 'Data' }], error }));
    expect(await screen.findByText('No access')).toBeInTheDocument();
    expect(screen.getByText('Data')).toBeInTheDocument();
  });
});
