import type { AuditPage, PayHistoryRow } from '@salary/shared/audit/audit.contract';
import { EMPLOYEE_COLUMNS } from '@salary/shared/excel/excel.contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useScratchServer } from '../support/scratch-server.ts';

/*
 * The real server killed with SIGKILL in the middle of a base-salary change that moves many
 * employees' pay: after the restart the new amount, its audit entry and every moved
 * employee's history row are all there, or none of them is.
 */

const ADMIN = { email: 'audit-crash@example.com', password: 'crash-password-1' };
const EMPLOYEES = 20_000;
const scratch = useScratchServer({ name: 'audit-crash', admin: ADMIN });

const get = async <T>(url: string) => {
  const res = await scratch.api<T>('GET', url);
  expect(res.status, url).toBe(200);
  return res.body.data;
};

describe('a crash in the middle of a rule change', () => {
  it('leaves the change with its audit entry and history rows, or none of them', {
    timeout: 400_000,
  }, async () => {
    const { grade, level, baseSalary: base } = await scratch.newCompany('AC');

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Employees');
    sheet.addRow(EMPLOYEE_COLUMNS.map((c) => c.header));
    for (let i = 0; i < EMPLOYEES; i++)
      sheet.addRow([
        '',
        `AC ${i}`,
        'AC job',
        'AC position',
        'AC grade',
        'AC level',
        2,
        1,
        'No',
        'No',
        'No',
        'No',
      ]);
    const imported = await scratch.importFile(await workbook.xlsx.writeBuffer());
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const ids = (await get<{ id: number }[]>('/employees')).map((e) => e.id).sort((a, b) => a - b);
    expect(ids).toHaveLength(EMPLOYEES);
    const sample = [ids[0]!, ids[Math.floor(ids.length / 2)]!, ids[ids.length - 1]!];

    const outcomes: string[] = [];
    let amount = 1000;
    for (const delay of [30, 150, 400, 900, 1600]) {
      const next = amount + 100;
      const pending = scratch
        .api('PUT', `/base-salary/${base.id}`, {
          body: { gradeId: grade.id, levelId: level.id, amount: next },
        })
        .then(
          (r) => (r.status === 200 ? 'finished' : 'interrupted'),
          () => 'interrupted',
        );
      await new Promise((r) => setTimeout(r, delay));
      await scratch.server.kill();
      const outcome = await pending;
      await scratch.start();

      const stored = (await get<{ id: number; amount: number }[]>('/base-salary')).find(
        (b) => b.id === base.id,
      )!;
      const entries = (await get<AuditPage>(`/audit?entityType=baseSalary&entityId=${base.id}&limit=200`))
        .entries;
      const entryOfNext = entries.find((e) =>
        e.changes.some((c) => c.field === 'amount' && c.after === next),
      );
      const histories = await Promise.all(
        sample.map((id) => get<PayHistoryRow[]>(`/employees/${id}/history`)),
      );
      const rowsOfNext = histories.map((h) => h.filter((r) => r.auditId === entryOfNext?.id).length);
      const changed = stored.amount === next;
      const context = `kill at ${delay} ms (${outcome}): amount ${stored.amount}, entry ${Boolean(entryOfNext)}, rows ${rowsOfNext}`;
      expect([amount, next], context).toContain(stored.amount);
      expect(Boolean(entryOfNext), context).toBe(changed);
      expect(rowsOfNext, context).toEqual(changed ? [1, 1, 1] : [0, 0, 0]);
      if (outcome === 'finished') expect(changed, context).toBe(true);
      outcomes.push(changed ? 'whole' : 'untouched');
      if (changed) amount = next;
    }
    expect(outcomes, 'at least one kill lands before the change commits').toContain('untouched');
  });
});
