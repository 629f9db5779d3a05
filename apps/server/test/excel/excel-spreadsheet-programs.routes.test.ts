import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { download, importFile, loadWorkbook } from './excel-files.ts';

/*
 * The export through the real spreadsheet programs people use: LibreOffice Calc and Gnumeric
 * re-save it as .xlsx and as .xls, and the import must see exactly what it exported (0 changed,
 * no conflicts), with the filter still there. Each program is skipped, saying why, where it is
 * not installed (CI installs both).
 */

const run = promisify(execFile);

/** The first of `candidates` that answers `--version`. */
async function installed(candidates: (string | undefined)[]): Promise<string | null> {
  for (const candidate of candidates.filter(Boolean) as string[]) {
    try {
      await run(candidate, ['--version'], { timeout: 60_000 });
      return candidate;
    } catch {}
  }
  return null;
}

interface SpreadsheetProgram {
  name: string;
  command: string | null;
  /** Opens `file` and saves it as `format` into `out` (a file of the same base name). */
  resave(command: string, file: string, format: 'xlsx' | 'xls', out: string, scratch: string): Promise<void>;
}

const PROGRAMS: SpreadsheetProgram[] = [
  {
    name: 'LibreOffice Calc',
    command: await installed([process.env.SOFFICE_PATH, 'soffice', 'libreoffice']),
    // Its own profile per run, so runs never share one.
    resave: async (command, file, format, out, scratch) => {
      await run(
        command,
        [
          '--headless',
          `-env:UserInstallation=file://${path.join(scratch, `profile-${format}`)}`,
          '--convert-to',
          format,
          '--outdir',
          out,
          file,
        ],
        { timeout: 170_000 },
      );
    },
  },
  {
    name: 'Gnumeric',
    command: await installed([process.env.SSCONVERT_PATH, 'ssconvert']),
    // ssconvert is Gnumeric's command line: the same reader and writers as the program.
    resave: async (command, file, format, out) => {
      mkdirSync(out, { recursive: true });
      const exporter = format === 'xlsx' ? 'Gnumeric_Excel:xlsx2' : 'Gnumeric_Excel:excel_biff8';
      await run(
        command,
        ['--export-type', exporter, file, path.join(out, `${path.basename(file, '.xlsx')}.${format}`)],
        {
          timeout: 170_000,
        },
      );
    },
  },
];

for (const p of PROGRAMS)
  if (!p.command) console.warn(`${p.name} is not installed: skipping its round trips`);

for (const program of PROGRAMS)
  describe.skipIf(!program.command)(`the export through ${program.name}`, () => {
    let t: TestContext;
    let dir: string;
    let exported: Buffer;
    const N = 25;

    beforeAll(async () => {
      t = await buildTestApp();
      const c = await t.newCompany(4200);
      for (let i = 0; i < N; i++)
        await t.newEmployeeOf(c, {
          positionId: i % 2 ? c.otherPosition.id : c.position.id,
          name: `Person ${i} ${i % 3 ? 'Ünïcødé' : ''}`.trim(),
          yearsExperience: (i * 7.25) % 40,
          yearsWithCompany: i % 9,
          pillar: i % 4 === 0,
          // Days as date cells, through the program and back; a leap day among them.
          hireDate: i % 3 === 0 ? null : `20${10 + (i % 12)}-0${1 + (i % 9)}-${i % 5 === 0 ? 29 : 15}`,
          leaveDate: i === 7 ? '2031-12-31' : null,
        });
      const res = await download(t, '/api/employees/export', t.adminToken);
      expect(res.statusCode).toBe(200);
      exported = res.bytes;
      dir = mkdtempSync(path.join(os.tmpdir(), 'salary-resave-'));
      writeFileSync(path.join(dir, 'employees_export.xlsx'), exported);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    /** The program opens the export (or another file of `dir`) and saves it as `format`. */
    async function resave(format: 'xlsx' | 'xls', name = 'employees_export'): Promise<Buffer> {
      const out = path.join(dir, format);
      await program.resave(program.command!, path.join(dir, `${name}.xlsx`), format, out, dir);
      return readFileSync(path.join(out, `${name}.${format}`));
    }

    it.each(['xlsx', 'xls'] as const)(
      're-saved as .%s it previews 0 changed, nothing in conflict',
      async (format) => {
        const bytes = await resave(format);
        const res = await importFile(t, bytes, {
          query: '?dryRun=true',
          filename: `employees_export.${format}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.envelope.data).toMatchObject({
          sheet: 'Employees',
          created: 0,
          updated: 0,
          unchanged: N,
          conflictCount: 0,
          duplicateCount: 0,
          ignoredEdits: [],
        });
        if (format === 'xlsx') {
          const book = await loadWorkbook(bytes);
          const sheet = book.getWorksheet('Employees')!;
          expect(sheet.autoFilter).toBe(`A1:Y${N + 1}`);
          // LibreOffice keeps the days as date cells ExcelJS reads as Dates (Gnumeric puts the
          // date format on the column, which ExcelJS does not apply; the import above read them).
          if (program.name === 'LibreOffice Calc') {
            const hireColumn = (sheet.getRow(1).values as unknown[]).indexOf('Hire Date');
            expect(sheet.getRow(3).getCell(hireColumn).value).toBeInstanceOf(Date);
          }
        }
      },
      180_000,
    );

    it('re-saved with one edit, it imports from a day to come: that change scheduled, today untouched', async () => {
      const book = await loadWorkbook(exported);
      const sheet = book.getWorksheet('Employees')!;
      const remote = (sheet.getRow(1).values as unknown[]).indexOf('Remote');
      sheet.getRow(2).getCell(remote).value = 'Yes';
      writeFileSync(path.join(dir, 'employees_edited.xlsx'), Buffer.from(await book.xlsx.writeBuffer()));
      const bytes = await resave('xlsx', 'employees_edited');
      const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      const today = (await t.callAsAdmin({ method: 'GET', url: '/api/employees' })).body;
      const res = await importFile(t, bytes, { query: `?effectiveFrom=${day}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.envelope.data).toMatchObject({
        updated: 1,
        unchanged: N - 1,
        conflictCount: 0,
        effectiveFrom: day,
      });
      expect((await t.callAsAdmin({ method: 'GET', url: '/api/employees' })).body).toBe(today);
      const waiting = await t.callAsAdmin<Array<{ effectiveFrom: string; changes: unknown[] }>>({
        method: 'GET',
        url: '/api/scheduled-changes',
      });
      expect(waiting.envelope.data.map((w) => [w.effectiveFrom, w.changes])).toEqual([
        [day, [{ field: 'remote', before: false, after: true }]],
      ]);
    }, 180_000);
  });
