import { fromCents, sumCents, toCents } from '@salary/shared/common/money';
import { IMPACT_FILE_NAME } from '@salary/shared/impact/impact.contract';
import type { Settings } from '@salary/shared/settings/settings.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorkbook } from '../../src/modules/excel/sheet.reader.ts';
import { cellText, type SheetRow } from '../../src/modules/excel/sheet-cells.model.ts';
import { workbookLimits } from '../../src/modules/excel/workbook.limits.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { snapshot } from '../support/snapshot.ts';

/*
 * POST /api/impact/export: the preview's figures as a workbook, nothing saved. What a user
 * would notice: the download's "before" is not today's payroll, its "after" is not what the
 * list shows once the change is saved, the download saves the change, or it shows a cost to
 * someone who may not see costs.
 */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
  const company = await t.newCompany(4000);
  for (let i = 0; i < 6; i++) await t.newEmployeeOf(company, { yearsExperience: i, remote: i % 2 === 0 });
  const other = await t.newCompany(6500);
  for (let i = 0; i < 3; i++) await t.newEmployeeOf(other, { yearsExperience: 2 * i });
});
afterAll(async () => t.close());

const LIMITS = workbookLimits({ importMaxRows: 100_000, importMaxBytes: 20 * 1024 * 1024 });

/** Every sheet of the download, by name, as rows of cell texts (money as its number). */
async function sheetsOf(bytes: Buffer): Promise<Map<string, string[][]>> {
  const book = await openWorkbook(bytes, LIMITS);
  const sheets = new Map<string, string[][]>();
  for (const [i, info] of book.sheets.entries()) {
    const rows: SheetRow[] = [];
    for await (const row of book.rows(i)) rows.push(row);
    sheets.set(
      info.name,
      rows.map((r) => r.cells.map(cellText)),
    );
  }
  return sheets;
}

async function settingsBody(changes: Partial<Settings>) {
  const res = await t.callAsAdmin<Settings>({ method: 'GET', url: '/api/settings' });
  const { updatedAt: _u, ...rest } = { ...res.envelope.data, ...changes };
  return rest;
}

async function listTotals(): Promise<{ gross: number; cost: number }> {
  const res = await t.callAsAdmin<{ calculatedSalary: number | null; accumulatedCost: number | null }[]>({
    method: 'GET',
    url: '/api/employees',
  });
  const total = (pick: (e: (typeof res.envelope.data)[number]) => number | null) =>
    fromCents(sumCents(res.envelope.data.map((e) => toCents(pick(e) ?? 0))));
  return { gross: total((e) => e.calculatedSalary), cost: total((e) => e.accumulatedCost) };
}

const download = (payload: object, token = t.adminToken) =>
  t.app.inject({
    method: 'POST',
    url: '/api/impact/export',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

describe('POST /api/impact/export', () => {
  it('downloads the totals before → after as the list shows them before and after saving, and saves nothing', async () => {
    const body = await settingsBody({
      experienceMultiplier: 3,
      benefits: [{ name: 'Lunch', amount: 80, type: 'FIXED_AMOUNT' }],
    });
    const before = await listTotals();
    const stored = await snapshot(t.app.db);

    const res = await download({ method: 'PUT', path: '/settings', body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(IMPACT_FILE_NAME);
    expect(await snapshot(t.app.db)).toBe(stored);

    const sheets = await sheetsOf(res.rawPayload);
    expect([...sheets.keys()]).toEqual(['Totals', 'By job', 'By grade', 'Biggest changes']);
    const totals = sheets.get('Totals')!;
    expect(totals[0]).toEqual(['Figure', 'Before', 'After', 'Change', 'Change %']);
    const payroll = totals.find((r) => r[0] === 'Monthly payroll (gross)')!;
    const cost = totals.find((r) => r[0] === 'Total cost')!;
    expect(Number(payroll[1])).toBe(before.gross);
    expect(Number(cost[1])).toBe(before.cost);
    expect(totals.find((r) => r[0] === 'Employees')![2]).toBe('9');

    // Saved for real, the list adds up to the download's "after".
    const saved = await t.callAsAdmin({ method: 'PUT', url: '/api/settings', payload: body });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await listTotals();
    expect(after.gross).not.toBe(before.gross);
    expect(Number(payroll[2])).toBe(after.gross);
    expect(Number(cost[2])).toBe(after.cost);
    expect(Number(payroll[3])).toBeCloseTo(after.gross - before.gross, 2);
    expect(sheets.get('Biggest changes')![0]).toEqual([
      'Employee',
      'Job',
      'Grade',
      'Gross salary before',
      'Gross salary after',
      'Total cost before',
      'Total cost after',
    ]);
    expect(sheets.get('Biggest changes')!.length - 1).toBe(9);
  });

  it('shows no cost to someone who may not see costs, and refuses what the write refuses', async () => {
    const salaryOnly = await t.createUser({ manageSettings: true, showSalary: true });
    const body = await settingsBody({ experienceMultiplier: 4 });
    const res = await download({ method: 'PUT', path: '/settings', body }, salaryOnly.token);
    expect(res.statusCode, res.body).toBe(200);
    const sheets = await sheetsOf(res.rawPayload);
    const text = JSON.stringify([...sheets.values()]);
    expect(text).toContain('Monthly payroll (gross)');
    expect(text).not.toMatch(/cost/i);

    const bad = await download({
      method: 'PUT',
      path: '/settings',
      body: { ...body, experienceMultiplier: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    const noRights = await t.createUser({ showSalary: true, showCost: true });
    expect((await download({ method: 'PUT', path: '/settings', body }, noRights.token)).statusCode).toBe(403);
  });
});
