import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listedNames, serveOrderedListForFile } from '../../test/ordered-list-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import LevelsSection from './levels-section.tsx';

const { served, reorderBody } = serveOrderedListForFile('levels', 'Level', ['Entry', 'Mid', 'Expert']);

vi.setConfig({ testTimeout: 20_000 });

async function askDelete(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Delete ${name}` }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete level' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('LevelsSection', () => {
  it('moves a level up from the keyboard, sends every pair, and shows the reloaded order', async () => {
    renderWithProviders(<LevelsSection />);
    expect(await screen.findByRole('button', { name: 'Move Entry up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Expert down' })).toBeDisabled();
    screen.getByRole('button', { name: 'Move Expert up' }).focus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(listedNames()).toEqual(['Entry', 'Expert', 'Mid']));
    expect(served.reorders).toEqual([reorderBody([0, 2, 1])]);
  });

  it('deletes a level nothing uses after the confirmation', async () => {
    renderWithProviders(<LevelsSection />);
    await askDelete('Mid');
    expect(await screen.findByText('Level deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(listedNames()).toEqual(['Entry', 'Expert']));
  });

  it("shows the server's reason when a level in use is not deleted, and keeps it", async () => {
    const refusal = 'Cannot delete level "Mid": 2 employees are assigned to it';
    served.deleteRefusal = refusal;
    renderWithProviders(<LevelsSection />);
    await askDelete('Mid');
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(listedNames()).toEqual(['Entry', 'Mid', 'Expert']);
  });
});
