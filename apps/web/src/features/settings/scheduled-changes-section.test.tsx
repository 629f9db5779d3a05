import type { ScheduledChange } from '@salary/shared/employees/dated.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dayText, NEXT_YEAR, ruleChange } from '../../test/dated.ts';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { newSettings } from '../../test/settings-server.ts';
import { serveSignedIn } from '../../test/sign-in.ts';
import ScheduledChangesSection from './scheduled-changes-section.tsx';

/* Settings → Scheduled changes: the waiting employee changes; Cancel (manageEmployee) after a confirmation. */

const server = testServerForFile();
const WAIT = { timeout: 15_000 };

const change = (id: number, employeeName: string, effectiveFrom: string): ScheduledChange => ({
  id,
  kind: 'employee',
  subjectName: employeeName,
  employeeId: id + 100,
  employeeName,
  effectiveFrom,
  changes: [
    { field: 'gradeId', before: 3, after: 5 },
    { field: 'remote', before: false, after: true },
  ],
  recordedBy: 'hr@example.com',
  recordedAt: '2026-11-01T09:30:00.000Z',
});

function open(
  waiting: ScheduledChange[],
  {
    manage = true,
    manageSettings = false,
    refuse,
    settingsHeld,
  }: {
    manage?: boolean;
    manageSettings?: boolean;
    refuse?: [number, string];
    /** The settings answer only once this settles (the list has answered long before). */
    settingsHeld?: Promise<void>;
  } = {},
) {
  const stored = [...waiting];
  const cancelled: number[] = [];
  serveSignedIn(
    server,
    newUser({ permissions: { showSettings: true, manageEmployee: manage, manageSettings } }),
    (req, res) => {
      const url = new URL(req.path, server.origin);
      const answers: Record<string, unknown> = {
        '/api/scheduled-changes': stored,
        '/api/jobs': [],
        '/api/grades': [
          { id: 3, name: 'Senior', order: 1, version: 1 },
          { id: 5, name: 'Lead', order: 2, version: 1 },
        ],
        '/api/levels': [],
        '/api/settings': newSettings(),
      };
      const cancel = url.pathname.match(/^\/api\/scheduled-changes\/(\d+)$/);
      if (req.method === 'DELETE' && cancel) {
        if (refuse) return sendJson(res, refuse[0], { success: false, message: refuse[1], data: null });
        const id = Number(cancel[1]);
        cancelled.push(id);
        stored.splice(
          stored.findIndex((c) => c.id === id),
          1,
        );
        return sendJson(res, 200, envelope(null, 'Scheduled change cancelled'));
      }
      if (req.method === 'GET' && url.pathname === '/api/settings' && settingsHeld) {
        void settingsHeld.then(() => sendJson(res, 200, envelope(answers[url.pathname])));
        return;
      }
      if (req.method === 'GET' && url.pathname in answers)
        return sendJson(res, 200, envelope(answers[url.pathname]));
      sendJson(res, 404, { success: false, message: 'Not found' });
    },
  );
  renderWithProviders(<ScheduledChangesSection />, { route: '/settings/scheduled-changes' });
  return cancelled;
}

const list = () => screen.findByRole('list', { name: 'Scheduled changes' }, WAIT);

async function confirmCancel(dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel change' }));
  expect(await screen.findByText('Scheduled change cancelled', {}, WAIT)).toBeInTheDocument();
}

/** The cancelled change leaves the list; the one beside it stays. */
async function expectDropped(gone: string, kept: string) {
  await waitFor(() => expect(screen.queryByText(gone)).not.toBeInTheDocument(), WAIT);
  expect(screen.getByText(kept)).toBeInTheDocument();
}

beforeEach(() => setPageUrl(`${server.origin}/settings/scheduled-changes`));

