import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listedNames, serveOrderedListForFile } from '../../test/ordered-list-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import GradesSection from './grades-section.tsx';

const { server, served, reorderBody } = serveOrderedListForFile('grades', 'Grade', [
  'Junior',
  'Middle',
  'Senior',
]);

// Each test signs in and drives real inputs; on a busy shared machine that outlasts the default.
vi.setConfig({ testTimeout: 20_000 });

describe('GradesSection reordering', () => {
  it('disables Up on the first row and Down on the last', async () => {
    renderWithProviders(<GradesSection />);
    expect(await screen.findByRole('button', { name: 'Move Junior up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Senior down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Middle up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Middle down' })).toBeEnabled();
  });

  it('swaps two neighbours’ orders, sends every pair, then shows the reloaded list', async () => {
    renderWithProviders(<GradesSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move Middle down' }));

    await waitFor(() => expect(listedNames()).toEqual(['Junior', 'Senior', 'Middle']));
    expect(served.reorders).toEqual([reorderBody([0, 2, 1])]);
    // The list is asked for again after the reorder, not patched locally (the company's format,
    // read once per session, may load in between).
    const calls = server.requests.map((r) => `${r.method} ${r.path}`).filter((c) => c !== 'GET /api/company');
    expect(calls.slice(calls.indexOf('POST /api/grades/reorder'))).toEqual([
      'POST /api/grades/reorder',
      'GET /api/grades',
    ]);
  });

  it("toasts 'Failed to reorder grades' when the server gives no reason", async () => {
    served.failReorder = true;
    renderWithProviders(<GradesSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Move Senior up' }));
    expect(await screen.findByText('Failed to reorder grades')).toBeInTheDocument();
    expect(listedNames()).toEqual(['Junior', 'Middle', 'Senior']);
  });
});
