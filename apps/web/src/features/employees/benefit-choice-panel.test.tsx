import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newUser } from '../../test/fixtures.ts';
import { envelope, type RecordedRequest, sendJson } from '../../test/http-test-server.ts';
import { signedInPage } from '../../test/sign-in.ts';
import { BenefitChoicePanel } from './benefit-choice-panel.tsx';

/* Edit Employee → Benefits: every company benefit ticked unless left out; Save sends those unticked. */

const page = signedInPage('/employees/edit/7');
const WAIT = { timeout: 10_000 };

const stored = {
  employeeId: 7,
  benefits: [
    { name: 'Health', received: true },
    { name: 'Meal', received: false },
  ],
  excludedBenefits: ['Meal'],
  version: 3,
};

function open(permissions: Record<string, boolean>) {
  const saved: RecordedRequest[] = [];
  page.open(newUser({ permissions }), <BenefitChoicePanel employeeId={7} />, (req, res) => {
    if (!req.path.startsWith('/api/employees/7/benefits'))
      return sendJson(res, 404, { success: false, message: 'Not found' });
    if (req.method === 'PUT') saved.push(req);
    sendJson(res, 200, envelope(stored));
  });
  return saved;
}

describe('Benefits', { timeout: 30_000 }, () => {
  it('shows what is received and saves the benefits left unticked with the version read', async () => {
    const saved = open({ manageEmployee: true });
    const health = await screen.findByRole('checkbox', { name: 'Health' }, WAIT);
    expect(health).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Meal' })).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(health);
    await user.click(screen.getByRole('checkbox', { name: 'Meal' }));
    await user.click(screen.getByRole('button', { name: 'Save benefits' }));
    await waitFor(() => expect(saved).toHaveLength(1), WAIT);
    expect(saved[0]!.path).toBe('/api/employees/7/benefits');
    expect(JSON.parse(saved[0]!.body)).toEqual({ excludedBenefits: ['Health'], version: 3 });
    expect(await screen.findByText('Benefits saved successfully', {}, WAIT)).toBeInTheDocument();
  });

  it('is read-only without Edit Employee', async () => {
    open({ showCost: true });
    expect(await screen.findByRole('checkbox', { name: 'Health' }, WAIT)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save benefits' })).toBeNull();
  });
});
