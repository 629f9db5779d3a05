import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  badGateway,
  envelope,
  NOBODY_AFFECTED,
  quietErrorLog,
  sendJson,
} from '../../test/http-test-server.ts';
import { newSettings, settingsPage } from '../../test/settings-server.ts';
import BenefitsSection from './benefits-section.tsx';
import MultipliersSection from './multipliers-section.tsx';
import SocialInsuranceSection from './social-insurance-section.tsx';

const { server, open } = settingsPage();
quietErrorLog();
const WAIT = { timeout: 10_000 };

const settings = newSettings({ benefits: [{ name: 'Health Insurance', amount: 180, type: 'FIXED_AMOUNT' }] });

describe('settings sections when the server fails', { timeout: 30_000 }, () => {
  it.each([
    ['Benefits', <BenefitsSection key="b" />, 'Failed to fetch settings'],
    ['Salary Multipliers', <MultipliersSection key="m" />, 'Failed to fetch multipliers'],
    ['Social Insurance', <SocialInsuranceSection key="s" />, 'Failed to fetch settings'],
  ])('%s says its own fetch message', async (_name, section, message) => {
    open(section, badGateway);
    expect(await screen.findByText(message, {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('Settings not loaded', {}, WAIT)).toBeInTheDocument();
  });

  it("adds and removes benefits with the screen's fallback messages, then reloads the settings", async () => {
    open(<BenefitsSection />, (req, res) => {
      if (req.method === 'GET') return sendJson(res, 200, envelope(settings));
      // The impact preview passes (nobody affected); the save itself fails.
      if (req.path === '/api/impact') return sendJson(res, 200, envelope(NOBODY_AFFECTED));
      badGateway(req, res);
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Benefit Name' }, WAIT), 'Gym');
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '25');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to add benefit', {}, WAIT)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Health Insurance' }));
    expect(await screen.findByText('Failed to remove benefit', {}, WAIT)).toBeInTheDocument();

    const puts = server.requests.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(JSON.parse(puts[0]?.body ?? '{}')).toMatchObject({
      version: 3,
      benefits: JSON.stringify([...settings.benefits, { name: 'Gym', amount: 25, type: 'FIXED_AMOUNT' }]),
    });
    expect(JSON.parse(puts[1]?.body ?? '{}')).toMatchObject({ version: 3, benefits: '[]' });
    // One load on entry, one reload after each failure.
    expect(server.requests.filter((r) => r.path === '/api/settings' && r.method === 'GET')).toHaveLength(3);
  });

  it("says 'Failed to save multipliers' without a server message", async () => {
    open(<MultipliersSection />, (req, res) =>
      req.method === 'GET' ? sendJson(res, 200, envelope(settings)) : badGateway(req, res),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save All Changes' }, WAIT));
    expect(await screen.findByText('Failed to save multipliers', {}, WAIT)).toBeInTheDocument();
  });

  it("says 'Failed to update settings' when social insurance cannot be saved", async () => {
    open(<SocialInsuranceSection />, (req, res) =>
      req.method === 'GET' ? sendJson(res, 200, envelope(settings)) : badGateway(req, res),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }, WAIT));
    expect(await screen.findByText('Failed to update settings', {}, WAIT)).toBeInTheDocument();
  });

  it("puts the server's field problems under the inputs", async () => {
    open(<SocialInsuranceSection />, (req, res) =>
      req.method === 'GET'
        ? sendJson(res, 200, envelope(settings))
        : sendJson(res, 400, {
            success: false,
            message: 'Total insurance percentage must be between 0 and 100',
            error: 'VALIDATION_ERROR',
            data: {
              fields: [
                {
                  field: 'totalInsurancePercentage',
                  message: 'Total insurance percentage must be between 0 and 100',
                },
              ],
            },
          }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }, WAIT));
    // Once in the toast, once under the input.
    expect(
      await screen.findAllByText('Total insurance percentage must be between 0 and 100', {}, WAIT),
    ).toHaveLength(2);
  });
});
