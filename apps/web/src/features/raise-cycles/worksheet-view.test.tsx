import type {
  ProposalInput,
  RaiseCycle,
  Worksheet,
  WorksheetRow,
} from '@salary/shared/raise-cycles/raise-cycles.contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setToken } from '../../lib/token-storage.ts';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { bandMinimumGap } from './band-minimum.ts';
import RaiseCyclesPage from './raise-cycles-page.tsx';
import { draftOf, proposalsOf } from './worksheet-view.tsx';

const server = testServerForFile();
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });
const WAIT = { timeout: 10_000 };

const cycle = (over: Partial<RaiseCycle> = {}): RaiseCycle => ({
  id: 5,
  name: 'Spring 2027',
  effectiveDate: '2027-04-01',
  eligibility: { hiredBefore: null, jobIds: [], gradeIds: [] },
  budget: { kind: 'PERCENT', value: 2 },
  guideline: [],
  status: 'DRAFT',
  submittedBy: null,
  submittedByYou: false,
  sentBackComment: null,
  appliedEntryId: null,
  ...over,
});

const row = (over: Partial<WorksheetRow>): WorksheetRow => ({
  employeeId: 1,
  name: 'Ana Lima',
  jobId: 1,
  gradeId: 1,
  levelId: 1,
  currentGross: 4000,
  basicWage: 4000,
  midpoint: 4000,
  bandMinimum: 3600,
  bandMaximum: 4400,
  compaRatio: 1,
  rating: null,
  recommended: { minPercent: 2, maxPercent: 4 },
  proposal: null,
  raisePercent: null,
  outsideGuideline: false,
  newGross: 4000,
  newCompaRatio: 1,
  ...over,
});

let sheet: Worksheet;
let who: 'manager' | 'admin';
const saved: unknown[] = [];
const steps: string[] = [];

/** What the impact preview of the application answers: two employees raised, 320.00 a month. */
const IMPACT = {
  employees: 2,
  employeesAffected: 2,
  showSalary: true,
  showCost: false,
  totals: { grossBefore: 8000, grossAfter: 8320, grossDelta: 320, grossDeltaPercent: 4 },
  byJob: [],
  byGrade: [],
  changes: [],
};
const previewed: unknown[] = [];
/** The employees whose drafted raise the preview answers as outside the guideline. */
let outside = new Set<number>();
/** The company's name as GET /api/company answers it. */
let companyName: string | null = 'Acme Ltd';

