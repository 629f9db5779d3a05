import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { newSettings, serveSettings } from '../../test/settings-server.ts';
import SocialInsuranceSection from './social-insurance-section.tsx';

/* Settings → Social Insurance for someone who may change settings. */

const server = testServerForFile();
const WAIT = { timeout: 10_000 };

beforeEach(() => {
  setPageUrl(`${server.origin}/settings/social-insurance`);
});

const form = () => within(screen.getByRole('form', { name: 'Social insurance' }));
const percentage = (of: 'Company' | 'Employee' | 'Total') =>
  form().getByRole('textbox', { name: `${of} percentage` });
const queryPercentage = (of: 'Company' | 'Employee') =>
  form().queryByRole('textbox', { name: `${of} percentage` });
const method = () => form().getByRole('combobox', { name: 'Payment method' });
const enabled = () => form().getByRole('checkbox', { name: 'Enable social insurance' });

async function open() {
  renderWithProviders(<SocialInsuranceSection />, { route: '/settings/social-insurance' });
  await screen.findByRole('form', { name: 'Social insurance' }, WAIT);
}

async function chooseMethod(label: string) {
  await userEvent.click(method());
  // jsdom runs no layout, so Mantine's dropdown never counts as visible: find the option regardless.
  await userEvent.click(await screen.findByRole('option', { name: label, hidden: true }));
}

async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  if (text !== '') await userEvent.type(input, text);
}

describe('social insurance', { timeout: 30_000 }, () => {
  it('shows the company percentage only for that method, with the employee share as 100 minus it', async () => {
    const store = serveSettings(
      server,
      newSettings({
        socialInsuranceEnabled: false,
        socialInsuranceType: 'COMPANY_FULL',
        companyInsurancePercentage: 100,
        totalInsurancePercentage: 14,
      }),
    );
    await open();
    expect(method()).toHaveValue('Company pays all');
    expect(queryPercentage('Company')).not.toBeInTheDocument();
    expect(enabled()).not.toBeChecked();

    await chooseMethod('Company pays a percentage');
    await retype(percentage('Company'), '60');
    expect(percentage('Employee')).toHaveValue('40%');
    await retype(percentage('Company'), '62.5');
    expect(percentage('Employee')).toHaveValue('37.5%');
    await retype(percentage('Total'), '11');
    await userEvent.click(enabled());
    await userEvent.click(form().getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Social insurance settings updated successfully', {}, WAIT),
    ).toBeInTheDocument();
    expect(store.saves()).toEqual([
      expect.objectContaining({
        version: 3,
        socialInsuranceEnabled: true,
        socialInsuranceType: 'COMPANY_PERCENTAGE',
        companyInsurancePercentage: 62.5,
        totalInsurancePercentage: 11,
      }),
    ]);
    // The form now shows what the server holds.
    expect(percentage('Company')).toHaveValue('62.5');
    expect(percentage('Employee')).toHaveValue('37.5%');
  });

  it('hides the company percentage for other methods and keeps what was stored', async () => {
    const store = serveSettings(
      server,
      newSettings({ socialInsuranceType: 'COMPANY_PERCENTAGE', companyInsurancePercentage: 62.5 }),
    );
    await open();
    expect(percentage('Company')).toHaveValue('62.5');

    await chooseMethod('Employee pays all');
    expect(queryPercentage('Company')).not.toBeInTheDocument();
    expect(queryPercentage('Employee')).not.toBeInTheDocument();
    await userEvent.click(form().getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Social insurance settings updated successfully', {}, WAIT),
    ).toBeInTheDocument();
    expect(store.saves()).toEqual([
      expect.objectContaining({ socialInsuranceType: 'EMPLOYEE_FULL', companyInsurancePercentage: 62.5 }),
    ]);
  });

  it('needs a total percentage, and sends nothing without one', async () => {
    const store = serveSettings(server, newSettings());
    await open();
    await retype(percentage('Total'), '');
    await userEvent.click(form().getByRole('button', { name: 'Save' }));

    expect(await form().findByText('Total insurance percentage is required', {}, WAIT)).toBeInTheDocument();
    expect(store.saves()).toEqual([]);
  });
});
