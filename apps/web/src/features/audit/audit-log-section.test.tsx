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
let revertAnswer: { status: number; message: string; error: string | null };

beforeEach(() => {
  entries = [IMPORT, entry({ id: 3 })];
  revertAnswer = { status: 200, message: 'Import reverted', error: null };
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
