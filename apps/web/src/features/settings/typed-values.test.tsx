import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIX_MULTIPLIERS } from '../../test/fixtures.ts';
import { envelope, sendJson } from '../../test/http-test-server.ts';
import { settingsPage } from '../../test/settings-server.ts';
import BenefitsSection from './benefits-section.tsx';
import MultipliersSection from './multipliers-section.tsx';
import SocialInsuranceSection from './social-insurance-section.tsx';

/* What someone types stays as typed: the error says what is wrong, and nothing is saved. */

const page = settingsPage();
const { server } = page;
const WAIT = { timeout: 10_000 };

const settings: Record<string, unknown> = {
  ...SIX_MULTIPLIERS,
  customMultipliers: [],
  benefits: [],
  socialInsuranceEnabled: true,
  socialInsuranceType: 'COMPANY_PERCENTAGE',
  companyInsurancePercentage: 50,
  totalInsurancePercentage: 14,
  version: 3,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const open = (section: ReactNode) =>
  page.open(section, (_req, res) => sendJson(res, 200, envelope(settings)));

/** A base multiplier's row: its fieldset, found once the screen shows its name. */
async function multiplierRow(name: string) {
  const legend = await screen.findByText(name, { selector: 'legend' }, WAIT);
  return within(legend.closest('fieldset') as HTMLElement);
}

/** A section and its save button's name, leading each case of the table below. */
const ON_MULTIPLIERS = [<MultipliersSection key="m" />, 'Save All Changes'] as const;
const ON_INSURANCE = [<SocialInsuranceSection key="s" />, 'Save'] as const;

const puts = () => server.requests.filter((r) => r.method === 'PUT' || r.path === '/api/impact');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('typed values', { timeout: 30_000 }, () => {
  it('keeps 300 in a percentage multiplier, and says why it is refused', async () => {
    open(<MultipliersSection />);
    const offshore = await multiplierRow('Offshore Project');
    const value = offshore.getByRole('textbox', { name: 'Value' });
    await userEvent.clear(value);
    await userEvent.type(value, '300');
    expect(value).toHaveValue('300');
    const message = 'Offshore Project multiplier must be between -100 and 100 percent';
    expect(await offshore.findByText(message, {}, WAIT)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save All Changes' }));
    expect(value).toHaveValue('300');
    expect(puts()).toHaveLength(0);
  });

  it.each([
    [...ON_MULTIPLIERS, 'Loyalty', '2.555', 'Loyalty multiplier must have at most 2 decimal places'],
    [...ON_MULTIPLIERS, 'Remote', '-150', 'Remote multiplier must be between -100 and 100 percent'],
    [...ON_INSURANCE, 'Total percentage', '150', 'Total insurance percentage must be between 0 and 100'],
    [...ON_INSURANCE, 'Company percentage', '-5', 'Company insurance percentage must be between 0 and 100'],
    [
      ...ON_INSURANCE,
      'Total percentage',
      '12.345',
      'Total insurance percentage must have at most 2 decimal places',
    ],
  ])(
    '%#: keeps %s typed into %s as typed and refuses to save it',
    async (section, save, label, typed, message) => {
      open(section);
      const input =
        save === 'Save All Changes'
          ? (await multiplierRow(label)).getByRole('textbox', {
              name: 'Value',
            })
          : await screen.findByRole('textbox', { name: label }, WAIT);
      await userEvent.clear(input);
      await userEvent.type(input, typed);
      await userEvent.click(screen.getByRole('button', { name: save }));
      expect(await screen.findByText(message, {}, WAIT)).toBeInTheDocument();
      expect(input).toHaveValue(typed);
      expect(puts()).toHaveLength(0);
    },
  );

  it('checks a fixed amount again when it becomes a percentage, keeping the value', async () => {
    settings.offshoreMultiplierType = 'FIXED';
    settings.offshoreMultiplier = 250;
    try {
      open(<MultipliersSection />);
      const offshore = await multiplierRow('Offshore Project');
      const value = offshore.getByRole('textbox', { name: 'Value' });
      const message = 'Offshore Project multiplier must be between -100 and 100 percent';
      expect(value).toHaveValue('250');
      expect(offshore.queryByText(message)).not.toBeInTheDocument();

      await userEvent.click(offshore.getByLabelText('Type', { selector: 'input' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Percentage', hidden: true }));
      expect(await offshore.findByText(message, {}, WAIT)).toBeInTheDocument();
      expect(value).toHaveValue('250');
      await userEvent.click(screen.getByRole('button', { name: 'Save All Changes' }));
      expect(value).toHaveValue('250');
      expect(puts()).toHaveLength(0);
    } finally {
      settings.offshoreMultiplierType = SIX_MULTIPLIERS.offshoreMultiplierType;
      settings.offshoreMultiplier = SIX_MULTIPLIERS.offshoreMultiplier;
    }
  });

  it('asks a new custom multiplier for a title and a value, and adds nothing without them', async () => {
    open(<MultipliersSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Custom Multiplier' }, WAIT));
    const dialog = within(await screen.findByRole('dialog', {}, WAIT));
    await userEvent.click(dialog.getByRole('button', { name: 'Add Multiplier' }));
    expect(await dialog.findByText('Title is required')).toBeInTheDocument();
    expect(dialog.getByText('Multiplier Value is required')).toBeInTheDocument();
    expect(screen.queryByText('Unsaved')).not.toBeInTheDocument();
    expect(puts()).toHaveLength(0);
  });

  it('keeps a benefit amount of 2.555 and -5 as typed, and adds neither', async () => {
    open(<BenefitsSection />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Benefit Name' }, WAIT), 'Gym');
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(amount, '2.555');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Amount must have at most 2 decimal places', {}, WAIT),
    ).toBeInTheDocument();
    expect(amount).toHaveValue('2.555');
    await userEvent.clear(amount);
    await userEvent.type(amount, '-5');
    expect(await screen.findByText('Amount must be 0 or more', {}, WAIT)).toBeInTheDocument();
    expect(amount).toHaveValue('-5');
    expect(puts()).toHaveLength(0);
  });
});
