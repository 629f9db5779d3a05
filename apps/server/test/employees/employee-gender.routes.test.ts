import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import * as excel from '../excel/excel-files.ts';
import { addEmployee, addFormFor } from '../support/employee-forms.ts';
import { employeeList } from '../support/employee-reads.ts';
import { testAppForFile } from '../support/helper.ts';

/*
 * Gender on the employee, end to end: the form's body, the read shape, and the Excel column
 * "Gender" in export, template and import. Absent on a write keeps what is stored.
 */

const t = testAppForFile();
let body: Record<string, unknown>;

beforeAll(async () => {
  body = addFormFor(await t.newCompany(4000), { name: 'Grace Hopper', yearsExperience: 2 });
});

const get = async (id: number, token = t.adminToken) =>
  (await t.call<EmployeeView>({ method: 'GET', url: `/api/employees/${id}`, token })).envelope.data;

const GENDER_HEADER = [...excel.IMPORT_HEADER, 'Gender'];
/** An import row in `e`'s job, position, grade and level, with a Gender cell last. */
const rowWithGender = (
  e: EmployeeView,
  changes: Record<string, excel.Cells[number]>,
  gender: string | null,
) => [...excel.importRowOf(e, changes), gender];

describe('gender on the employee record', () => {
  it('defaults to UNDISCLOSED, is set and changed by the form, and kept when a write leaves it out', async () => {
    const created = await addEmployee(t, body);
    const id = created.id;
    expect(created.gender).toBe('UNDISCLOSED');

    const set = await t.callAsAdmin<EmployeeView>({
      method: 'PUT',
      url: `/api/employees/${id}`,
      payload: { ...body, gender: 'FEMALE' },
    });
    expect(set.envelope.data.gender).toBe('FEMALE');
    // A client that does not know the field (or may not see it) does not wipe it.
    await t.callAsAdmin({
      method: 'PUT',
      url: `/api/employees/${id}`,
      payload: { ...body, name: 'G. Hopper' },
    });
    expect(await get(id)).toMatchObject({ name: 'G. Hopper', gender: 'FEMALE' });
  });

  it('refuses a value outside the list with a message that names the choices, writing nothing', async () => {
    const res = await t.callAsAdmin({
      method: 'POST',
      url: '/api/employees',
      payload: { ...body, name: 'Nobody', gender: 'F' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Gender must be Female, Male, Other or Undisclosed');
    const list = await t.callAsAdmin<EmployeeView[]>({ method: 'GET', url: '/api/employees' });
    expect(list.envelope.data.some((e) => e.name === 'Nobody')).toBe(false);
  });

  it('is read by manageEmployee and left out for showSalary alone', async () => {
    const created = await t.callAsAdmin<EmployeeView>({
      method: 'POST',
      url: '/api/employees',
      payload: { ...body, name: 'Ada', gender: 'MALE' },
    });
    const id = created.envelope.data.id;
    const editor = await t.createUser({ manageEmployee: true });
    const viewer = await t.createUser({ showSalary: true });
    expect((await get(id, editor.token)).gender).toBe('MALE');
    const seen = await get(id, viewer.token);
    expect('gender' in seen).toBe(false);
    expect(seen.calculatedSalary).toBeGreaterThan(0);
    // The list is cached per visibility: the viewer's copy never carries what the editor's does.
    const editorList = await t.call<EmployeeView[]>({
      method: 'GET',
      url: '/api/employees',
      token: editor.token,
    });
    const viewerList = await t.call<EmployeeView[]>({
      method: 'GET',
      url: '/api/employees',
      token: viewer.token,
    });
    expect(editorList.envelope.data.every((e) => typeof e.gender === 'string')).toBe(true);
    expect(viewerList.body).not.toContain('"gender"');
  });
});

describe('the Gender column', () => {
  it('exports labels, imports labels or values in any case, and a blank cell keeps the stored one', async () => {
    const hopper = await excel.exportedRowOf(t, 'G. Hopper', 'Gender');
    expect(hopper.at).toBeGreaterThan(0);
    expect(hopper.cell).toBe('Female');
    const hopperId = hopper.id;

    const refs = await get(hopperId);
    const row = (id: number | null, name: string, gender: string | null) =>
      rowWithGender(refs, { ID: id, Name: name }, gender);
    const sheet = [
      GENDER_HEADER,
      row(hopperId, 'G. Hopper', null),
      row(null, 'New Woman', 'female'),
      row(null, 'New Other', 'OTHER'),
      row(null, 'New Blank', ''),
    ];
    // A hand-made row with an ID carries no Row Key: it is applied only when ticked.
    const imported = await excel.importSheet(t, sheet, { query: `?overwrite=${hopperId}` });
    expect(imported.statusCode).toBe(200);
    expect(imported.envelope.data).toMatchObject({ created: 3, updated: 1 });
    const list = await employeeList(t);
    const genderOf = (name: string) => list.find((e) => e.name === name)?.gender;
    expect(genderOf('G. Hopper')).toBe('FEMALE');
    expect(genderOf('New Woman')).toBe('FEMALE');
    expect(genderOf('New Other')).toBe('OTHER');
    expect(genderOf('New Blank')).toBe('UNDISCLOSED');
  });

  it('names a bad cell by row and column and imports nothing', async () => {
    const refs = (await employeeList(t))[0]!;
    const res = await excel.importSheet(t, [GENDER_HEADER, rowWithGender(refs, { Name: 'Bad Gender' }, 'W')]);
    expect(res.statusCode).toBe(400);
    expect(res.envelope.data.problems).toEqual([
      { row: 2, column: 'Gender', message: 'Gender must be Female, Male, Other or Undisclosed' },
    ]);
  });

  it('imports F and M as Female and Male, and "2,5" years as 2.5', async () => {
    const refs = (await employeeList(t))[0]!;
    const res = await excel.importSheet(t, [
      GENDER_HEADER,
      rowWithGender(refs, { Name: 'Initial F', 'Years of Experience': '2,5' }, 'F'),
      rowWithGender(refs, { Name: 'Initial M', 'Years with Company': '0,75' }, 'm'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const list = await employeeList(t);
    expect(list.find((e) => e.name === 'Initial F')).toMatchObject({
      gender: 'FEMALE',
      yearsExperience: 2.5,
    });
    expect(list.find((e) => e.name === 'Initial M')).toMatchObject({
      gender: 'MALE',
      yearsWithCompany: 0.75,
    });
  });

  it('says "use a dot" for a comma it cannot read as a decimal comma, and imports nothing', async () => {
    const refs = (await employeeList(t))[0]!;
    const res = await excel.importSheet(t, [
      GENDER_HEADER,
      rowWithGender(refs, { Name: 'Thousands', 'Years of Experience': '1,000' }, 'F'),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.envelope.data.problems).toEqual([
      {
        row: 2,
        column: 'Years of Experience',
        message: 'Years of Experience must be a number: use a dot for decimals (2.5)',
      },
    ]);
  });

  it('is in the template with a dropdown of the four labels', async () => {
    const { book } = await excel.downloadBook(t, '/api/employees/template/download');
    const sheet = book.getWorksheet('Employees')!;
    const header = excel.sheetValues(sheet)[0] as unknown[];
    const at = header.indexOf('Gender');
    expect(at).toBe(header.indexOf('Remote') + 1);
    const lists = excel.sheetValues(book.getWorksheet('Lists')!);
    const column = (lists[0] as unknown[]).indexOf('Gender');
    expect(lists.slice(1, 5).map((r) => r[column])).toEqual(['Female', 'Male', 'Other', 'Undisclosed']);
    const letter = String.fromCharCode(65 + at);
    const validation = (
      sheet as unknown as { dataValidations: { model: Record<string, { formulae: string[] } | undefined> } }
    ).dataValidations.model[`${letter}2`];
    expect(validation?.formulae[0]).toMatch(/^Lists!\$[A-Z]\$2:\$[A-Z]\$5$/);
  });
});
