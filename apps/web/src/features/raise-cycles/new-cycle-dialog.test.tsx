import type { RaiseCycle, Worksheet } from '@salary/shared/raise-cycles/raise-cycles.contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { companyToday } from '../../lib/dated/company-today.ts';
import { newUser, TWO_JOBS } from '../../test/fixtures.ts';
import { envelope, type RecordedRequest, sendJson } from '../../test/http-test-server.ts';
import { signedInPage } from '../../test/sign-in.ts';
import RaiseCyclesPage from './raise-cycles-page.tsx';

const { server, open } = signedInPage('/raise-cycles');
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
const WAIT = { timeout: 10_000 };

const GRADES = [
  { id: 7, name: 'Senior', order: 2, version: 1 },
  { id: 6, name: 'Junior', order: 1, version: 1 },
];

const cycle = (over: Partial<RaiseCycle> = {}): RaiseCycle => ({
  id: 5,
  name: 'Spring 2027',
  effectiveDate: '2027-04-01',
  eligibility: { hiredBefore: null, jobIds: [1], gradeIds: [] },
  budget: { kind: 'PERCENT', value: 2 },
  guideline: [{ compaFrom: null, compaTo: 0.9, rating: null, minPercent: 3, maxPercent: 5 }],
  status: 'DRAFT',
  submittedBy: null,
  submittedByYou: false,
  sentBackComment: null,
  appliedEntryId: null,
  ...over,
});

const sheetOf = (c: RaiseCycle): Worksheet => ({
  cycle: c,
  rows: [],
  totals: { eligiblePayroll: 0, budget: 0, budgetUsed: 0, overBudget: false },
  warnings: [],
});

/** What the server was sent on writes, in order. */
let writes: Array<{ method: string; path: string; body: unknown }>;
/** The answer to a write (the default: the cycle, saved). */
let refuse: ((req: RecordedRequest) => [number, unknown]) | null;

function serve(req: RecordedRequest, res: Parameters<Parameters<typeof open>[2]>[1]) {
  const path = req.path.split('?')[0];
  if (path === '/api/jobs') return sendJson(res, 200, envelope(TWO_JOBS.jobs));
  if (path === '/api/grades') return sendJson(res, 200, envelope(GRADES));
  if (req.method === 'GET' && path === '/api/raise-cycles') return sendJson(res, 200, envelope([cycle()]));
  if (req.method === 'GET' && /^\/api\/raise-cycles\/\d+\/worksheet$/.test(path ?? ''))
    return sendJson(res, 200, envelope(sheetOf(cycle({ id: Number(path!.split('/')[3]) }))));
  if (req.method === 'POST' || req.method === 'PUT') {
    writes.push({ method: req.method, path: path!, body: JSON.parse(req.body) });
    if (refuse) {
      const [status, body] = refuse(req);
      return sendJson(res, status, body);
    }
    return sendJson(res, 200, envelope(cycle({ id: req.method === 'POST' ? 9 : 5 })));
  }
  sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
}

const admin = newUser({ id: 1, isAdmin: true, role: 'admin' });
const page = (route = '/raise-cycles') =>
  open(
    admin,
    <Routes>
      <Route path="/raise-cycles" element={<RaiseCyclesPage />} />
      <Route path="/raise-cycles/:id" element={<RaiseCyclesPage />} />
    </Routes>,
    serve,
    route,
  );

beforeEach(() => {
  writes = [];
  refuse = null;
});

type User = ReturnType<typeof userEvent.setup>;

async function pick(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  // jsdom runs no layout, so Mantine's dropdown never counts as visible: find the option regardless.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }, WAIT));
}

const row = (n: number) => screen.getByRole('group', { name: `Guideline row ${n}` });

/** Types into row n's inputs, by their visible labels ('' leaves one blank). */
async function fillRow(user: User, n: number, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    if (label === 'Rating') await user.selectOptions(within(row(n)).getByLabelText('Rating'), value);
    else if (value !== '') await user.type(within(row(n)).getByLabelText(label), value);
  }
}

async function openNewCycle(user: User) {
  page();
  await user.click(await screen.findByRole('button', { name: 'New raise cycle' }, WAIT));
  return screen.findByRole('dialog', { name: 'New raise cycle' }, WAIT);
}

