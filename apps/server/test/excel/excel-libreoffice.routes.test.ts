import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompany, newEmployee } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { download, importFile, loadWorkbook } from './excel-files.ts';

/*
 * The export through a real spreadsheet program: LibreOffice Calc re-saves it as .xlsx and as
 * .xls, and the import must see exactly what it exported (0 changed, no conflicts), with the
 * filter still there. Skipped, saying why, where LibreOffice is not installed (CI installs it).
 */

const run = promisify(execFile);

async function soffice(): Promise<string | null> {
  for (const candidate of [process.env.SOFFICE_PATH, 'soffice', 'libreoffice'].filter(Boolean) as string[]) {
    try {
      await run(candidate, ['--version'], { timeout: 60_000 });
      return candidate;
    } catch {}
  }
  return null;
}

const program = await soffice();
if (!program) console.warn('LibreOffice (soffice) is not installed: skipping the LibreOffice round trips');

describe.skipIf(!program)('the export through LibreOffice Calc', () => {
  let t: TestContext;
  let dir: string;
  let exported: Buffer;
  const N = 25;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const c = await newCompany(db, 4200);
    for (let i = 0; i < N; i++)
      await newEmployee(db, {
        jobId: c.job.id,
        positionId: i % 2 ? c.otherPosition.id : c.position.id,
        gradeId: c.grade.id,
        levelId: c.level.id,
        name: `Person ${i} ${i % 3 ? 'Ünïcødé' : ''}`.trim(),
        yearsExperience: (i * 7.25) % 40,
        yearsWithCompany: i % 9,
        pillar: i % 4 === 0,
      });
    const res = await download(t, '/api/employees/export', t.adminToken);
    expect(res.statusCode).toBe(200);
    exported = res.bytes;
    dir = mkdtempSync(path.join(os.tmpdir(), 'salary-lo-'));
    writeFileSync(path.join(dir, 'employees_export.xlsx'), exported);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** LibreOffice opens the export and saves it as `format` (its own profile, so runs never share one). */
  async function resave(format: 'xlsx' | 'xls'): Promise<Buffer> {
    const out = path.join(dir, format);
    await run(
      program!,
      [
        '--headless',
        `-env:UserInstallation=file://${path.join(dir, `profile-${format}`)}`,
        '--convert-to',
        format,
        '--outdir',
        out,
        path.join(dir, 'employees_export.xlsx'),
      ],
      { timeout: 170_000 },
    );
    return readFileSync(path.join(out, `employees_export.${format}`));
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
        expect(sheet.autoFilter).toBe(`A1:P${N + 1}`);
      }
    },
    180_000,
  );
});
