import type { PayPeriod, ScheduledChange } from '@salary/shared/employees/dated.contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseDay, dayText, LAST_YEAR, NEXT_YEAR, shiftYears } from '../../test/dated.ts';
import { newEmployeeView, newUser } from '../../test/fixtures.ts';
import { envelope, type RecordedRequest, sendJson } from '../../test/http-test-server.ts';
import { newSettings } from '../../test/settings-server.ts';
import { signedInPage } from '../../test/sign-in.ts';
import EmployeeFormPage from './employee-form-page.tsx';

/*
 * Dated employees on the employee page: the save's "Effective from" (no day unless opened; a day
 * to come schedules the change and keeps today's values), the scheduled changes and the timeline.
 */

const page = signedInPage('/employees/edit/7');
const { server } = page;
const WAIT = { timeout: 20_000 };

const employee = newEmployeeView({
  specializationId: 11,
  position: { id: 11, name: 'Backend' },
  yearsExperience: 6,
  hireDate: null,
  calculatedSalary: 5000,
  accumulatedCost: 6200,
});

interface Served {
  scheduled?: ScheduledChange[];
  timeline?: PayPeriod[];
  permissions?: Record<string, boolean>;
}

function open({ scheduled = [], timeline = [], permissions = { showCost: true } }: Served = {}) {
  const saves: RecordedRequest[] = [];
  page.open(
    newUser({ permissions: { manageEmployee: true, showSalary: true, ...permissions } }),
    <Routes>
      <Route path="/employees/edit/:id" element={<EmployeeFormPage />} />
      <Route path="/dashboard" element={<h1>The list</h1>} />
    </Routes>,
    (req, res) => {
      const url = new URL(req.path, server.origin);
      const answers: Record<string, unknown> = {
        '/api/employees/7': employee,
        '/api/jobs': [{ id: 1, name: 'Engineering', _count: { positions: 1 }, version: 1 }],
        '/api/positions': [
          { id: 11, name: 'Backend', jobId: 1, job: { id: 1, name: 'Engineering' }, version: 1 },
        ],
        '/api/grades': [
          { id: 3, name: 'Senior', order: 1, version: 1 },
          { id: 5, name: 'Lead', order: 2, version: 1 },
        ],
        '/api/levels': [{ id: 4, name: 'L2', order: 1, version: 1 }],
        '/api/settings': newSettings(),
        '/api/scheduled-changes': scheduled,
        '/api/employees/7/pay-timeline': timeline,
        '/api/employees/7/history': [],
      };
      if (req.method === 'PUT' && url.pathname === '/api/employees/7') {
        saves.push(req);
        // A past day: the answer carries what the change owes since.
        const from = url.searchParams.get('effectiveFrom');
        const backPay =
          from && from === LAST_YEAR
            ? {
                from,
                to: '2026-11-26',
                employees: [{ id: 7, name: 'Ada Lovelace', gross: 812.4, cost: 950.51 }],
                employeeCount: 1,
                totals: { gross: 812.4, cost: 950.51 },
              }
            : undefined;
        return sendJson(res, 200, envelope(backPay ? { ...employee, backPay } : employee));
      }
      if (req.method === 'GET' && url.pathname in answers)
        return sendJson(res, 200, envelope(answers[url.pathname]));
      sendJson(res, 404, { success: false, message: 'Not found' });
    },
  );
  return saves;
}

const gradeSelect = () => screen.getByRole('combobox', { name: /^Grade/ });

async function pickGrade(name: string) {
  await userEvent.click(gradeSelect());
  await userEvent.click(await screen.findByRole('option', { name, hidden: true }, WAIT));
}

afterEach(() => vi.restoreAllMocks());

describe('Edit Employee: effective from', { timeout: 60_000 }, () => {
  it('reads "today" and saves with no effectiveFrom unless opened', async () => {
    const saves = open();
    await screen.findByRole('button', { name: 'Update Employee' }, WAIT);
    expect(screen.getByText(/Effective from:/)).toHaveTextContent('Effective from: today');
    expect(screen.queryByLabelText(/Effective from/)).not.toBeInTheDocument();
    await pickGrade('Lead');
    await userEvent.click(screen.getByRole('button', { name: 'Update Employee' }));
    expect(await screen.findByRole('heading', { name: 'The list' }, WAIT)).toBeInTheDocument();
    expect(saves.map((s) => s.path)).toEqual(['/api/employees/7']);
    expect(JSON.parse(saves[0]!.body)).toMatchObject({ gradeId: 5, version: 4 });
  });

  it("schedules a change for a day to come: says so and keeps today's values on the page", async () => {
    const saves = open();
    await screen.findByRole('button', { name: 'Update Employee' }, WAIT);
    await pickGrade('Lead');
    await chooseDay(NEXT_YEAR);
    await userEvent.click(screen.getByRole('button', { name: 'Update Employee' }));
    expect(
      await screen.findByText(`Change scheduled from ${dayText(NEXT_YEAR)}`, {}, WAIT),
    ).toBeInTheDocument();
    expect(saves.map((s) => s.path)).toEqual([`/api/employees/7?effectiveFrom=${NEXT_YEAR}`]);
    expect(JSON.parse(saves[0]!.body)).toMatchObject({ gradeId: 5 });
    await waitFor(() => expect(gradeSelect()).toHaveValue('Senior'));
    expect(screen.queryByRole('heading', { name: 'The list' })).not.toBeInTheDocument();
    expect(screen.getByText(/Effective from:/)).toHaveTextContent('today');
  });

  it('saves a past day as today does, naming the day and the back pay owed since', async () => {
    const saves = open();
    await screen.findByRole('button', { name: 'Update Employee' }, WAIT);
    await chooseDay(LAST_YEAR);
    await userEvent.click(screen.getByRole('button', { name: 'Update Employee' }));
    expect(
      await screen.findByText(
        `Employee updated successfully. Back pay owed from ${dayText(LAST_YEAR)}: $812.40 gross, $950.51 total cost`,
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'The list' }, WAIT)).toBeInTheDocument();
    expect(saves.map((s) => s.path)).toEqual([`/api/employees/7?effectiveFrom=${LAST_YEAR}`]);
  });
});

