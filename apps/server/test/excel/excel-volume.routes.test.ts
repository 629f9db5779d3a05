import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeList } from '../support/employee-reads.ts';
import type { Company } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { download, IMPORT_HEADER, importFile, loadWorkbook } from './excel-files.ts';

/* 10,000 employees through import, export and import again (no timing assertions). */

const N = 10_000;
let t: TestContext;
let c: Company;

beforeAll(async () => {
  t = await buildTestApp();
  c = await t.newCompany(5000);
});
afterAll(async () => t.close());

/** N new employees, written with ExcelJS's streaming writer as a big user file would be. */
async function bigFile(): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = book.addWorksheet('Employees');
  sheet.addRow(IMPORT_HEADER).commit();
  for (let i = 1; i <= N; i++)
    sheet
      .addRow([
        null,
        `Employee ${i}`,
        c.job.name,
        i % 2 ? c.position.name : c.otherPosition.name,
        c.grade.name,
        c.level.name,
        (i % 400) / 4,
        i % 10,
        i % 3 === 0 ? 'Yes' : 'No',
        'No',
        i % 5 === 0 ? 'Yes' : 'No',
        'Yes',
      ])
      .commit();
  sheet.commit();
  await book.commit();
  await ended;
  return Buffer.concat(chunks);
}

describe('10,000 employees', () => {
  it('imports, exports and imports back', { timeout: 180_000 }, async () => {
    const created = await importFile(t, await bigFile());
    expect(created.statusCode, created.body.slice(0, 300)).toBe(200);
    expect(created.envelope.data).toMatchObject({ created: N, updated: 0, problems: [] });

    const before = await employeeList(t);
    expect(before).toHaveLength(N);
    expect(before.find((e) => e.name === 'Employee 9999')).toMatchObject({
      specializationId: c.position.id,
      yearsExperience: 99.75,
      yearsWithCompany: 9,
      offshoreProject: true,
      remote: true,
      calculatedSalary: 5000,
    });

    const exported = await download(t, '/api/employees/export', t.adminToken);
    expect(exported.statusCode).toBe(200);
    const sheet = (await loadWorkbook(exported.bytes)).worksheets[0]!;
    expect(sheet.actualRowCount).toBe(N + 1);

    const again = await importFile(t, exported.bytes);
    expect(again.statusCode, again.body.slice(0, 300)).toBe(200);
    expect(again.envelope.data).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: N,
      conflictCount: 0,
      problems: [],
    });
    const after = await employeeList(t);
    expect(after).toEqual(before);
  });
});
