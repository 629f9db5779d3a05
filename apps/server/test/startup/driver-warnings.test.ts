import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, inject, it } from 'vitest';
import { api, startServer } from '../support/server-process.ts';
import { scratchServerEnv } from '../support/test-database.ts';

/*
 * The operator's log after the work that sends a transaction's statements together (the
 * import's reads in Promise.all, its write beside its audit rows, a revert): pg 8 warned
 * "Calling client.query() when the client is already executing a query is deprecated and will
 * be removed in pg@9.0" — a warning in production logs today, a failure with the next driver.
 * Statements now wait for each other before the driver (db/serial-queries.ts).
 */

const onPostgres = Boolean(inject('pgTemplateDb'));

describe.skipIf(!onPostgres)('the server on PostgreSQL', () => {
  it('imports an edited export and reverts it without a driver warning in its log', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'salary-driver-'));
    const scratch = await scratchServerEnv(dataDir);
    const admin = { email: 'driver-admin@example.com', password: 'driver-password-1' };
    const server = await startServer({
      ...scratch.env,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      JWT_SECRET: 'driver-warnings-secret-that-is-long-enough-42',
      DEMO: '1',
    });
    try {
      const login = await api<{ token: string }>(server.baseURL, 'POST', '/auth/login', { body: admin });
      expect(login.status).toBe(200);
      const auth = { authorization: `Bearer ${login.body.data.token}` };
      const exported = await fetch(`${server.baseURL}/api/employees/export`, { headers: auth });
      expect(exported.status).toBe(200);

      // One real change: the first employee's name (the demo's years come from hire dates).
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await exported.arrayBuffer()) as unknown as ExcelJS.Buffer);
      const sheet = book.worksheets[0]!;
      const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).map(String);
      const column = header.indexOf('Name');
      const cell = sheet.getRow(2).getCell(column);
      cell.value = `${String(cell.value)} Jr`;
      const rows = sheet.actualRowCount - 1;
      const form = new FormData();
      form.append('file', new Blob([await book.xlsx.writeBuffer()]), 'employees.xlsx');
      const imported = await fetch(`${server.baseURL}/api/employees/import?dryRun=false`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      const report = (await imported.json()) as { data: { updated: number; unchanged: number } };
      expect(imported.status).toBe(200);
      expect(report.data).toMatchObject({ updated: 1, unchanged: rows - 1 });

      const log = await fetch(`${server.baseURL}/api/audit?entityType=import`, { headers: auth });
      const entries = (await log.json()) as { data: { entries: Array<{ id: number }> } };
      const reverted = await fetch(`${server.baseURL}/api/audit/${entries.data.entries[0]!.id}/revert`, {
        method: 'POST',
        headers: auth,
      });
      expect(reverted.status).toBe(200);

      expect(server.output()).not.toContain('DeprecationWarning');
    } finally {
      await server.stop();
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
