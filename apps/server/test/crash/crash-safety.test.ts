import { EMPLOYEE_COLUMNS } from '@salary/shared/excel/excel.contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useScratchServer } from '../support/scratch-server.ts';

/*
 * Crash safety: the real server on a real data dir (or PostgreSQL database) is killed with
 * SIGKILL in the middle of a write. On restart it must come up, and the write must be
 * there entirely or not at all.
 */

const ADMIN = { email: 'crash-admin@example.com', password: 'crash-password-1' };
const scratch = useScratchServer({ name: 'crash', admin: ADMIN });

/** Starts a write, kills the server `delayMs` later, restarts it on the same data. */
async function crashDuring(write: () => Promise<unknown>, delayMs: number) {
  const pending = write().then(
    () => 'finished',
    () => 'interrupted',
  );
  await new Promise((r) => setTimeout(r, delayMs));
  await scratch.server.kill();
  const outcome = await pending;
  await scratch.start();
  return outcome;
}

describe('a crash in the middle of a write leaves it whole or absent', () => {
  it('grade reorder: every order old or every order new', { timeout: 240_000 }, async () => {
    for (let i = 0; i < 100; i++) {
      const res = await scratch.api('POST', '/grades', { body: { name: `Crash grade ${i}` } });
      expect(res.status).toBe(201);
    }
    for (const delay of [10, 60]) {
      const before = (await scratch.api<{ id: number; order: number }[]>('GET', '/grades')).body.data;
      const reversed = before.map((g, i) => ({ id: g.id, order: before.length - 1 - i }));
      const outcome = await crashDuring(
        () => scratch.api('POST', '/grades/reorder', { body: { grades: reversed } }),
        delay,
      );
      const after = (await scratch.api<{ id: number; order: number }[]>('GET', '/grades')).body.data;
      const orderOf = new Map(after.map((g) => [g.id, g.order]));
      const allOld = before.every((g) => orderOf.get(g.id) === g.order);
      const allNew = reversed.every((g) => orderOf.get(g.id) === g.order);
      expect(after).toHaveLength(before.length);
      expect(allOld || allNew, `after a kill at ${delay} ms (${outcome})`).toBe(true);
      if (outcome === 'finished') expect(allNew).toBe(true);
    }
  });

  it('settings save: the record is the old one or the new one, never a mix', {
    timeout: 240_000,
  }, async () => {
    for (const delay of [5, 40]) {
      const before = (await scratch.api<Record<string, unknown>>('GET', '/settings')).body.data;
      const { updatedAt: _u, ...body } = before;
      const next: Record<string, unknown> = {
        ...body,
        experienceMultiplier: (before.experienceMultiplier as number) + 1,
        remoteMultiplier: (before.remoteMultiplier as number) + 2,
        benefits: [
          ...(before.benefits as unknown[]),
          { name: `Benefit ${delay}`, amount: 10, type: 'FIXED_AMOUNT' },
        ],
      };
      const outcome = await crashDuring(() => scratch.api('PUT', '/settings', { body: next }), delay);
      const after = (await scratch.api<Record<string, unknown>>('GET', '/settings')).body.data;
      const { updatedAt: _a, version: va, ...afterValues } = after;
      const { version: vb, ...beforeValues } = body;
      const { version: _vn, ...nextValues } = next;
      const isOld = JSON.stringify(afterValues) === JSON.stringify(beforeValues) && va === vb;
      const isNew = JSON.stringify(afterValues) === JSON.stringify(nextValues) && va === (vb as number) + 1;
      expect(isOld || isNew, `after a kill at ${delay} ms (${outcome})`).toBe(true);
      if (outcome === 'finished') expect(isNew).toBe(true);
    }
  });

  it('a 50,000-row import: the employees are exactly as before', { timeout: 300_000 }, async () => {
    const { job, position, grade, level } = await scratch.newCompany('Crash');
    await scratch.post('/employees', {
      name: 'Already here',
      technologyId: job.id,
      specializationId: position.id,
      gradeId: grade.id,
      levelId: level.id,
      yearsExperience: 1,
      yearsWithCompany: 1,
    });

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Employees');
    sheet.addRow(EMPLOYEE_COLUMNS.map((c) => c.header));
    for (let i = 0; i < 50_000; i++)
      sheet.addRow([
        '',
        `Imported ${i}`,
        job.name,
        position.name,
        grade.name,
        level.name,
        2,
        1,
        'No',
        'No',
        'No',
        i % 2 ? 'Yes' : 'No',
      ]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    const employeesNow = async () => (await scratch.api<unknown[]>('GET', '/employees')).body.data;
    // The import is fast now (one set-based insert): kills at several points, and every outcome
    // must be whole — nothing of the file, or all of it — with at least one kill landing inside.
    const outcomes: string[] = [];
    for (const delay of [1000, 2000, 3000, 4000]) {
      const before = await employeesNow();
      const outcome = await crashDuring(async () => {
        const form = new FormData();
        form.append('file', new Blob([file]), 'big.xlsx');
        // Ticked to create the file's people even when an earlier attempt finished and they
        // exist already (possible duplicates): each finished attempt must add all 50,000.
        const res = await fetch(`${scratch.server.baseURL}/api/employees/import?createDuplicates=all`, {
          method: 'POST',
          headers: { authorization: `Bearer ${scratch.token}` },
          body: form,
        });
        if (res.status !== 200) throw new Error(`import answered ${res.status}`);
      }, delay);
      const after = await employeesNow();
      const untouched = JSON.stringify(after) === JSON.stringify(before);
      const whole = after.length === before.length + 50_000;
      expect(
        untouched || whole,
        `after a kill at ${delay} ms (${outcome}): ${after.length - before.length} new`,
      ).toBe(true);
      if (outcome === 'finished') expect(whole).toBe(true);
      outcomes.push(untouched ? 'untouched' : 'whole');
    }
    expect(outcomes, 'at least one kill must land before the import commits').toContain('untouched');
  });
});