beforeEach(() => {
  who = 'manager';
  saved.length = 0;
  previewed.length = 0;
  outside = new Set();
  companyName = 'Acme Ltd';
  steps.length = 0;
  sheet = {
    cycle: cycle(),
    rows: [row({}), row({ employeeId: 2, name: 'Bo Berg', recommended: null })],
    totals: { eligiblePayroll: 8000, budget: 160, budgetUsed: 0, overBudget: false },
    warnings: [],
  };
  setPageUrl(`${server.origin}/raise-cycles/5`);
  setToken('token');
  server.handle((req, res) => {
    const user =
      who === 'admin'
        ? newUser({ id: 1, isAdmin: true, role: 'admin' })
        : newUser({ permissions: { showSalary: true, manageEmployee: true } });
    const path = req.path.split('?')[0];
    if (path === '/api/auth/me') return sendJson(res, 200, envelope({ token: 'token', user }));
    if (path === '/api/company')
      return sendJson(
        res,
        200,
        envelope({
          companyName,
          currency: 'USD',
          locale: 'en-US',
          timeZone: 'UTC',
          standardWeeklyHours: 40,
          version: 1,
          updatedAt: null,
        }),
      );
    if (path === '/api/grades')
      return sendJson(
        res,
        200,
        envelope([
          { id: 1, name: 'G1', order: 1, version: 1 },
          { id: 2, name: 'G2', order: 2, version: 1 },
        ]),
      );
    if (path === '/api/levels')
      return sendJson(
        res,
        200,
        envelope([
          { id: 1, name: 'Junior', order: 1, version: 1 },
          { id: 3, name: 'Senior', order: 2, version: 1 },
        ]),
      );
    if (req.method === 'GET' && path === '/api/raise-cycles/5/worksheet')
      return sendJson(res, 200, envelope(sheet));
    if (req.method === 'PUT' && path === '/api/raise-cycles/5/proposals') {
      saved.push(JSON.parse(req.body));
      // What the server answers: the new pay and totals (Ana +3 % = 120.00, Bo +5 % = 200.00).
      sheet = {
        ...sheet,
        rows: [
          row({
            proposal: { kind: 'PERCENT', value: 3, gradeId: null, levelId: null, reason: null },
            newGross: 4120,
          }),
          row({
            employeeId: 2,
            name: 'Bo Berg',
            recommended: null,
            proposal: { kind: 'PERCENT', value: 5, gradeId: null, levelId: null, reason: 'Market' },
            newGross: 4200,
          }),
        ],
        totals: { eligiblePayroll: 8000, budget: 160, budgetUsed: 320, overBudget: true },
        warnings: ['The proposals are over budget'],
      };
      return sendJson(res, 200, envelope(sheet, 'Proposals saved. The proposals are over budget'));
    }
    if (req.method === 'GET' && path === '/api/raise-cycles/5/letters.zip') {
      steps.push('letters');
      res.writeHead(200, {
        'content-type': 'application/zip',
        'content-disposition': 'attachment; filename="raise_letters_5.zip"',
      });
      return res.end('PK');
    }
    if (req.method === 'POST' && path === '/api/raise-cycles/5/proposals/preview') {
      previewed.push(JSON.parse(req.body));
      // The server's pricing of the unsaved drafts: Ana +3 % = 120.00 (and Bo +5 % = 200.00 once typed).
      const sent = (JSON.parse(req.body) as { proposals: Array<ProposalInput> }).proposals;
      const bo = sent[1]?.value;
      const used = 120 + (bo === 5 ? 200 : 0);
      // Ana's range by her rating (the guideline's rated row for 5), as the server picks it.
      const anaRange =
        sent[0]?.rating === 5 ? { minPercent: 4, maxPercent: 8 } : { minPercent: 2, maxPercent: 4 };
      return sendJson(
        res,
        200,
        envelope({
          rows: [
            {
              employeeId: 1,
              // A range only where a rating is in play, as the server answers.
              ...(sent[0]?.rating != null && { recommended: anaRange }),
              raisePercent: 3,
              outsideGuideline: outside.has(1),
              newGross: 4120,
              newCompaRatio: 1.03,
            },
            {
              employeeId: 2,
              raisePercent: bo ?? null,
              outsideGuideline: outside.has(2),
              newGross: 4000 + (bo === 5 ? 200 : 0),
              newCompaRatio: bo === 5 ? 1.05 : 1,
            },
          ],
          totals: { eligiblePayroll: 8000, budget: 160, budgetUsed: used, overBudget: used > 160 },
          warnings: used > 160 ? ['The proposals are over budget'] : [],
        }),
      );
    }
    if (req.method === 'POST' && path === '/api/impact') {
      steps.push(`impact ${JSON.parse(req.body).path}`);
      return sendJson(res, 200, envelope(IMPACT));
    }
    const step = /^\/api\/raise-cycles\/5\/(submit|approve|apply)$/.exec(path ?? '');
    if (req.method === 'POST' && step) {
      steps.push(step[1]!);
      const status = { submit: 'SUBMITTED', approve: 'APPROVED', apply: 'APPLIED' } as const;
      sheet = { ...sheet, cycle: cycle({ status: status[step[1] as keyof typeof status] }) };
      return sendJson(res, 200, envelope(sheet.cycle));
    }
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
});

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/raise-cycles/:id" element={<RaiseCyclesPage />} />
    </Routes>,
    { route: '/raise-cycles/5' },
  );

describe('the raise cycle worksheet', () => {
  it('sets raises in bulk and by hand, saves them, and shows the totals the server answers', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring 2027' }, WAIT)).toBeInTheDocument();
    expect(screen.getByTestId('total-Budget')).toHaveTextContent('$160.00');
    expect(screen.getByTestId('total-Left')).toHaveTextContent('$160.00');

    // A typed value is never rewritten: -2 stays -2 after leaving the field, and is not offered.
    const everyone = screen.getByLabelText('Raise everyone by');
    await user.clear(everyone);
    await user.type(everyone, '-2');
    await user.tab();
    expect(everyone).toHaveValue('-2%');
    expect(screen.getByRole('button', { name: 'Set for all' })).toBeDisabled();

    // The guideline's midpoint (2–4 % → 3 %) for whoever has one; Bo has none.
    await user.click(screen.getByRole('button', { name: 'Guideline midpoint for all' }));
    expect(screen.getByLabelText('Percent for Ana Lima')).toHaveValue('3%');
    expect(screen.queryByLabelText('Percent for Bo Berg')).toBeNull();
    // Priced by the server a moment later, unsaved: the totals and Ana's new pay include it.
    await waitFor(() => expect(screen.getByTestId('total-Proposed')).toHaveTextContent('$120.00'), WAIT);
    expect(screen.getByTestId('total-Left')).toHaveTextContent('$40.00');
    expect(within(screen.getByTestId('worksheet-row-1')).getByText('$4,120.00')).toBeInTheDocument();
    expect(screen.getByTestId('totals-note')).toHaveTextContent(
      'Unsaved changes: the totals and new pay include them. Save proposals to keep them.',
    );
    expect(saved).toHaveLength(0);
    // Submitting waits for the save.
    expect(screen.getByRole('button', { name: 'Submit for approval' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Raise for Bo Berg'), 'PERCENT');
    await user.type(screen.getByLabelText('Percent for Bo Berg'), '5');
    // The answer for the drafts before the keystroke is no longer shown: the totals wait for the new one.
    expect(screen.getByTestId('totals-note')).toHaveTextContent('working out the totals and new pay');
    await waitFor(() => expect(screen.getByTestId('total-Proposed')).toHaveTextContent('$320.00'), WAIT);
    expect(screen.getByTestId('totals-note')).toHaveTextContent('the totals and new pay include them');
    await user.type(screen.getByLabelText('Reason for Bo Berg'), 'Market');
    await user.click(screen.getByRole('button', { name: 'Save proposals' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      proposals: [
        { employeeId: 1, kind: 'PERCENT', value: 3 },
        {
          employeeId: 2,
          kind: 'PERCENT',
          value: 5,
          reason: 'Market',
        },
      ],
    });
    expect(
      await screen.findByText('Proposals saved. The proposals are over budget', {}, WAIT),
    ).toBeInTheDocument();
    expect(screen.getByTestId('total-Proposed')).toHaveTextContent('$320.00');
    expect(screen.getByTestId('total-Over budget by')).toHaveTextContent('$160.00');
    expect(within(screen.getByTestId('worksheet-row-2')).getByText('$4,200.00')).toBeInTheDocument();
    expect(screen.queryByText(/Unsaved changes/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(steps).toEqual(['submit']));
  });

  it('prices raises outside the guideline before their reasons are typed, marks them, and a bulk reason fills the rows without one', async () => {
    outside = new Set([2]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Spring 2027' }, WAIT);
    await user.click(screen.getByRole('button', { name: 'Set for all' }));
    // The totals come all the same; the save would refuse Bo's raise without a reason, and says so.
    await waitFor(() => expect(screen.getByTestId('total-Proposed')).toHaveTextContent('$120.00'), WAIT);
    expect(screen.getByTestId('totals-note')).toHaveTextContent(
      'Unsaved changes: the totals and new pay include them. 1 raise outside the recommended range needs a reason (marked) before you save.',
    );
    expect(screen.getByLabelText('Reason for Bo Berg')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Reason for Ana Lima')).not.toHaveAttribute('aria-invalid', 'true');

    // Ana's own reason stays; Bo, who has none, takes the one given beside the actions.
    await user.type(screen.getByLabelText('Reason for Ana Lima'), 'Promoted soon');
    await user.type(screen.getByLabelText('Reason'), 'Annual review');
    await user.click(screen.getByRole('button', { name: 'Set for all' }));
    expect(screen.getByLabelText('Reason for Ana Lima')).toHaveValue('Promoted soon');
    expect(screen.getByLabelText('Reason for Bo Berg')).toHaveValue('Annual review');
    await waitFor(
      () =>
        expect(screen.getByTestId('totals-note')).toHaveTextContent(
          'Unsaved changes: the totals and new pay include them. Save proposals to keep them.',
        ),
      WAIT,
    );
    expect(screen.getByLabelText('Reason for Bo Berg')).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Save proposals' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0] as { proposals: Array<{ reason: string }> }).proposals.map((p) => p.reason)).toEqual([
      'Promoted soon',
      'Annual review',
    ]);
  });

  it('rates an employee, whose recommended range then follows the rating, and moves another to a grade and level with the reason it needs', async () => {
    outside = new Set([2]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Spring 2027' }, WAIT);
    const ana = within(screen.getByTestId('worksheet-row-1'));
    expect(ana.getByText('2–4%')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Rating for Ana Lima'), '5');
    // The server picks the rated row of the guideline: Ana's range follows before anything is saved.
    await waitFor(() => expect(ana.getByText('4–8%')).toBeInTheDocument(), WAIT);

    // A move starts where Bo is (G1, Junior); the level is changed to Senior.
    await user.selectOptions(screen.getByLabelText('Raise for Bo Berg'), 'MOVE');
    expect(screen.getByLabelText('Grade for Bo Berg')).toHaveValue('1');
    expect(screen.getByLabelText('Level for Bo Berg')).toHaveValue('1');
    expect(
      within(screen.getByLabelText('Level for Bo Berg')).getByRole('option', { name: 'Senior' }),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Level for Bo Berg'), 'Senior');
    // Outside the range, the move needs a reason, as a raise does.
    await waitFor(
      () => expect(screen.getByLabelText('Reason for Bo Berg')).toHaveAttribute('aria-invalid', 'true'),
      WAIT,
    );
    await user.type(screen.getByLabelText('Reason for Bo Berg'), 'Promotion');
    await user.click(screen.getByRole('button', { name: 'Save proposals' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      proposals: [
        { employeeId: 1, rating: 5, kind: 'NONE' },
        {
          employeeId: 2,
          kind: 'MOVE',
          gradeId: 1,
          levelId: 3,
          reason: 'Promotion',
        },
      ],
    });
  });

  it('draws a long worksheet a window at a time, and a bulk action still sets every row', async () => {
    const many = Array.from({ length: 2_000 }, (_, i) =>
      row({ employeeId: i + 1, name: `Employee ${i + 1}` }),
    );
    sheet = { ...sheet, rows: many };
    // jsdom lays nothing out: the worksheet's box is 600 px high here, so the window has a size to fill.
    const heights = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    onTestFinished(() => heights.mockRestore());
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByTestId('worksheet-row-1', {}, WAIT)).toBeInTheDocument();
    const drawn = document.querySelectorAll('[data-testid^="worksheet-row-"]').length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(100);
    // The table still tells assistive technology how many rows it has.
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '2001');
    expect(screen.queryByTestId('worksheet-row-2000')).toBeNull();

    // The row holding the focus stays drawn when the list scrolls far from it, in its place.
    const raiseOfFirst = screen.getByLabelText('Raise for Employee 1');
    raiseOfFirst.focus();
    const region = screen.getByTestId('worksheet-row-1').closest('[tabindex]') as HTMLElement;
    region.scrollTop = 1_500 * 51;
    fireEvent.scroll(region);
    expect(await screen.findByTestId('worksheet-row-1500', {}, WAIT)).toBeInTheDocument();
    expect(document.activeElement).toBe(raiseOfFirst);
    const drawnRows = [...document.querySelectorAll('[data-testid^="worksheet-row-"]')];
    expect(drawnRows[0]).toBe(screen.getByTestId('worksheet-row-1'));
    expect(drawnRows.length).toBeLessThan(100);
    region.scrollTop = 0;
    fireEvent.scroll(region);
    await waitFor(() => expect(screen.queryByTestId('worksheet-row-1500')).toBeNull(), WAIT);

    await user.click(screen.getByRole('button', { name: 'Set for all' }));
    // A bulk action asks for its totals at once (typing waits for a pause), from the click: once.
    await waitFor(() => expect(previewed).toHaveLength(1), WAIT);
    expect(await screen.findByText(/the totals and new pay include them/, {}, WAIT)).toBeInTheDocument();
    expect((previewed[0] as { proposals: unknown[] }).proposals).toHaveLength(2_000);
    expect(previewed).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save proposals' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = (saved[0] as { proposals: Array<{ employeeId: number; kind: string; value: number }> })
      .proposals;
    expect(sent).toHaveLength(2_000);
    expect(sent.every((p) => p.kind === 'PERCENT' && p.value === 3)).toBe(true);
    expect(sent.at(-1)?.employeeId).toBe(2_000);
  });

  it('finds employees of a long worksheet by name, and the actions change only the rows selected among them', async () => {
    sheet = {
      ...sheet,
      rows: Array.from({ length: 120 }, (_, i) =>
        row({ employeeId: i + 1, name: i === 99 ? 'José Álvarez' : `Employee ${i + 1}` }),
      ),
    };
    const heights = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    onTestFinished(() => heights.mockRestore());
    const user = userEvent.setup();
    renderPage();
    const search = await screen.findByRole('searchbox', { name: 'Search by Name' }, WAIT);
    // Accents and case set aside, words in any order.
    await user.type(search, 'alvarez JOSE');
    expect(screen.getByTestId('worksheet-row-100')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-testid^="worksheet-row-"]')).toHaveLength(1);
    expect(screen.getByText(/1 of 120 employees shown/)).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText('No employee matches “nobody”.')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'employee 11');
    // Employee 11 and 110–119.
    expect(screen.getByText(/11 of 120 employees shown/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    await user.click(screen.getByRole('button', { name: 'Set for selected (11)' }));
    await user.click(screen.getByRole('button', { name: 'Save proposals' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = (saved[0] as { proposals: Array<{ employeeId: number; kind: string }> }).proposals;
    expect(sent).toHaveLength(120);
    expect(
      sent
        .filter((p) => p.kind === 'PERCENT')
        .map((p) => p.employeeId)
        .sort((a, b) => a - b),
    ).toEqual([11, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119]);
  });

  it('lets an administrator approve a submitted cycle, then apply it after confirming', async () => {
    who = 'admin';
    sheet = { ...sheet, cycle: cycle({ status: 'SUBMITTED', submittedBy: 'staff@example.com' }) };
    const user = userEvent.setup();
    renderPage();
    // No letters before approval.
    expect(screen.queryByRole('button', { name: 'All letters (.zip)' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Approve' }, WAIT));
    await waitFor(() => expect(steps).toEqual(['approve']));
    URL.createObjectURL = vi.fn(() => 'blob:letters');
    URL.revokeObjectURL = vi.fn();
    await user.click(await screen.findByRole('button', { name: 'All letters (.zip)' }, WAIT));
    await waitFor(() => expect(steps).toEqual(['approve', 'letters']));
    steps.splice(1);
    await user.click(await screen.findByRole('button', { name: 'Apply raises' }, WAIT));
    // First the impact of the application, priced by the server as of the effective date.
    const dialog = await screen.findByRole('dialog', { name: 'Impact of this change' }, WAIT);
    expect(steps).toEqual(['approve', 'impact /raise-cycles/5/apply']);
    expect(within(dialog).getByText(/It can be reverted from the Audit Log/)).toBeInTheDocument();
    expect(within(dialog).getByText(/the cycle's effective date/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(steps).toEqual(['approve', 'impact /raise-cycles/5/apply', 'apply']));
    // Read only once applied: no input is editable.
    expect(await screen.findByText('Applied', {}, WAIT)).toBeInTheDocument();
  });

  it("warns before letters go out without the company's name, with the way to set it", async () => {
    who = 'admin';
    companyName = null;
    sheet = { ...sheet, cycle: cycle({ status: 'APPROVED' }) };
    renderPage();
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert).toHaveTextContent("The company's name is not set");
    expect(alert).toHaveTextContent('The letters say "Not set" where the employer\'s name goes.');
    expect(within(alert).getByRole('link', { name: 'Settings → Company' })).toHaveAttribute(
      'href',
      '/settings/company',
    );
  });

  it('does not offer the administrator who submitted a cycle to approve it, and says who may', async () => {
    who = 'admin';
    sheet = {
      ...sheet,
      cycle: cycle({ status: 'SUBMITTED', submittedBy: 'admin@example.com', submittedByYou: true }),
    };
    renderPage();
    const approve = await screen.findByRole('button', { name: 'Approve' }, WAIT);
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(
      'Submitted for approval by admin@example.com. Another administrator approves it: no one approves their own submission.',
    );
    // Sending it back stays open to them.
    expect(screen.getByRole('button', { name: 'Send back' })).toBeEnabled();
  });
});

describe('proposalsOf', () => {
  it('sends a raise without a value as none, and keeps a move as stored', () => {
    const rows = [
      row({}),
      row({
        employeeId: 2,
        rating: 4,
        proposal: { kind: 'MOVE', value: null, gradeId: 3, levelId: 2, reason: 'Promotion' },
      }),
    ];
    const drafts = new Map([[1, { ...draftOf(rows[0]!), kind: 'AMOUNT' as const, value: '' as const }]]);
    expect(proposalsOf(rows, drafts)).toEqual([
      { employeeId: 1, kind: 'NONE' },
      { employeeId: 2, rating: 4, kind: 'MOVE', gradeId: 3, levelId: 2, reason: 'Promotion' },
    ]);
  });
});

describe('bulk actions on a selection', () => {
  /** Ana is inside her band; Bo and Cy are below its minimum by 599.90 and 100.05. */
  const rows = () => [
    row({}),
    row({ employeeId: 2, name: 'Bo Berg', basicWage: 3000.1, currentGross: 3300.1, recommended: null }),
    row({ employeeId: 3, name: 'Cy Diaz', basicWage: 3500, currentGross: 3800, bandMinimum: 3600.05 }),
  ];
  const byName = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

  beforeEach(() => {
    sheet = { ...sheet, rows: rows() };
    server.handle((req, res) => {
      const path = req.path.split('?')[0];
      if (path === '/api/auth/me')
        return sendJson(
          res,
          200,
          envelope({
            token: 'token',
            user: newUser({ permissions: { showSalary: true, manageEmployee: true } }),
          }),
        );
      if (req.method === 'GET' && path === '/api/raise-cycles/5/worksheet')
        return sendJson(res, 200, envelope(sheet));
      if (req.method === 'PUT' && path === '/api/raise-cycles/5/proposals') {
        saved.push(JSON.parse(req.body));
        return sendJson(res, 200, envelope(sheet, 'Proposals saved'));
      }
      sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
    });
  });

  it('sets only the selected rows, then raises the rows below their band minimum by exactly the gap', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ana Lima' }, WAIT));
    await user.click(screen.getByRole('checkbox', { name: 'Select Bo Berg' }));
    expect(screen.getByText(/2 rows selected/)).toBeInTheDocument();
    // The header's box is half checked: some rows are picked, not all.
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );

    const by = screen.getByLabelText('Raise selected by');
    await user.clear(by);
    await user.type(by, '5');
    await user.click(screen.getByRole('button', { name: 'Set for selected (2)' }));
    expect(screen.getByLabelText('Percent for Ana Lima')).toHaveValue('5%');
    expect(screen.getByLabelText('Percent for Bo Berg')).toHaveValue('5%');
    // Cy was not selected: still no raise.
    expect(within(byName('Cy Diaz')).getByLabelText('Raise for Cy Diaz')).toHaveValue('NONE');

    // With only Bo selected, the band minimum raises Bo alone.
    await user.click(screen.getByRole('checkbox', { name: 'Select Ana Lima' }));
    await user.click(screen.getByRole('button', { name: 'Raise to band minimum for selected (1)' }));
    expect(await screen.findByText('Raised 1 row to the band minimum', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByLabelText('Amount for Bo Berg')).toHaveValue('599.9');
    expect(screen.getByLabelText('Raise for Cy Diaz')).toHaveValue('NONE');

    // No selection: the actions act on every row; Ana (inside her band) is left as she was.
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    await user.click(screen.getByRole('button', { name: 'Raise to band minimum for all' }));
    expect(
      await screen.findByText(
        'Raised 2 rows to the band minimum (1 at or above it left as it was)',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Percent for Ana Lima')).toHaveValue('5%');
    expect(screen.getByLabelText('Amount for Cy Diaz')).toHaveValue('100.05');
    expect(screen.getByLabelText('Reason for Cy Diaz')).toHaveValue('Raise to band minimum');

    await user.click(screen.getByRole('button', { name: 'Save proposals' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      proposals: [
        { employeeId: 1, kind: 'PERCENT', value: 5 },
        {
          employeeId: 2,
          kind: 'AMOUNT',
          value: 599.9,
          reason: 'Raise to band minimum',
        },
        {
          employeeId: 3,
          kind: 'AMOUNT',
          value: 100.05,
          reason: 'Raise to band minimum',
        },
      ],
    });
  });

  it('selects every row from the header, and says so on the actions', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all rows' }, WAIT));
    for (const name of ['Ana Lima', 'Bo Berg', 'Cy Diaz'])
      expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Guideline midpoint for selected (3)' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByRole('checkbox', { name: 'Select Bo Berg' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Guideline midpoint for all' })).toBeInTheDocument();
  });
});

describe('bandMinimumGap', () => {
  it('is the gap to the band minimum in whole cents, and none at or above it', () => {
    expect(bandMinimumGap(row({ basicWage: 3000.1, bandMinimum: 3600 }))).toBe(599.9);
    expect(bandMinimumGap(row({ basicWage: 0.1, bandMinimum: 0.3 }))).toBe(0.2);
    expect(bandMinimumGap(row({ basicWage: 3600, bandMinimum: 3600 }))).toBeNull();
    expect(bandMinimumGap(row({ basicWage: 3600.01, bandMinimum: 3600 }))).toBeNull();
  });
});
