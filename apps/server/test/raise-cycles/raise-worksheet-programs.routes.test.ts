import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import { WORKSHEET_COLUMNS as C } from '@salary/shared/raise-cycles/worksheet-file.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkbook } from '../excel/excel-files.ts';
import { testAppForFile } from '../support/helper.ts';
import { draftCycle, editRow, exportedWorksheet, importWorksheet, worksheetOf } from './worksheet-files.ts';

/*
 * The worksheet file through LibreOffice Calc, as people open it: re-saved as .xlsx it keeps
 * the hidden Proposal Key and the cells, so the import sees exactly what was exported (nothing
 * changed) and, with one raise filled in, that one row. Skipped, saying why, where LibreOffice is
 * not installed (CI installs it). The release tier, beside the employee export's round trips.
 */

const run = promisify(execFile);
const SOFFICE = process.env.SOFFICE_PATH || 'soffice';
const installed = await run(SOFFICE, ['--version'], { timeout: 60_000 }).then(
  () => true,
  () => false,
);
if (!installed) console.warn('LibreOffice is not installed: skipping the worksheet round trip');

describe.skipIf(!installed)('the worksheet file through LibreOffice Calc', () => {
  const t = testAppForFile();
  const ids = { ana: 0, ben: 0, cleo: 0 };
  let cycleId = 0;
  let dir = '';

  /** LibreOffice opens each of `files` (in `dir`) and saves it as .xlsx: the files it wrote. */
  async function resave(...files: string[]): Promise<Buffer[]> {
    const out = path.join(dir, 'resaved');
    await run(
      SOFFICE,
      [
        '--headless',
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--convert-to',
        'xlsx',
        '--outdir',
        out,
        ...files.map((f) => path.join(dir, f)),
      ],
      { timeout: 170_000 },
    );
    return files.map((f) => readFileSync(path.join(out, f)));
  }

  beforeAll(async () => {
    const c = await t.newCompany(4000);
    ids.ana = await t.newEmployeeOf(c, { name: 'Ana Ünïcødé', hireDate: '2020-01-01' });
    ids.ben = await t.newEmployeeOf(c, { name: 'Ben "Quoted"', hireDate: '2021-03-01' });
    ids.cleo = await t.newEmployeeOf(c, { name: '=Cleo', hireDate: '2022-05-01' });
    cycleId = await draftCycle(t, 'Round trip', c.grade.id, addDays(todayIn('UTC'), 30));
    // A stored proposal with a reason, so its key carries text through the program too.
    const saved = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/raise-cycles/${cycleId}/proposals`,
      payload: {
        proposals: [
          { employeeId: ids.ben, rating: 3, kind: 'AMOUNT', value: 120.5, reason: 'Market, "hot"' },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    dir = mkdtempSync(path.join(os.tmpdir(), 'salary-worksheet-'));
    const { res, book } = await exportedWorksheet(t, cycleId);
    writeFileSync(path.join(dir, 'exported.xlsx'), res.rawPayload);
    // One raise cell filled in before the program opens the file.
    editRow(book, ids.ana, { [C.kind]: 'Percent', [C.value]: 2.5 });
    writeFileSync(path.join(dir, 'filled.xlsx'), Buffer.from(await book.xlsx.writeBuffer()));
  }, 120_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('re-saved, it previews nothing changed; with one raise filled in, imports that row only', async () => {
    const [exported, filled] = await resave('exported.xlsx', 'filled.xlsx');
    // The program kept the key column hidden and the cells as written.
    const sheet = (await loadWorkbook(exported!)).getWorksheet('Worksheet')!;
    expect(sheet.getColumn(Object.keys(C).length).hidden).toBe(true);
    // In name order, "=Cleo" first: a name that starts with "=" stays text, never a formula.
    expect(sheet.getRow(2).getCell(2).value).toBe('=Cleo');

    const same = await importWorksheet(t, cycleId, exported!, { dryRun: true });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.envelope.data).toMatchObject({ changed: 0, unchanged: 3 });

    const res = await importWorksheet(t, cycleId, filled!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data).toMatchObject({ changed: 1, unchanged: 2 });
    expect(res.envelope.data.changes[0]).toMatchObject({ employeeId: ids.ana, newGross: 4100 });
    const rows = (await worksheetOf(t, cycleId)).rows;
    expect(rows.find((r) => r.employeeId === ids.ana)!.proposal).toMatchObject({
      kind: 'PERCENT',
      value: 2.5,
    });
    expect(rows.find((r) => r.employeeId === ids.ben)!.proposal).toMatchObject({
      kind: 'AMOUNT',
      value: 120.5,
      reason: 'Market, "hot"',
    });

    // LibreOffice's re-save, edited afterwards: a second raise is one change more.
    const book = await loadWorkbook(exported!);
    editRow(book, ids.cleo, { [C.kind]: 'Amount', [C.value]: 75 });
    const preview = await importWorksheet(t, cycleId, book, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.envelope.data.changes.map((c) => c.employeeId)).toEqual([ids.cleo]);
  }, 180_000);
});