describe('the raise cycle form', () => {
  it('sends the jobs, grades and guideline rows as typed, without a removed row', async () => {
    const user = userEvent.setup();
    const dialog = await openNewCycle(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Spring');
    // The options come from GET /jobs and /grades.
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/grades')).toBe(true));
    await pick(user, 'Jobs', 'Design');
    await pick(user, 'Grades', 'Senior');

    await user.click(within(dialog).getByRole('button', { name: 'Add guideline row' }));
    // A new row takes the focus at its first input.
    expect(within(row(1)).getByLabelText('Compa-ratio from')).toHaveFocus();
    await fillRow(user, 1, { 'Compa-ratio to': '0.9', Rating: '5', 'Min raise %': '4', 'Max raise %': '6' });
    await user.click(within(dialog).getByRole('button', { name: 'Add guideline row' }));
    await fillRow(user, 2, { 'Compa-ratio from': '0.9', 'Min raise %': '2', 'Max raise %': '3.5' });
    await user.click(within(dialog).getByRole('button', { name: 'Add guideline row' }));
    await fillRow(user, 3, { 'Compa-ratio from': '1.10', 'Min raise %': '0', 'Max raise %': '1.25' });

    await user.click(within(row(2)).getByRole('button', { name: 'Remove guideline row 2' }));
    expect(screen.queryByRole('group', { name: 'Guideline row 3' })).toBeNull();
    // The row that was third is second now, and has the focus.
    expect(within(row(2)).getByLabelText('Compa-ratio from')).toHaveFocus();
    expect(within(row(2)).getByLabelText('Max raise %')).toHaveValue('1.25');

    await user.click(within(dialog).getByRole('button', { name: 'Create cycle' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: '/api/raise-cycles',
      body: {
        name: 'Spring',
        effectiveDate: companyToday(),
        eligibility: { hiredBefore: null, jobIds: [2], gradeIds: [7] },
        budget: { kind: 'PERCENT', value: 3 },
        guideline: [
          { compaFrom: null, compaTo: 0.9, rating: 5, minPercent: 4, maxPercent: 6 },
          { compaFrom: 1.1, compaTo: null, rating: null, minPercent: 0, maxPercent: 1.25 },
        ],
      },
    });
    // The new cycle's worksheet opens.
    expect(await screen.findByText('Raise cycle created', {}, WAIT)).toBeInTheDocument();
    await screen.findByRole('link', { name: /All raise cycles/ }, WAIT);
  });

  it('keeps a wrong value as typed and says what is wrong under it, sending nothing', async () => {
    const user = userEvent.setup();
    const dialog = await openNewCycle(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Spring');
    await user.click(within(dialog).getByRole('button', { name: 'Add guideline row' }));
    await fillRow(user, 1, { 'Min raise %': '-1', 'Max raise %': '1.234' });
    await user.click(within(dialog).getByRole('button', { name: 'Create cycle' }));
    const min = within(row(1)).getByLabelText('Min raise %');
    await waitFor(() => expect(min).toHaveAccessibleDescription('Minimum raise must be at least 0'));
    expect(min).toHaveValue('-1');
    const max = within(row(1)).getByLabelText('Max raise %');
    expect(max).toHaveValue('1.234');
    expect(max).toHaveAccessibleDescription('Maximum raise can have at most 2 decimals');
    expect(writes).toEqual([]);
  });

  it("shows the server's refusal by the fields it names", async () => {
    refuse = () => [
      400,
      {
        success: false,
        message: 'Maximum raise is above the cap; Grade is not a valid id',
        error: 'VALIDATION_ERROR',
        data: {
          fields: [
            { field: 'guideline.0.maxPercent', message: 'Maximum raise is above the cap' },
            { field: 'eligibility.gradeIds.0', message: 'Grade is not a valid id' },
          ],
        },
      },
    ];
    const user = userEvent.setup();
    const dialog = await openNewCycle(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Spring');
    await pick(user, 'Grades', 'Junior');
    await user.click(within(dialog).getByRole('button', { name: 'Add guideline row' }));
    await fillRow(user, 1, { 'Min raise %': '1', 'Max raise %': '2' });
    await user.click(within(dialog).getByRole('button', { name: 'Create cycle' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(await within(row(1)).findByText('Maximum raise is above the cap', {}, WAIT)).toBeInTheDocument();
    expect(within(row(1)).getByLabelText('Max raise %')).toHaveAccessibleDescription(
      'Maximum raise is above the cap',
    );
    expect(within(dialog).getByText('Grade is not a valid id')).toBeInTheDocument();
    // The dialog stays open with what was typed.
    expect(within(row(1)).getByLabelText('Max raise %')).toHaveValue('2');
  });

  it('edits a draft cycle through the same form', async () => {
    const user = userEvent.setup();
    page('/raise-cycles/5');
    await user.click(await screen.findByRole('button', { name: 'Edit cycle' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Edit raise cycle' }, WAIT);
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Spring 2027');
    expect(within(row(1)).getByLabelText('Compa-ratio to')).toHaveValue('0.9');
    await user.click(within(dialog).getByRole('button', { name: 'Add guideline row' }));
    await fillRow(user, 2, {
      'Compa-ratio from': '0.9',
      Rating: '4',
      'Min raise %': '1',
      'Max raise %': '2',
    });
    // Enter in a field saves; "4.50", still text in the input, is the number 4.5.
    const max = within(row(1)).getByLabelText('Max raise %');
    await user.clear(max);
    await user.type(max, '4.50{Enter}');
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: '/api/raise-cycles/5',
      body: {
        name: 'Spring 2027',
        effectiveDate: '2027-04-01',
        eligibility: { hiredBefore: null, jobIds: [1], gradeIds: [] },
        budget: { kind: 'PERCENT', value: 2 },
        guideline: [
          { compaFrom: null, compaTo: 0.9, rating: null, minPercent: 3, maxPercent: 4.5 },
          { compaFrom: 0.9, compaTo: null, rating: 4, minPercent: 1, maxPercent: 2 },
        ],
      },
    });
    expect(await screen.findByText('Raise cycle saved', {}, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit raise cycle' })).toBeNull());
  });
});
