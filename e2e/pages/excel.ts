import type { AuditPage } from '@salary/shared/audit/audit.contract';
import { EMPLOYEE_COLUMNS } from '@salary/shared/excel/excel.contract';
import ExcelJS from 'exceljs';
import type { Download } from 'playwright-core';
import { adminApi, expectOk } from '../support/api.ts';
import type { SeededRules } from '../support/seed-employees.ts';
import { openPhoneDisclosure } from './employees-page.ts';
import { PageModel } from './page-model.ts';

export type SheetRow = Partial<Record<(typeof EMPLOYEE_COLUMNS)[number]['header'], string | number>>;

/** A full row of the import sheet in the seeded rules: 3 years, 1 with the company, every flag No. */
export function sheetRow(rules: SeededRules, name: string, over: SheetRow = {}): SheetRow {
  return {
    Name: name,
    Job: rules.job.name,
    Position: rules.positions[0].name,
    Grade: rules.grade.name,
    Level: rules.level.name,
    'Years of Experience': 3,
    'Years with Company': 1,
    'Base on Project': 'No',
    'Acting as Different Grade': 'No',
    Pillar: 'No',
    Remote: 'No',
    ...over,
  };
}

/** An .xlsx with the import's header row and the given rows, built in memory. */
export async function workbookWith(rows: SheetRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Employees');
  const headers = EMPLOYEE_COLUMNS.map((column) => column.header);
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(headers.map((header) => row[header] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Imports the rows through the API as the administrator (rows with an ID applied as ticked)
 * and answers the import's audit entry id.
 */
export async function importedAsAdmin(rows: SheetRow[]): Promise<number> {
  const admin = await adminApi();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await workbookWith(rows))]), 'people.xlsx');
  const res = await fetch(`${admin.baseURL}/api/employees/import?overwrite=all`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin.token}` },
    body: form,
  });
  const answer = (await res.json()) as { success: boolean; message: string };
  if (!answer.success) throw new Error(`Import failed (${res.status}): ${answer.message}`);
  const log = expectOk(
    await admin.get<AuditPage>('/audit?entityType=import&limit=5'),
    'Reading the audit log',
  );
  const entry = log.entries.find((e) => e.action === 'import');
  if (!entry) throw new Error('The import left no audit entry');
  return entry.id;
}

/** Rows of a downloaded workbook's first sheet, header first, as plain values. */
/** The rows of a downloaded workbook's first sheet, or of the sheet named. */
export async function readWorkbook(download: Download, sheetName?: string): Promise<unknown[][]> {
  const path = await download.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = sheetName ? workbook.getWorksheet(sheetName) : workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The import modal of the Employees page. */
export class ImportDialog extends PageModel {
  readonly dialog = this.page.getByRole('dialog', { name: 'Import Employees' });
  readonly summary = this.dialog.getByTestId('import-summary');
  readonly problems = this.dialog.getByRole('table', { name: 'Import problems' });
  /** The counts of a valid file, or the problems of a refused one. */
  readonly outcome = this.dialog.locator('[data-testid="import-summary"], .mantine-Alert-root').first();
  /** Import Excel in the page's header. */
  readonly opener = this.page.getByRole('main').getByRole('button', { name: 'Import Excel' });

  /** Import Excel → the file chooser → the dialog. */
  async pick(fileName: string, buffer: Buffer): Promise<void> {
    // On a phone, Import Excel waits behind the directory's Actions toggle.
    await openPhoneDisclosure(this.page, /^Actions/);
    await this.chooseFile(() => this.opener.click(), fileName, buffer);
    await this.dialog.waitFor();
  }

  /** Gives the file to the file chooser that `open` (a click, a key press) brings up. */
  async chooseFile(open: () => Promise<void>, name: string, buffer: Buffer, mimeType = XLSX_TYPE) {
    const [chooser] = await Promise.all([this.page.waitForEvent('filechooser'), open()]);
    await chooser.setFiles({ name, mimeType, buffer });
  }

  /** Problem rows as [row, column, message]. */
  async problemRows(): Promise<string[][]> {
    const rows = this.problems.locator('tbody tr');
    const out: string[][] = [];
    for (const row of await rows.all()) {
      out.push((await row.locator('td').allTextContents()).map((t) => t.trim()));
    }
    return out;
  }
}
