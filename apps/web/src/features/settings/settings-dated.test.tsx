import type { Settings } from '@salary/shared/settings/settings.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { companyToday } from '../../lib/dated/company-today.ts';
import * as dated from '../../test/dated.ts';
import { envelope, previewPaths, sendJson } from '../../test/http-test-server.ts';
import { newSettings, settingsPage } from '../../test/settings-server.ts';
import BenefitsSection from './benefits-section.tsx';
import MultipliersSection from './multipliers-section.tsx';
import SocialInsuranceSection from './social-insurance-section.tsx';

/* The settings screens with dates: Effective from beside each save, and the waiting settings changes near it. */

const page = settingsPage();
const { server } = page;
const WAIT = { timeout: 15_000 };

const waiting = [
  dated.ruleChange(61, 'settings', 'Settings', dated.NEXT_YEAR, [
    { field: 'experienceMultiplier', before: 1.5, after: 2 },
    { field: 'totalInsurancePercentage', before: 14, after: 15 },
  ]),
];

/**
 * GET/PUT /api/settings: a save from a day to come changes nothing today (the answer is today's
 * record); any other is stored with the next version.
 */
function open(section: ReactNode) {
  let stored: Settings = newSettings();
  page.open(section, (req, res) => {
    const url = new URL(req.path, server.origin);
    if (req.method === 'GET' && url.pathname === '/api/scheduled-changes')
      return sendJson(res, 200, envelope(waiting));
    if (url.pathname !== '/api/settings') return sendJson(res, 404, { success: false, message: 'Not found' });
    if (req.method === 'PUT') {
      const day = url.searchParams.get('effectiveFrom');
      if (!day || day <= companyToday()) {
        const body = JSON.parse(req.body);
        stored = {
          ...stored,
          ...body,
          benefits: JSON.parse(body.benefits),
          customMultipliers: JSON.parse(body.customMultipliers),
          version: stored.version + 1,
        };
      }
    }
    sendJson(res, 200, envelope(stored));
  });
}

const writes = () => server.requests.filter((r) => r.method === 'PUT').map((r) => r.path);

async function experienceValue() {
  const legend = await screen.findByText('Experience', { selector: 'legend' }, WAIT);
  return within(legend.closest('fieldset') as HTMLElement).getByRole('textbox', { name: 'Value' });
}

async function retype(input: HTMLElement, value: string) {
  await userEvent.clear(input);
  await userEvent.type(input, value);
}

/** The section lists the waiting change to its own fields and none to another section's. */
async function expectOnlyWaiting(own: string, other: string) {
  const list = await screen.findByRole('list', { name: 'Scheduled changes' }, WAIT);
  expect(list).toHaveTextContent(`from ${dated.dayText(dated.NEXT_YEAR)}: ${own}`);
  expect(list).not.toHaveTextContent(other);
}

/** A save that applies today (no day, or a past one) toasts the plain message, with no "from <day>". */
async function expectUndatedToast(message: string) {
  const toast = await screen.findByText(new RegExp(`^${message}`), {}, WAIT);
  expect(toast.textContent).toBe(message);
}

describe('Settings → Salary Multipliers: effective from', { timeout: 60_000 }, () => {
  it('lists the waiting changes to its fields near the save, and only those', async () => {
    open(<MultipliersSection />);
    await expectOnlyWaiting('Experience multiplier 1.5% → 2%', 'Total percentage');
  });

  it("schedules the multipliers from a day to come: the preview and the save carry the day; today's values come back", async () => {
    open(<MultipliersSection />);
    await retype(await experienceValue(), '3');
    await dated.chooseDay(dated.NEXT_YEAR);
    await userEvent.click(screen.getByRole('button', { name: 'Save All Changes' }));
    await dated.expectScheduledToast('Multipliers saved successfully', dated.NEXT_YEAR, WAIT);
    expect(writes()).toEqual([`/api/settings?effectiveFrom=${dated.NEXT_YEAR}`]);
    expect(previewPaths(server)).toEqual([`/settings?effectiveFrom=${dated.NEXT_YEAR}`]);
    expect(JSON.parse(server.requests.find((r) => r.method === 'PUT')!.body)).toMatchObject({
      experienceMultiplier: 3,
    });
    await waitFor(async () => expect(await experienceValue()).toHaveValue('1.5'));
    expect(screen.getByText(/Effective from:/)).toHaveTextContent('today');
  });

  it('saves without a day unless Effective from is opened', async () => {
    open(<MultipliersSection />);
    await retype(await experienceValue(), '3');
    expect(screen.getByText(/Effective from:/)).toHaveTextContent('Effective from: today');
    await userEvent.click(screen.getByRole('button', { name: 'Save All Changes' }));
    await expectUndatedToast('Multipliers saved successfully');
    expect(writes()).toEqual(['/api/settings']);
  });
});

describe('Settings → Social Insurance: effective from', { timeout: 60_000 }, () => {
  it("writes from a past day with the spec's toast, and lists its own waiting change", async () => {
    open(<SocialInsuranceSection />);
    await expectOnlyWaiting('Total percentage 14% → 15%', 'Experience');
    await retype(screen.getByRole('textbox', { name: /Total percentage/ }), '16');
    await dated.chooseDay(dated.LAST_YEAR);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectUndatedToast('Social insurance settings updated successfully');
    expect(writes()).toEqual([`/api/settings?effectiveFrom=${dated.LAST_YEAR}`]);
  });
});

describe('Settings → Benefits: effective from', { timeout: 60_000 }, () => {
  it('schedules an added benefit from a day to come', async () => {
    open(<BenefitsSection />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Benefit Name' }, WAIT), 'Gym');
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount' }), '25');
    await dated.chooseDay(dated.NEXT_YEAR);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await dated.expectScheduledToast('Benefit added successfully', dated.NEXT_YEAR, WAIT);
    expect(writes()).toEqual([`/api/settings?effectiveFrom=${dated.NEXT_YEAR}`]);
    expect(JSON.parse(JSON.parse(server.requests.find((r) => r.method === 'PUT')!.body).benefits)).toEqual([
      { name: 'Gym', amount: 25, type: 'FIXED_AMOUNT' },
    ]);
  });
});
