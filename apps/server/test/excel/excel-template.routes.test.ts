import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCompany, newJob, newLevel, newPosition } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { download, IMPORT_HEADER, importFile, loadWorkbook, sheetValues } from './excel-files.ts';

let t: TestContext;
let plain: string;

beforeAll(async () => {
  t = await buildTestApp();
  plain = (await t.createUser()).token;
});
afterAll(async () => t.close());

type Validations = { dataValidations: { model: Record<string, ExcelJS.DataValidation | undefined> } };
const validationAt = (sheet: ExcelJS.Worksheet, address: string) =>
  (sheet as unknown as Validations).dataValidations.model[address];

async function template(token = plain) {
  const res = await download(t, '/api/employees/template/download', token);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { res, book: await loadWorkbook(res.bytes) };
}

describe('GET /api/employees/template/download', () => {
  it('works before any rules exist: placeholder names, no empty dropdowns', async () => {
    const { book } = await template();
    const sheet = book.getWorksheet('Employees')!;
    expect(sheetValues(sheet)[1]).toEqual([
      undefined,
      'Jane Doe',
      'Backend',
      'API Developer',
      'Senior',
      'L2',
      3,
      1,
      'No',
      'No',
      'No',
      'Yes',
    ]);
    expect(validationAt(sheet, 'C2')).toBeUndefined();
    expect(validationAt(sheet, 'L2')).toMatchObject({ type: 'list' });
  });

  describe('with rules', () => {
    let c: Awaited<ReturnType<typeof newCompany>>;
    beforeAll(async () => {
      const db = t.database.db;
      c = await newCompany(db);
      // A job without positions comes first; the example row still shows a job that has one.
      await newJob(db, 'AAA Empty Job');
      const second = await newJob(db, 'Zeta');
      await newPosition(db, second.id, c.position.name.toUpperCase());
      await newLevel(db);
    });

    it('downloads employees_template.xlsx: the import columns, a real example row, and instructions', async () => {
      const { res, book } = await template();
      expect(res.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['content-disposition']).toBe('attachment; filename="employees_template.xlsx"');
      expect(book.worksheets.map((s) => [s.name, s.state])).toEqual([
        ['Employees', 'visible'],
        ['Instructions', 'visible'],
        ['Lists', 'hidden'],
      ]);
      const sheet = book.getWorksheet('Employees')!;
      const rows = sheetValues(sheet);
      expect(rows[0]).toEqual(IMPORT_HEADER);
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(rows[1]).toEqual([
        undefined,
        'Jane Doe',
        c.job.name,
        c.position.name,
        c.grade.name,
        c.level.name,
        3,
        1,
        'No',
        'No',
        'No',
        'Yes',
      ]);

      const help = sheetValues(book.getWorksheet('Instructions')!)
        .map((r) => r.join(' '))
        .join('\n');
      for (const header of IMPORT_HEADER) expect(help).toContain(header);
      expect(help).toMatch(/Leave blank to create a new employee/);
      expect(help).toMatch(/ID of an existing employee to update/);
      expect(help).toMatch(/ignoring upper\/lower case/);
      expect(help).toMatch(/Yes or No/);
      expect(help).toMatch(/from 0 to 100/);
    });

    it('offers dropdowns of the current names from a hidden Lists sheet', async () => {
      const { book } = await template();
      const sheet = book.getWorksheet('Employees')!;
      const lists = sheetValues(book.getWorksheet('Lists')!);
      const column = (i: number) => lists.map((r) => r[i]).filter((v) => v !== undefined && v !== null);

      expect(column(0)).toEqual(['Jobs', 'AAA Empty Job', c.job.name, 'Zeta']);
      // One entry per position name, whatever its case across jobs.
      expect(column(1)).toEqual(['Positions', c.position.name, c.otherPosition.name]);
      expect(column(2)).toEqual(['Grades', c.grade.name]);
      expect(column(3)).toHaveLength(3);
      expect(column(4)).toEqual(['Yes/No', 'Yes', 'No']);

      expect(validationAt(sheet, 'C2')).toMatchObject({ type: 'list', formulae: ['Lists!$A$2:$A$4'] });
      expect(validationAt(sheet, 'C10001')).toMatchObject({ type: 'list' });
      expect(validationAt(sheet, 'D2')).toMatchObject({ type: 'list', formulae: ['Lists!$B$2:$B$3'] });
      expect(validationAt(sheet, 'E2')).toMatchObject({ type: 'list', formulae: ['Lists!$C$2:$C$2'] });
      expect(validationAt(sheet, 'F2')).toMatchObject({ type: 'list', formulae: ['Lists!$D$2:$D$3'] });
      for (const col of ['I', 'J', 'K', 'L'])
        expect(validationAt(sheet, `${col}2`)).toMatchObject({ type: 'list', formulae: ['Lists!$E$2:$E$3'] });
      expect(validationAt(sheet, 'G2')).toMatchObject({ type: 'decimal', formulae: [0, 100] });
      expect(validationAt(sheet, 'A2')).toBeUndefined();
    });

    it('imports as downloaded: its example row passes a dry run', async () => {
      const { res } = await template();
      const check = await importFile(t, res.bytes, { query: '?dryRun=true' });
      expect(check.statusCode, check.body).toBe(200);
      expect(check.envelope.message).toBe('1 to create, 0 to update');
    });
  });

  it('needs a signed-in user', async () => {
    expect((await t.call({ method: 'GET', url: '/api/employees/template/download' })).statusCode).toBe(401);
  });
});
