import { randomBytes } from 'node:crypto';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeList } from '../support/employee-reads.ts';
import { type Company, newCustomMultiplier } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import {
  type Cells,
  download,
  IMPORT_HEADER,
  importFile,
  importRow,
  loadWorkbook,
  multipart,
  xlsOf,
  xlsxOf,
} from './excel-files.ts';

let t: TestContext;
let c: Company;
let other: { job: { id: number; name: string }; position: { id: number; name: string } };
let grade2: { id: number; name: string };
let level2: { id: number; name: string };
let tokens: Record<'plain' | 'manage', string>;
let ada: number;

beforeAll(async () => {
  t = await buildTestApp();
  c = await t.newCompany(4000);
  const job = await t.newJob('Frontend');
  other = { job, position: await t.newPosition(job.id, 'UI Developer') };
  grade2 = await t.newGrade('G2');
  level2 = await t.newLevel('Principal');
  await t.setSettings({
    customMultipliers: [newCustomMultiplier()],
  });
  const base = { jobId: c.job.id, positionId: c.position.id, gradeId: c.grade.id, levelId: c.level.id };
  ada = await t.newEmployee({
    ...base,
    name: 'Ada Lovelace',
    yearsExperience: 2.75,
    yearsWithCompany: 1.5,
    pillar: true,
    customMultiplierIds: ['cm_oncall'],
  });
  await t.newEmployee({
    ...base,
    name: 'Grace Hopper',
    offshoreProject: true,
    actingAsDifferentGrade: true,
  });
  await t.newEmployee({ ...base, name: 'Orphan', levelId: level2.id, remote: true });
  tokens = {
    plain: (await t.createUser({ showSalary: true, deleteEmployee: true })).token,
    manage: (await t.createUser({ manageEmployee: true })).token,
  };
});
afterAll(async () => t.close());

async function listed(): Promise<EmployeeView[]> {
  return await employeeList(t);
}

async function exportBytes(): Promise<Buffer> {
  const res = await download(t, '/api/employees/export', t.adminToken);
  expect(res.statusCode).toBe(200);
  return res.bytes;
}

/** A data row of the company in the template's column order (importRow). */
const row = (changes: Parameters<typeof importRow>[1] = {}) => importRow(c, changes);

