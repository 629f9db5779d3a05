import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { newSettings, serveSettings } from '../../test/settings-server.ts';
import BenefitsSection from './benefits-section.tsx';

/* Settings → Benefits for someone who may change settings: each add or remove saves at once. */

const server = testServerForFile();
const WAIT = { timeout: 10_000 };

beforeEach(() => {
  setPageUrl(`${server.origin}/settings/benefits`);
});

const form = () => within(screen.getByRole('form', { name: 'Add benefit' }));
const list = () => within(screen.getByRole('region', { name: 'Current Benefits' }));
const addButton = () => form().getByRole('button', { name: 'Add' });
/** The names in Current Benefits, in order. */
const names = () =>
  Array.from(
    screen.getByRole('region', { name: 'Current Benefits' }).querySelectorAll('li[data-benefit]'),
  ).map((item) => item.getAttribute('data-benefit'));
const item = (name: string) =>
  screen.getByRole('region', { name: 'Current Benefits' }).querySelector(`li[data-benefit="${name}"]`);

async function open() {
  renderWithProviders(<BenefitsSection />, { route: '/settings/benefits' });
  await screen.findByRole('region', { name: 'Current Benefits' }, WAIT);
  return screen.findByRole('textbox', { name: 'Benefit Name' }, WAIT);
}

describe('benefits', { timeout: 30_000 }, () => {
  it('keeps Add disabled until a name and an amount are there, then saves, toasts and empties the form', async () => {
    const store = serveSettings(server, newSettings({ benefits: [] }));
    const name = await open();

    expect(addButton()).toBeDisabled();
    await userEvent.type(name, 'Gym');
    expect(addButton()).toBeDisabled();
    await userEvent.type(form().getByRole('textbox', { name: 'Amount' }), '12.5');
    await userEvent.click(form().getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Percentage of Salary', hidden: true }));
    expect(addButton()).toBeEnabled();
    await userEvent.click(addButton());

    expect(await screen.findByText('Benefit added successfully', {}, WAIT)).toBeInTheDocument();
    expect(store.saves()).toEqual([
      expect.objectContaining({ version: 3, benefits: [{ name: 'Gym', amount: 12.5, type: 'PERCENTAGE' }] }),
    ]);
    expect(item('Gym')).toHaveTextContent('12.5% of gross salary');
    // The form is ready for the next one.
    expect(name).toHaveValue('');
  });

  it('removes a benefit and saves at once', async () => {
    const store = serveSettings(
      server,
      newSettings({
        benefits: [
          { name: 'Meal', amount: 90, type: 'FIXED_AMOUNT' },
          { name: 'Parking', amount: 40.25, type: 'FIXED_AMOUNT' },
        ],
      }),
    );
    await open();
    expect(names()).toEqual(['Meal', 'Parking']);
    expect(item('Parking')).toHaveTextContent('$40.25');

    await userEvent.click(list().getByRole('button', { name: 'Remove Parking' }));

    expect(await screen.findByText('Benefit removed successfully', {}, WAIT)).toBeInTheDocument();
    expect(names()).toEqual(['Meal']);
    expect(store.saves()).toEqual([
      expect.objectContaining({ version: 3, benefits: [{ name: 'Meal', amount: 90, type: 'FIXED_AMOUNT' }] }),
    ]);
  });

  it('says when there are none', async () => {
    serveSettings(server, newSettings({ benefits: [] }));
    await open();
    expect(list().getByText('No benefits added yet')).toBeInTheDocument();
  });

  it("refuses a name that's already there, whatever its case and spaces, and sends nothing", async () => {
    const store = serveSettings(
      server,
      newSettings({ benefits: [{ name: 'Health', amount: 100, type: 'FIXED_AMOUNT' }] }),
    );
    const name = await open();
    await userEvent.type(name, ' HEALTH ');
    await userEvent.type(form().getByRole('textbox', { name: 'Amount' }), '5');
    await userEvent.click(addButton());

    expect(await form().findByText('A benefit named "HEALTH" already exists', {}, WAIT)).toBeInTheDocument();
    expect(store.saves()).toEqual([]);
    expect(names()).toEqual(['Health']);
  });

  it('reloads the settings when a save fails because someone else saved first', async () => {
    const store = serveSettings(server, newSettings({ benefits: [] }));
    const name = await open();
    // Meanwhile, someone else adds one: the screen's version is now out of date.
    store.stored = newSettings({
      benefits: [{ name: 'Theirs', amount: 10, type: 'FIXED_AMOUNT' }],
      version: 4,
    });

    await userEvent.type(name, 'Mine');
    await userEvent.type(form().getByRole('textbox', { name: 'Amount' }), '20');
    await userEvent.click(addButton());

    expect(
      await screen.findByText('Settings were changed by someone else. Reload and try again.', {}, WAIT),
    ).toBeInTheDocument();
    expect(await list().findByText('Theirs', {}, WAIT)).toBeInTheDocument();
    expect(names()).toEqual(['Theirs']);
    expect(store.stored.benefits.map((b) => b.name)).toEqual(['Theirs']);
  });
});
