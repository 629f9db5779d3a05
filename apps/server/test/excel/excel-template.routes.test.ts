import { sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import {
  DAY_HEADERS,
  download,
  IMPORT_HEADER,
  importFile,
  importRow,
  loadWorkbook,
  sheetValues,
} from './excel-files.ts';

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

async function jobId(name: string): Promise<number> {
  const result = (await t.database.db.execute(sql`select id from jobs where name = ${name}`)) as unknown as {
    rows: Array<{ id: number }>;
  };
  return result.rows[0]!.id;
}

async function template(token = plain) {
  const res = await download(t, '/api/employees/template/download', token);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { res, book: await loadWorkbook(res.bytes) };
}

describe('GET /api/employees/template/download', () => {
  it('works before any rules exist: placeholder names, no empty dropdowns', async () => {
    const { book } = await template();
    const sheet = book.getWorksheet('Employees')!;
    // The example is on the Instructions sheet, never on the sheet that is imported.
    expect(sheetValues(sheet)).toHaveLength(1);
    expect(sheetValues(book.getWorksheet('Instructions')!).at(-1)).toEqual([
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
      'Undisclosed',
      // The days' examples are date cells (the leave date's is blank).
      new Date('2023-04-01T00:00:00Z'),
      new Date('2020-09-01T00:00:00Z'),
      undefined,
      40,
    ]);
    expect(validationAt(sheet, 'C2')).toBeUndefined();
    expect(validationAt(sheet, 'L2')).toMatchObject({ type: 'list' });
  });

  describe('with rules', () => {
    let c: Company;
    beforeAll(async () => {
      c = await t.newCompany();
      // A job without positions comes first; the example row still shows a job that has one.
      await t.newJob('AAA Empty Job');
      const second = await t.newJob('Zeta');
      await t.newPosition(second.id, c.position.name.toUpperCase());
      await t.newLevel();
    });

    it('downloads employees_template.xlsx: the import columns, no rows, and instructions with a real example', async () => {
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
      expect(rows[0]).toEqual([...IMPORT_HEADER, 'Gender', ...DAY_HEADERS]);
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(rows).toHaveLength(1);
      const instructions = sheetValues(book.getWorksheet('Instructions')!);
      expect(instructions.at(-2)).toEqual([...IMPORT_HEADER, 'Gender', ...DAY_HEADERS]);
      const example = { ID: undefined, Name: 'Jane Doe', 'Years of Experience': 3, 'Years with Company': 1 };
      expect(instructions.at(-1)).toEqual([
        ...importRow(c, { ...example, Remote: 'Yes' }),
        'Undisclosed',
        new Date('2023-04-01T00:00:00Z'),
        new Date('2020-09-01T00:00:00Z'),
        undefined,
        40,
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
      // Position: only the chosen Job's positions, through a named range per job.
      expect(validationAt(sheet, 'D2')).toMatchObject({
        type: 'list',
        formulae: ['INDIRECT(VLOOKUP($C2,Lists!$A$2:$F$4,6,FALSE))'],
      });
      expect(column(5)).toEqual([
        'Position list',
        `Positions_${await jobId('AAA Empty Job')}`,
        `Positions_${c.job.id}`,
        `Positions_${await jobId('Zeta')}`,
      ]);
      // Between the Position table and the jobs' positions: the Gender list.
      expect(column(6)).toEqual(['Gender', 'Female', 'Male', 'Other', 'Undisclosed']);
      expect(column(7)).toEqual(['AAA Empty Job']);
      expect(column(8)[0]).toBe(c.job.name);
      expect(column(8).slice(1).sort()).toEqual([c.position.name, c.otherPosition.name].sort());
      expect(column(9)).toEqual(['Zeta', c.position.name.toUpperCase()]);
      const names = (
        book as unknown as { definedNames: { model: Array<{ name: string; ranges: string[] }> } }
      ).definedNames.model;
      expect(names.find((n) => n.name === `Positions_${c.job.id}`)?.ranges).toEqual([
        `Lists!$I$2:$I$${column(8).length}`,
      ]);
      expect(validationAt(sheet, 'E2')).toMatchObject({ type: 'list', formulae: ['Lists!$C$2:$C$2'] });
      expect(validationAt(sheet, 'F2')).toMatchObject({ type: 'list', formulae: ['Lists!$D$2:$D$3'] });
      for (const col of ['I', 'J', 'K', 'L'])
        expect(validationAt(sheet, `${col}2`)).toMatchObject({ type: 'list', formulae: ['Lists!$E$2:$E$3'] });
      expect(validationAt(sheet, 'G2')).toMatchObject({ type: 'decimal', formulae: [0, 100] });
      // Gender (column M): its labels from the Lists sheet's Gender column.
      expect(validationAt(sheet, 'M2')).toMatchObject({ type: 'list', formulae: ['Lists!$G$2:$G$5'] });
      expect(validationAt(sheet, 'A2')).toBeUndefined();
    });

    it('as downloaded it imports nothing; filled in twice, the second import creates nothing', async () => {
      const { res, book } = await template();
      const empty = await importFile(t, res.bytes, { query: '?dryRun=true' });
      expect(empty.statusCode).toBe(400);
      expect(empty.envelope.message).toBe('The file has no employee rows (sheet "Employees")');

      const sheet = book.getWorksheet('Employees')!;
      const filled = (name: string) =>
        importRow(c, { Name: name, 'Years of Experience': 2, 'Years with Company': 1 });
      sheet.addRow(filled('Twice Imported'));
      sheet.addRow(filled('Also Twice'));
      const bytes = Buffer.from(await book.xlsx.writeBuffer());
      const first = await importFile(t, bytes);
      expect(first.envelope.data).toMatchObject({ created: 2, duplicateCount: 0 });
      const count = async () =>
        (await t.database.db.execute(
          sql`select count(*)::int as n from employees where name in ('Twice Imported', 'Also Twice')`,
        )) as unknown as { rows: Array<{ n: number }> };
      expect((await count()).rows[0]?.n).toBe(2);

      const again = await importFile(t, bytes);
      expect(again.statusCode).toBe(200);
      expect(again.envelope.data).toMatchObject({ created: 0, duplicateCount: 2 });
      expect(again.envelope.data.possibleDuplicates.map((d) => [d.row, d.name, d.applied])).toEqual([
        [2, 'Twice Imported', false],
        [3, 'Also Twice', false],
      ]);
      expect((await count()).rows[0]?.n).toBe(2);

      // Ticked, a possible duplicate is created.
      const ticked = await importFile(t, bytes, { query: '?createDuplicates=3' });
      expect(ticked.envelope.data).toMatchObject({ created: 1, duplicateCount: 2 });
      expect((await count()).rows[0]?.n).toBe(3);
    });
  });

  it('needs a signed-in user', async () => {
    expect((await t.call({ method: 'GET', url: '/api/employees/template/download' })).statusCode).toBe(401);
  });
});