describe('POST /api/employees/import', () => {
  it('imports its own export back unchanged: every row unchanged, the list identical', async () => {
    const before = await listed();
    const preview = await importFile(t, await exportBytes(), { query: '?dryRun=true' });
    expect(preview.envelope.message).toBe(`0 to create, 0 changed, ${before.length} unchanged`);
    const res = await importFile(t, await exportBytes(), { filename: 'employees_export.xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope).toMatchObject({
      success: true,
      message: 'Employees imported successfully',
      error: null,
      data: {
        sheet: 'Employees',
        created: 0,
        updated: 0,
        unchanged: before.length,
        problems: [],
        changes: [],
        conflicts: [],
        possibleDuplicates: [],
        ignoredEdits: [],
      },
    });
    expect(await listed()).toEqual(before);
  });

  it('creates rows without an ID and updates rows with one; updated employees keep their custom multipliers', async () => {
    const file = await xlsxOf([
      IMPORT_HEADER,
      row({
        Name: 'Linus',
        Job: '  frontend ',
        Position: 'ui developer',
        Grade: 'g2',
        Level: level2.name.toUpperCase(),
        'Years of Experience': 1.5,
        'Base on Project': 'y',
        'Acting as Different Grade': true,
        Pillar: 1,
        Remote: null,
      }),
      row({ ID: ada, Name: 'Ada King', Level: level2.name, 'Years of Experience': 3, Remote: 'Yes' }),
    ]);
    // A hand-made row whose name is not its ID's employee's is a conflict: applied only when ticked.
    const held = await importFile(t, file, { token: tokens.manage, query: '?dryRun=true' });
    expect(held.envelope.data).toMatchObject({ created: 1, updated: 0, conflictCount: 1 });
    expect(held.envelope.data.conflicts[0]).toMatchObject({
      id: ada,
      reason: 'doesNotLineUp',
      applied: false,
    });
    const res = await importFile(t, file, { token: tokens.manage, query: `?overwrite=${ada}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data).toMatchObject({ created: 1, updated: 1, problems: [] });
    expect(res.envelope.data.conflicts[0]).toMatchObject({ id: ada, applied: true });

    const list = await listed();
    expect(list.find((e) => e.id === ada)).toMatchObject({
      name: 'Ada King',
      levelId: level2.id,
      yearsExperience: 3,
      yearsWithCompany: 0,
      pillar: false,
      remote: true,
      customMultipliers: ['cm_oncall'],
    });
    expect(list.find((e) => e.name === 'Linus')).toMatchObject({
      technologyId: other.job.id,
      specializationId: other.position.id,
      gradeId: grade2.id,
      levelId: level2.id,
      yearsExperience: 1.5,
      offshoreProject: true,
      actingAsDifferentGrade: true,
      pillar: true,
      remote: false,
      customMultipliers: [],
    });
  });

  it('writes nothing when the very last row is bad, and names its row and column', async () => {
    const before = await listed();
    const book = await loadWorkbook(await exportBytes());
    const sheet = book.worksheets[0]!;
    sheet.getRow(2).getCell(2).value = 'Changed Name';
    sheet.addRow(row({ Name: 'Would Be Created' }));
    sheet.addRow(row({ Name: 'Bad Level', Level: 'Nope' }));
    const lastRow = sheet.rowCount;
    const res = await importFile(t, Buffer.from(await book.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.envelope).toMatchObject({
      success: false,
      message: 'The file has 1 problem (sheet "Employees"); nothing was imported.',
      error: 'VALIDATION_ERROR',
      data: {
        sheet: 'Employees',
        created: 0,
        updated: 0,
        problems: [{ row: lastRow, column: 'Level', message: 'Level "Nope" not found' }],
      },
    });
    expect(await listed()).toEqual(before);
  });

  it('reports unknown names, a position of another job, bad values and IDs — each by row and column', async () => {
    const before = await listed();
    const file = await xlsxOf([
      IMPORT_HEADER,
      row({ Job: 'Data Science' }),
      row({ Position: 'Astronaut' }),
      row({ Grade: 'G99', Level: 'Wizard' }),
      row({ Position: other.position.name }),
      [],
      row({ ID: 999999, 'Years of Experience': null, Remote: 'sometimes' }),
      row({ ID: ada }),
      row({ ID: ada, Name: '' }),
    ]);
    const res = await importFile(t, file);
    expect(res.statusCode).toBe(400);
    expect(res.envelope.message).toBe('The file has 10 problems (sheet "Employees"); nothing was imported.');
    expect(res.envelope.data.problems).toEqual([
      { row: 2, column: 'Job', message: 'Job "Data Science" not found' },
      { row: 3, column: 'Position', message: 'Position "Astronaut" not found' },
      { row: 4, column: 'Grade', message: 'Grade "G99" not found' },
      { row: 4, column: 'Level', message: 'Level "Wizard" not found' },
      {
        row: 5,
        column: 'Position',
        message: `Position "${other.position.name}" does not belong to job "${c.job.name}"`,
      },
      // Row 6 is blank: skipped, and the row numbers stay Excel's.
      { row: 7, column: 'ID', message: 'No employee has ID 999999' },
      { row: 7, column: 'Years of Experience', message: 'Years of Experience is required' },
      { row: 7, column: 'Remote', message: 'Remote must be Yes or No' },
      { row: 9, column: 'ID', message: `ID ${ada} is also on row 8` },
      { row: 9, column: 'Name', message: 'Name is required' },
    ]);
    expect(await listed()).toEqual(before);
  });

  it('reads a legacy .xls', async () => {
    const file = xlsOf([IMPORT_HEADER, row({ Name: 'From XLS', Remote: 'Yes' }), row({ Name: 'Also XLS' })]);
    const res = await importFile(t, file, { filename: 'old.xls' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data).toMatchObject({ sheet: 'Employees', created: 2, updated: 0, problems: [] });
    const list = await listed();
    expect(list.find((e) => e.name === 'From XLS')).toMatchObject({ remote: true, technologyId: c.job.id });
    expect(list.some((e) => e.name === 'Also XLS')).toBe(true);
  });

  it('counts what it would do on a dry run, and writes nothing', async () => {
    const before = await listed();
    const file = await xlsxOf([IMPORT_HEADER, row({ Name: 'Dry' }), row({ ID: ada, Name: 'Dry Ada' })]);
    const res = await importFile(t, file, { query: '?dryRun=true' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope).toMatchObject({
      success: true,
      message: '1 to create, 0 changed, 0 unchanged, 1 conflict',
      data: { created: 1, updated: 0, conflictCount: 1, problems: [] },
    });

    const bad = await xlsxOf([IMPORT_HEADER, row({ Name: 'Dry' }), row({ Grade: 'G99' })]);
    const refused = await importFile(t, bad, { query: '?dryRun=true' });
    expect(refused.statusCode).toBe(400);
    expect(refused.envelope.data).toMatchObject({
      created: 0,
      updated: 0,
      problems: [{ row: 3, column: 'Grade', message: 'Grade "G99" not found' }],
    });
    expect(await listed()).toEqual(before);
  });

  it.each([
    ['random bytes named .xlsx', async () => randomBytes(5000)],
    ['a cut-off .xlsx', async () => (await xlsxOf([IMPORT_HEADER, row()])).subarray(0, 3000)],
    ['a text file', async () => Buffer.from('ID,Name,Job\n,Ada,Backend\n')],
  ])('refuses %s as unreadable, writing nothing', async (_label, make) => {
    const before = await listed();
    const res = await importFile(t, await make(), { filename: 'employees.xlsx' });
    expect(res.statusCode).toBe(400);
    expect(res.envelope).toMatchObject({
      success: false,
      message: 'The file is not a readable Excel workbook (.xlsx or .xls)',
      data: null,
    });
    expect(await listed()).toEqual(before);
  });

  it.each<[string, Cells[], string]>([
    ['an empty sheet', [], 'The file has no employee rows'],
    ['blank rows only', [[null, ' '], []], 'The file has no employee rows'],
    ['a header without rows', [IMPORT_HEADER], 'The file has no employee rows (sheet "Employees")'],
    [
      'missing columns',
      [IMPORT_HEADER.filter((h) => h !== 'Job' && h !== 'Level'), ['', 'Ada']],
      'Missing columns: Job, Level (sheet "Employees")',
    ],
  ])('refuses %s', async (_label, rows, message) => {
    const res = await importFile(t, await xlsxOf(rows));
    expect(res.statusCode).toBe(400);
    expect(res.envelope).toMatchObject({ success: false, message });
  });

  it('asks for a file when none is sent', async () => {
    const noFile = 'Choose an Excel file to import';
    const textOnly = await t.callAsAdmin({
      method: 'POST',
      url: '/api/employees/import',
      ...multipart([{ name: 'note', data: 'hello' }]),
    });
    expect(textOnly.statusCode).toBe(400);
    expect(textOnly.envelope.message).toBe(noFile);

    // What a browser sends when no file was picked: an empty part.
    const empty = await importFile(t, Buffer.alloc(0), { filename: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.envelope.message).toBe(noFile);

    const json = await t.callAsAdmin({
      method: 'POST',
      url: '/api/employees/import',
      payload: { file: 'employees.xlsx' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.envelope.message).toBe(noFile);
  });

  it('answers 400, never 500, to an upload that breaks off mid-file', async () => {
    const { payload, headers } = multipart([
      { name: 'file', filename: 'a.xlsx', data: await xlsxOf([IMPORT_HEADER]) },
    ]);
    const res = await t.callAsAdmin({
      method: 'POST',
      url: '/api/employees/import',
      headers,
      payload: payload.subarray(0, payload.length - 200),
    });
    expect(res.statusCode).toBe(400);
    expect(res.envelope).toMatchObject({
      success: false,
      message: 'The upload could not be read; choose the file again',
    });
  });

  it('refuses a file over 20 MB with 413', async () => {
    const res = await importFile(t, Buffer.alloc(20 * 1024 * 1024 + 1, 0x50));
    expect(res.statusCode).toBe(413);
    expect(res.envelope).toMatchObject({ success: false, message: 'The file is larger than 20 MB' });
  });

  it('needs admin or manageEmployee: a 403 reads nothing and writes nothing', async () => {
    const before = await listed();
    const file = await xlsxOf([IMPORT_HEADER, row({ Name: 'Not Allowed' })]);
    const res = await importFile(t, file, { token: tokens.plain });
    expect(res.statusCode).toBe(403);
    expect(res.envelope).toMatchObject({
      success: false,
      message: 'You do not have permission to import employees',
    });
    // The permission comes first: even an unreadable file gets the 403, not a file error.
    expect((await importFile(t, randomBytes(100), { token: tokens.plain })).statusCode).toBe(403);
    expect(await listed()).toEqual(before);

    const anonymous = await t.call({ method: 'POST', url: '/api/employees/import', ...multipart([]) });
    expect(anonymous.statusCode).toBe(401);
  });
});