describe('Settings → Scheduled changes', { timeout: 40_000 }, () => {
  it('lists each change: employee, what changes by name, from when, recorded by and when', async () => {
    open([change(1, 'Ada Lovelace', '2027-01-01'), change(2, 'Grace Hopper', '2027-03-15')]);
    const items = within(await list()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    await waitFor(() => expect(items[0]).toHaveTextContent('Grade Senior → Lead; Remote No → Yes'));
    expect(items[0]).toHaveTextContent('Ada Lovelace');
    expect(items[0]).toHaveTextContent('from Jan 1, 2027');
    expect(items[0]).toHaveTextContent('Recorded by hr@example.com on Nov 1, 2026');
    expect(items[1]).toHaveTextContent('Grace Hopper');
    expect(items[1]).toHaveTextContent('from Mar 15, 2027');
    expect(screen.getByText('2 changes')).toBeInTheDocument();
  });

  it('cancels one after the confirmation, toasts and drops it from the list', async () => {
    const cancelled = open([
      change(1, 'Ada Lovelace', '2027-01-01'),
      change(2, 'Grace Hopper', '2027-03-15'),
    ]);
    await list();
    await userEvent.click(
      screen.getByRole('button', { name: 'Cancel the change to Grace Hopper from Mar 15, 2027' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel scheduled change' });
    expect(within(dialog).getByTestId('confirm-item')).toHaveTextContent('Grace Hopper from Mar 15, 2027');
    // Dismissing sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(cancelled).toEqual([]);

    await userEvent.click(
      screen.getByRole('button', { name: 'Cancel the change to Grace Hopper from Mar 15, 2027' }),
    );
    await confirmCancel(await screen.findByRole('alertdialog', { name: 'Cancel scheduled change' }));
    expect(cancelled).toEqual([2]);
    await expectDropped('Grace Hopper', 'Ada Lovelace');
  });

  it("shows the server's message when it refuses, and keeps the change", async () => {
    const message = 'This change has already taken effect and can no longer be cancelled';
    open([change(1, 'Ada Lovelace', '2027-01-01')], { refuse: [409, message] });
    await list();
    await userEvent.click(screen.getByRole('button', { name: /^Cancel the change to Ada Lovelace/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel scheduled change' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel change' }));
    expect(await screen.findByText(message, {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('offers no Cancel without manageEmployee', async () => {
    open([change(1, 'Ada Lovelace', '2027-01-01')], { manage: false });
    const items = within(await list()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ada Lovelace');
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('says so when nothing is scheduled', async () => {
    open([]);
    expect(await screen.findByText('No scheduled changes', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Scheduled changes' })).not.toBeInTheDocument();
  });

  describe('rule changes', () => {
    const rules = [
      ruleChange(71, 'baseSalary', 'Senior / L2', NEXT_YEAR, [
        { field: 'amount', before: 5000, after: 5150 },
      ]),
      ruleChange(72, 'adjustmentFactor', 'Backend / Lead', NEXT_YEAR, [
        { field: 'type', before: 'PERCENTAGE', after: 'PERCENTAGE' },
        { field: 'factor', before: 0.1, after: 0.12 },
      ]),
      ruleChange(73, 'settings', 'Settings', NEXT_YEAR, [
        { field: 'experienceMultiplier', before: 1.5, after: 2 },
        { field: 'benefits', before: '[]', after: '[{"name":"Gym","amount":25,"type":"FIXED_AMOUNT"}]' },
      ]),
    ];

    it('lists them beside the employee changes: what, the change in its own words, from when, recorded by', async () => {
      open([change(1, 'Ada Lovelace', '2027-01-01'), ...rules]);
      const items = within(await list()).getAllByRole('listitem');
      expect(items).toHaveLength(4);
      const from = `from ${dayText(NEXT_YEAR)}`;
      expect(items[1]).toHaveTextContent(`Senior / L2${from}Amount $5,000.00 → $5,150.00`);
      expect(items[2]).toHaveTextContent(`Backend / Lead${from}Factor +10% → +12%`);
      expect(items[3]).toHaveTextContent(
        `Settings${from}Experience multiplier 1.5% → 2%; Benefits None → Gym $25.00`,
      );
      expect(items[3]).toHaveTextContent('Recorded by hr@example.com on Nov 1, 2026');
      expect(screen.getByText('4 changes')).toBeInTheDocument();
    });

    it('waits for the settings before listing a multiplier, so it never shows without its unit', async () => {
      let release = () => {};
      const settingsHeld = new Promise<void>((resolve) => {
        release = resolve;
      });
      open(rules, { settingsHeld });
      // The count beside the title comes with the list: the screen has it, and holds it back.
      expect(await screen.findByText('3 changes', {}, WAIT)).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Scheduled changes' })).not.toBeInTheDocument();
      release();
      const items = within(await list()).getAllByRole('listitem');
      expect(items[2]).toHaveTextContent('Experience multiplier 1.5% → 2%');
    });

    it('cancels a rule change with manageSettings, and offers no Cancel on employee changes without manageEmployee', async () => {
      const cancelled = open([change(1, 'Ada Lovelace', '2027-01-01'), ...rules], {
        manage: false,
        manageSettings: true,
      });
      await list();
      expect(
        screen.queryByRole('button', { name: /^Cancel the change to Ada Lovelace/ }),
      ).not.toBeInTheDocument();
      await userEvent.click(
        screen.getByRole('button', { name: `Cancel the change to Senior / L2 from ${dayText(NEXT_YEAR)}` }),
      );
      const dialog = await screen.findByRole('alertdialog', { name: 'Cancel scheduled change' });
      expect(within(dialog).getByTestId('confirm-item')).toHaveTextContent(
        `Senior / L2 from ${dayText(NEXT_YEAR)}: Amount $5,000.00 → $5,150.00`,
      );
      await confirmCancel(dialog);
      expect(cancelled).toEqual([71]);
      await expectDropped('Senior / L2', 'Backend / Lead');
    });

    it('offers no Cancel on rule changes without manageSettings', async () => {
      open(rules, { manage: true, manageSettings: false });
      await list();
      expect(screen.getByText('Senior / L2')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    });
  });
});
