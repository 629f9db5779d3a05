import type { AuditEntry } from '@salary/shared/audit/audit.contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/token-storage.ts';
import { newUser } from '../../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../../test/http-test-server.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import AuditLogSection from './audit-log-section.tsx';

const server = testServerForFile();

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-11-24T05:00:00.000Z',
  actorId: 1,
  actorEmail: 'admin@example.com',
  described: ['Name: Ana → Ana Lima'],
  action: 'update',
  entityType: 'employee',
  entityId: '4',
  summary: 'Employee Ana Lima: Name: Ana → Ana Lima',
  changes: [{ field: 'name', before: 'Ana', after: 'Ana Lima' }],
  details: null,
  ...over,
});

const IMPORT = entry({
  id: 7,
  action: 'import',
  entityType: 'import',
  entityId: null,
  summary: 'Import of sheet "Employees": 2 created, 1 updated',
  changes: [],
  details: {
    sheet: 'Employees',
    created: 2,
    changed: 1,
    employees: [{ id: 17, name: 'Ana Lima', changes: [{ field: 'yearsExperience', before: 2, after: 8 }] }],
  },
});
const REVERT = entry({
  id: 9,
  action: 'revert',
  entityType: 'import',
  entityId: '7',
  summary: 'Import 7 of sheet "Employees" reverted: 2 deleted, 1 restored',
  changes: [],
  details: { importId: 7, deleted: 2, restored: 1, employees: [] },
});

let entries: AuditEntry[];
/** The back-pay downloads asked for. */
let downloads: string[];
let revertAnswer: { status: number; message: string; error: string | null };
/** What POST /api/audit/{id}/revert of an entry other than the import answers. */
let entryAnswer: { status: number; message: string; error: string | null; undo?: AuditEntry };

beforeEach(() => {
  entries = [IMPORT, entry({ id: 3 })];
  downloads = [];
  revertAnswer = { status: 200, message: 'Import reverted', error: null };
  entryAnswer = { status: 200, message: 'Employee restored', error: null };
  setPageUrl(`${server.origin}/settings/audit`);
  setToken('token');
  const user = newUser({ isAdmin: true, role: 'admin' });
  server.handle((req, res) => {
    if (req.path === '/api/auth/me') return sendJson(res, 200, envelope({ token: 'token', user }));
    if (req.method === 'GET' && req.path.split('?')[0] === '/api/audit')
      return sendJson(res, 200, envelope({ entries, nextCursor: null }));
    if (req.method === 'POST' && req.path === '/api/audit/7/revert') {
      const ok = revertAnswer.status < 400;
      if (ok) entries = [REVERT, ...entries];
      return sendJson(res, revertAnswer.status, {
        success: ok,
        message: revertAnswer.message,
        error: revertAnswer.error,
        data: ok ? { importId: 7, revertId: 9, deleted: 2, restored: 1 } : null,
      });
    }
    const other = /^\/api\/audit\/(\d+)\/revert$/.exec(req.path);
    if (req.method === 'POST' && other) {
      const ok = entryAnswer.status < 400;
      if (ok && entryAnswer.undo) entries = [entryAnswer.undo, ...entries];
      return sendJson(res, entryAnswer.status, {
        success: ok,
        message: entryAnswer.message,
        error: entryAnswer.error,
        data: ok
          ? {
              entryId: Number(other[1]),
              revertId: 13,
              action: 'restore',
              entityType: 'employee',
              entityId: 4,
            }
          : null,
      });
    }
    if (req.method === 'GET' && /^\/api\/audit\/\d+\/back-pay\.xlsx$/.test(req.path)) {
      downloads.push(req.path);
      res.writeHead(200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': 'attachment; filename="back_pay.xlsx"',
      });
      return res.end('PK');
    }
    sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
  });
});