const gradeChange: ScheduledChange = {
  id: 31,
  kind: 'employee',
  subjectName: 'Ada Lovelace',
  employeeId: 7,
  employeeName: 'Ada Lovelace',
  effectiveFrom: NEXT_YEAR,
  changes: [{ field: 'gradeId', before: 3, after: 5 }],
  recordedBy: 'hr@example.com',
  recordedAt: '2026-11-01T09:00:00.000Z',
};

const timeline: PayPeriod[] = [
  {
    from: null,
    to: shiftYears(0).replace('-01-01', '-12-31'),
    grossSalary: 5000,
    totalCost: 6200,
    cause: { kind: 'first', changes: [], scheduled: false },
  },
  {
    from: NEXT_YEAR,
    to: null,
    grossSalary: 1234567.89,
    totalCost: 1500000,
    cause: { kind: 'change', changes: [{ field: 'gradeId', before: 3, after: 5 }], scheduled: true },
  },
];

describe('Employee page: scheduled changes and pay timeline', { timeout: 60_000 }, () => {
  it("lists the employee's scheduled changes by name, and only theirs", async () => {
    open({
      scheduled: [gradeChange, { ...gradeChange, id: 32, employeeId: 8, employeeName: 'Grace Hopper' }],
    });
    const section = await screen.findByRole('region', { name: 'Scheduled changes' }, WAIT);
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(1);
    await waitFor(() =>
      expect(items[0]).toHaveTextContent(`From ${dayText(NEXT_YEAR)}: Grade Senior → Lead`),
    );
  });

  it('shows no scheduled changes section when there are none', async () => {
    open();
    await screen.findByRole('button', { name: 'Update Employee' }, WAIT);
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/scheduled-changes')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Scheduled changes' })).not.toBeInTheDocument();
  });

  it('shows the pay timeline with gross, cost and the scheduled period marked', async () => {
    open({ timeline });
    const table = await screen.findByRole('table', { name: 'Pay timeline' }, WAIT);
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['From', 'To', 'Gross Salary', 'Total Cost', 'Cause']);
    expect(rows[1]).toHaveTextContent('Start');
    expect(rows[1]).toHaveTextContent('$5,000.00');
    expect(rows[1]).not.toHaveTextContent('Scheduled');
    expect(rows[2]).toHaveTextContent(dayText(NEXT_YEAR));
    expect(rows[2]).toHaveTextContent('Ongoing');
    expect(rows[2]).toHaveTextContent('$1,234,567.89');
    expect(rows[2]).toHaveTextContent('$1,500,000.00');
    expect(rows[2]).toHaveTextContent('Scheduled');
    await waitFor(() => expect(rows[2]).toHaveTextContent('Grade Senior → Lead'));
  });

  it('says "Salary rules changed" for a period a dated rule started', async () => {
    const ruled: PayPeriod[] = [
      { ...timeline[0]!, to: '2026-03-31' },
      {
        from: '2026-04-01',
        to: null,
        grossSalary: 5150,
        totalCost: 6380,
        cause: { kind: 'rule', changes: [], scheduled: false },
      },
    ];
    open({ timeline: ruled });
    const table = await screen.findByRole('table', { name: 'Pay timeline' }, WAIT);
    const rows = within(table).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('$5,150.00');
    expect(rows[2]).toHaveTextContent('Salary rules changed');
    expect(rows[2]).not.toHaveTextContent('Scheduled');
  });

  it('leaves the cost out of the timeline for a viewer without showCost', async () => {
    open({ timeline, permissions: {} });
    const table = await screen.findByRole('table', { name: 'Pay timeline' }, WAIT);
    expect(within(table).queryByRole('columnheader', { name: 'Total Cost' })).not.toBeInTheDocument();
    expect(table).not.toHaveTextContent('$1,500,000.00');
    expect(table).toHaveTextContent('$1,234,567.89');
  });
});
