import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { newSettings, serveSettings, VIEWER } from '../../test/settings-server.ts';
import BenefitsSection from './benefits-section.tsx';
import MultipliersSection from './multipliers-section.tsx';
import SocialInsuranceSection from './social-insurance-section.tsx';

/* Settings for a user with Show Settings but not Edit/Delete Settings: there to read, nothing to change. */

const server = testServerForFile();
const WAIT = { timeout: 10_000 };

beforeEach(() => {
  setPageUrl(`${server.origin}/settings`);
  serveSettings(
    server,
    newSettings({
      benefits: [{ name: 'Health Insurance', amount: 180, type: 'FIXED_AMOUNT' }],
      customMultipliers: [{ id: 'cm_ro_1', title: 'On-call rotation', multiplier: 250, type: 'FIXED' }],
      socialInsuranceType: 'COMPANY_PERCENTAGE',
      companyInsurancePercentage: 70,
    }),
    VIEWER,
  );
});

function open(section: ReactNode, path: string) {
  return renderWithProviders(section, { route: `/settings/${path}` });
}

/** As a browser judges it: an input a user could type into. */
const editable = (input: HTMLElement) =>
  !(input as HTMLInputElement).disabled && !(input as HTMLInputElement).readOnly;

/**
 * Clicks a select and says whether it opened a list of options to pick from. jsdom applies no
 * stylesheet, so ask Mantine: the select says it is expanded, and the dropdown holding its
 * options is not marked hidden (data-hidden, as a read-only select's is).
 */
async function offersOptions(select: HTMLElement) {
  await userEvent.click(select);
  if (select.getAttribute('aria-expanded') !== 'true') return false;
  const options = document.getElementById(select.getAttribute('aria-controls') ?? '');
  return options !== null && options.closest('[data-hidden]') === null;
}

describe('settings for a user who may only look', { timeout: 30_000 }, () => {
  it('shows benefits read-only: the list and a View only notice, no form, no Remove', async () => {
    const { container } = open(<BenefitsSection />, 'benefits');
    expect(await screen.findByText('View only', {}, WAIT)).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Current Benefits' });
    expect(list.querySelector('li[data-benefit="Health Insurance"]')).not.toBeNull();
    expect(screen.queryByRole('form', { name: 'Add benefit' })).not.toBeInTheDocument();
    expect(within(container).queryAllByRole('button', { name: /^Remove/ })).toHaveLength(0);
  });

  it('shows multipliers read-only: values not editable, no Save, no Add, no custom buttons, types offer nothing', async () => {
    open(<MultipliersSection />, 'multipliers');
    const custom = await screen.findByRole('region', { name: 'Custom Multipliers' }, WAIT);
    await within(custom).findByText('On-call rotation', {}, WAIT);
    expect(custom.querySelector('li[data-custom-multiplier="On-call rotation"]')).not.toBeNull();

    const row = (key: string) =>
      within(document.querySelector(`fieldset[data-multiplier="${key}"]`) as HTMLElement);
    expect(editable(row('experienceMultiplier').getByRole('textbox', { name: 'Value' }))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Save All Changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Custom Multiplier' })).not.toBeInTheDocument();
    expect(within(custom).queryAllByRole('button')).toHaveLength(0);
    expect(await offersOptions(row('remoteMultiplier').getByRole('combobox', { name: 'Type' }))).toBe(false);
  });

  it('shows social insurance read-only: the values, nothing to tick, pick or type, no Save', async () => {
    open(<SocialInsuranceSection />, 'social-insurance');
    const form = within(await screen.findByRole('form', { name: 'Social insurance' }, WAIT));
    expect(form.getByRole('checkbox', { name: 'Enable social insurance' })).toBeDisabled();
    expect(await offersOptions(form.getByRole('combobox', { name: 'Payment method' }))).toBe(false);
    const company = form.getByRole('textbox', { name: 'Company percentage' });
    expect(editable(company)).toBe(false);
    expect(company).toHaveValue('70');
    expect(form.getByRole('textbox', { name: 'Employee percentage' })).toHaveValue('30%');
    expect(form.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