async function askRevert() {
  await userEvent.click(await screen.findByRole('button', { name: 'Show changes of entry 7' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Revert this import' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Revert this import' });
  expect(
    within(dialog).getByText(
      'Are you sure you want to revert this import? This deletes 2 employees the import created and restores 1 employee it changed to their earlier values.',
    ),
  ).toBeInTheDocument();
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
  return dialog;
}

describe('Audit Log: back pay of a change dated in the past', () => {
  it('shows the back pay kept by the entry and downloads it', async () => {
    entries = [
      entry({
        id: 21,
        details: {
          label: 'Employee Ana Lima',
          effectiveFrom: '2026-09-15',
          backPay: {
            from: '2026-09-15',
            to: '2026-11-26',
            employees: [{ id: 4, name: 'Ana Lima', gross: 812.4, cost: 950.51 }],
            employeeCount: 1,
            totals: { gross: 812.4, cost: 950.51 },
          },
        },
      }),
      entry({ id: 3 }),
    ];
    URL.createObjectURL = vi.fn(() => 'blob:back-pay');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(<AuditLogSection />, { route: '/settings/audit' });
    const line = await screen.findByTestId('back-pay-21', {}, { timeout: 10_000 });
    expect(line).toHaveTextContent('Back pay owed');
    expect(line).toHaveTextContent('$812.40 gross, $950.51 total cost');
    expect(screen.queryByTestId('back-pay-3')).toBeNull();
    await userEvent.click(within(line).getByRole('button', { name: /Download back pay/ }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(downloads).toEqual(['/api/audit/21/back-pay.xlsx']);
  });
});

describe('Audit Log: Revert this import', () => {
  it('offers the revert on an import entry only', async () => {
    renderWithProviders(<AuditLogSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show changes of entry 3' }));
    expect(await screen.findByText('Name: Ana → Ana Lima')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revert this import' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show changes of entry 7' }));
    expect(await screen.findByRole('button', { name: 'Revert this import' })).toBeInTheDocument();
    expect(screen.getByText('2 created, 1 updated')).toBeInTheDocument();
  });

  it('lists the first 50 employees of a large import and counts the rest', async () => {
    const many = Array.from({ length: 50 }, (_, i) => ({
      id: 100 + i,
      name: `Person ${i}`,
      changes: [{ field: 'name', before: null, after: `Person ${i}` }],
    }));
    entries = [
      entry({
        ...IMPORT,
        id: 8,
        summary: 'Import of sheet "Employees": 1234 created, 0 updated',
        details: { sheet: 'Employees', created: 1234, changed: 0, employeeCount: 1234, employees: many },
      }),
    ];
    renderWithProviders(<AuditLogSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show changes of entry 8' }));
    expect(await screen.findByText('Person 49 (#149)')).toBeInTheDocument();
    expect(screen.getByText('and 1,184 more employees')).toBeInTheDocument();
  });

  it('Cancel sends nothing', async () => {
    renderWithProviders(<AuditLogSection />);
    const dialog = await askRevert();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('reverts after the confirmation, says so, and reloads the log', async () => {
    renderWithProviders(<AuditLogSection />);
    const dialog = await askRevert();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert Import' }));
    expect(await screen.findByText('Import reverted')).toBeInTheDocument();
    expect(await screen.findByText(REVERT.summary)).toBeInTheDocument();
    // The import's row now says who reverted it instead of offering it again.
    expect(await screen.findByText('Reverted by admin@example.com (entry 9).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revert this import' })).not.toBeInTheDocument();
  });

  it("keeps a refusal on screen in the server's words", async () => {
    const message =
      'This import cannot be reverted: Employee 17 (Ana Lima) was changed on 24 Nov 2026, 05:12 UTC by hr@example.com after this import.';
    revertAnswer = { status: 409, message, error: 'IMPORT_TOUCHED_LATER' };
    renderWithProviders(<AuditLogSection />);
    const dialog = await askRevert();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert Import' }));
    const alert = await screen.findByRole('alert', { name: /The import was not reverted/ });
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revert this import' })).toBeInTheDocument();
  });
});

const DELETED = entry({
  id: 11,
  action: 'delete',
  summary: 'Employee Ana Lima deleted',
  changes: [{ field: 'name', before: 'Ana Lima', after: null }],
  details: { label: 'Employee Ana Lima' },
});
const RESTORED = entry({
  id: 13,
  action: 'restore',
  summary: 'Employee Ana Lima restored',
  changes: [{ field: 'name', before: null, after: 'Ana Lima' }],
  details: { label: 'Employee Ana Lima' },
});
const USER_CREATED = entry({
  id: 12,
  entityType: 'user',
  action: 'create',
  summary: 'User hr@example.com created',
});

describe('Audit Log: Revert and Restore', () => {
  beforeEach(() => {
    entries = [USER_CREATED, DELETED, entry({ id: 3, details: { label: 'Employee Ana Lima' } })];
  });

  async function ask(name: RegExp, title: string) {
    await userEvent.click(await screen.findByRole('button', { name }));
    const dialog = await screen.findByRole('alertdialog', { name: title });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    return dialog;
  }

  it("offers Restore on an employee's delete, Revert on an edit, and nothing on other entries", async () => {
    renderWithProviders(<AuditLogSection />);
    expect(
      await screen.findByRole('button', { name: 'Restore Employee Ana Lima (entry 11)' }),
    ).toHaveTextContent('Restore');
    expect(screen.getByRole('button', { name: 'Revert Employee Ana Lima (entry 3)' })).toHaveTextContent(
      'Revert',
    );
    expect(screen.queryByRole('button', { name: /entry 12\)$/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^(Restore|Revert) / })).toHaveLength(2);
  });

  it('Cancel sends nothing', async () => {
    renderWithProviders(<AuditLogSection />);
    const dialog = await ask(/^Restore Employee Ana Lima/, 'Restore employee');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('restores after the confirmation, says so, and the entry then says who restored it', async () => {
    entryAnswer = { status: 200, message: 'Employee restored', error: null, undo: RESTORED };
    renderWithProviders(<AuditLogSection />);
    const dialog = await ask(/^Restore Employee Ana Lima/, 'Restore employee');
    expect(
      within(dialog).getByText(
        'Are you sure you want to restore this employee? They come back with the same ID, every field and their pay history.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Employee restored')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/audit/11/revert',
    ]);
    expect(await screen.findByText('Restored by admin@example.com (entry 13).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Restore Employee/ })).not.toBeInTheDocument();
  });

  it("keeps a refusal on screen in the server's words", async () => {
    const message =
      'Cannot revert: Employee Ana Lima was changed after this entry (update on 24 Nov 2026, 05:12 UTC by hr@example.com)';
    entryAnswer = { status: 409, message, error: 'CHANGED_SINCE' };
    renderWithProviders(<AuditLogSection />);
    const dialog = await ask(/^Revert Employee Ana Lima/, 'Revert this change');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    const alert = await screen.findByRole('alert', { name: /The change was not reverted/ });
    expect(within(alert).getByText(message)).toBeInTheDocument();
    // The toast says it too, and the button stays for another try.
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('button', { name: /^Revert Employee Ana Lima/ })).toBeInTheDocument();
  });
});

/** What a dated rule write keeps about its versions (the revert's record; its shape is the server's). */
const KEPT = [
  { kind: 'BASE_SALARY', key: { grade_id: 1, level_id: 2 }, day: '2026-09-01', value: null, replaced: null },
];
const rule = (over: Partial<AuditEntry>) =>
  entry({ entityType: 'baseSalary', entityId: '5', described: [], changes: [], ...over });
const RULE_ENTRIES = [
  rule({
    id: 21,
    action: 'create',
    summary: 'Base salary Junior / L1 created',
    details: { label: 'Base salary Junior / L1', ruleVersions: KEPT },
  }),
  rule({
    id: 22,
    action: 'delete',
    entityType: 'adjustmentFactor',
    summary: 'Adjustment factor Backend / Lead deleted',
    details: { label: 'Adjustment factor Backend / Lead', ruleVersions: KEPT },
  }),
  rule({
    id: 23,
    action: 'update',
    summary: 'Base salary Junior / L1: $1,000.00 → $1,100.00',
    details: {
      label: 'Base salary Junior / L1',
      effectiveFrom: '2026-12-01',
      scheduled: true,
      ruleVersions: KEPT,
    },
  }),
  rule({
    id: 24,
    action: 'update',
    summary: 'Base salary Junior / L1: $1,100.00 → $1,200.00',
    details: {
      label: 'Base salary Junior / L1',
      effectiveFrom: '2026-09-01',
      ruleVersions: KEPT,
      backPay: { from: '2026-09-01', to: '2026-11-23', totals: { gross: 250, cost: 300 }, employees: [] },
    },
  }),
  rule({
    id: 25,
    action: 'reorder',
    entityType: 'grade',
    entityId: null,
    summary: 'Grades reordered',
    details: { label: 'Grades', ids: [1, 2], moved: [{ id: 1, before: 0, after: 1 }] },
  }),
  rule({
    id: 26,
    action: 'bulkSave',
    entityId: null,
    summary: 'Base salaries (grid): 2 changes',
    details: { label: 'Base salaries (grid)', ids: [5, 6], ruleVersions: KEPT },
  }),
  // Recorded before entries kept their versions: not offered.
  rule({
    id: 27,
    action: 'create',
    summary: 'Base salary Senior / L1 created',
    details: { label: 'Base salary Senior / L1' },
  }),
  // A scheduled change cancelled is undone from the scheduled list, not here.
  rule({
    id: 28,
    action: 'update',
    entityId: null,
    summary: 'Base salary Junior / L1 updated',
    details: { label: 'Base salary Junior / L1', scheduledChangeCancelled: '2026-12-01', ruleVersions: KEPT },
  }),
];

describe('Audit Log: Revert of a rule write', () => {
  beforeEach(() => {
    entries = RULE_ENTRIES;
    entryAnswer = { status: 200, message: 'Change reverted', error: null };
  });

  /** The confirmation of entry `id`'s Revert, its words, then Cancel. */
  async function prompt(id: number): Promise<string> {
    await userEvent.click(await screen.findByRole('button', { name: new RegExp(`\\(entry ${id}\\)$`) }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revert this change' });
    const text = dialog.textContent ?? '';
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    return text;
  }

  it("offers Revert on a grid cell's create and delete, a dated change, a grid save and a reorder, saying what each does", async () => {
    renderWithProviders(<AuditLogSection />);
    expect(
      await screen.findByRole('button', { name: 'Revert Base salary Junior / L1 (entry 21)' }),
    ).toBeInTheDocument();
    const offered = screen
      .getAllByRole('button', { name: /^Revert / })
      .map((b) => b.getAttribute('aria-label'));
    expect(offered).toEqual([
      'Revert Base salary Junior / L1 (entry 21)',
      'Revert Adjustment factor Backend / Lead (entry 22)',
      'Revert Base salary Junior / L1 (entry 23)',
      'Revert Base salary Junior / L1 (entry 24)',
      'Revert Grades (entry 25)',
      'Revert Base salaries (grid) (entry 26)',
    ]);
    expect(await prompt(21)).toContain('The base salary it created is deleted.');
    expect(await prompt(22)).toContain('The adjustment factor it deleted is put back with its values.');
    expect(await prompt(23)).toMatch(
      /The change scheduled for .*2026.* is withdrawn; nothing changes today\./,
    );
    expect(await prompt(24)).toMatch(
      /The values before it are put back from .*2026.* on, and the back pay it counted is reversed\./,
    );
    expect(await prompt(25)).toContain('The order before it is put back.');
    expect(await prompt(26)).toContain('The values before it are put back.');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('reverts a scheduled change after the confirmation and says so', async () => {
    renderWithProviders(<AuditLogSection />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Revert Base salary Junior / L1 (entry 23)' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Revert this change' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(await screen.findByText('Change reverted')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/audit/23/revert',
    ]);
  });
});

describe('Audit Log: filters', () => {
  it('filters by the record’s name, as the entries show it, never by an id', async () => {
    renderWithProviders(<AuditLogSection />);
    await screen.findByRole('button', { name: 'Show changes of entry 3' });
    expect(screen.queryByRole('textbox', { name: 'Record ID' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Record' }), 'Ana Lima');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => {
      const asked = server.requests
        .filter((r) => r.path.startsWith('/api/audit?'))
        .map((r) => new URL(r.path, server.origin).searchParams);
      expect(asked.at(-1)?.get('record')).toBe('Ana Lima');
    });
    const query = new URL(server.requests.at(-1)!.path, server.origin).searchParams;
    expect(query.has('entityId')).toBe(false);
  });
});
