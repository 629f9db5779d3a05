import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import type { AllowanceView } from '@salary/shared/employees/allowance.contract';
import type { BenefitChoiceView } from '@salary/shared/employees/benefit-choice.contract';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import {
  ALLOWANCE_COLUMN,
  ALLOWANCE_REASON_COLUMN,
  ALLOWANCE_TYPE_COLUMN,
  BENEFITS_NOT_RECEIVED_COLUMN,
  type ImportReport,
} from '@salary/shared/excel/excel.contract';
import type ExcelJS from 'exceljs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { datedCompany } from '../support/dated-company.ts';
import { addEmployee } from '../support/employee-forms.ts';
import { testAppForFile } from '../support/helper.ts';
import { downloadBook, importFile } from './excel-files.ts';

/*
 * The export's individual pay columns imported back: a changed allowance (type, amount or
 * percent, reason) or list of benefits not received is written, dated like the rest of the
 * import, shown in the dry run's changes, audited, and put back by a revert. Bad cells are
 * problems naming row and column; a user who may not see allowances cannot set them; nothing
 * is half written.
 */

const t = testAppForFile();
let setup: Awaited<ReturnType<typeof datedCompany>>;
let ada: EmployeeView;
let bob: EmployeeView;
let today: string;

type Edit = Record<string, string | number | null>;

/** The admin's export with `edits` made to the rows of the named employees, as bytes. */
async function editedExport(edits: Record<string, Edit>, extraRows: Edit[] = []): Promise<Buffer> {
  const { book } = await downloadBook(t);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map((v) => (v === undefined ? '' : String(v)));
  const col = (name: string) => {
    const at = header.indexOf(name);
    expect(at, `column ${name}`).toBeGreaterThan(0);
    return at;
  };
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const edit = edits[String(row.getCell(col('Name')).value)];
    if (!edit) return;
    for (const [name, value] of Object.entries(edit)) row.getCell(col(name)).value = value;
  });
  for (const extra of extraRows) {
    const row = sheet.addRow([]);
    for (const [name, value] of Object.entries(extra)) row.getCell(col(name)).value = value;
  }
  return Buffer.from(await (book as ExcelJS.Workbook).xlsx.writeBuffer());
}

const allowanceOf = async (id: number, asOf?: string) => {
  const res = await t.callAsAdmin<AllowanceView>({
    method: 'GET',
    url: `/api/employees/${id}/allowance${asOf ? `?asOf=${asOf}` : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data.allowance;
};
const excludedOf = async (id: number) => {
  const res = await t.callAsAdmin<BenefitChoiceView>({ method: 'GET', url: `/api/employees/${id}/benefits` });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data.excludedBenefits;
};
const salaryOf = async (id: number) =>
  (await t.callAsAdmin<EmployeeView>({ method: 'GET', url: `/api/employees/${id}` })).envelope.data
    .calculatedSalary;

const ADA_ALLOWANCE = { type: 'FIXED', value: 321.45, reason: 'Retention' };

beforeAll(async () => {
  setup = await datedCompany(t);
  today = todayIn('UTC');
  await t.setSettings({
    benefits: [
      { name: 'Health', amount: 200, type: 'FIXED_AMOUNT' },
      { name: 'Meal', amount: 5, type: 'PERCENTAGE' },
    ],
  });
  ada = await addEmployee(t, { ...setup.body, name: 'Ada Own' });
  bob = await addEmployee(t, { ...setup.body, name: 'Bob Plain' });
});

beforeEach(async () => {
  // Each test starts from Ada with an allowance and without Meal, Bob with neither.
  for (const [id, allowance, excluded] of [
    [ada.id, ADA_ALLOWANCE, ['Meal']],
    [bob.id, null, []],
  ] as const) {
    const a = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/employees/${id}/allowance`,
      payload: { allowance },
    });
    expect(a.statusCode, a.body).toBe(200);
    const b = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/employees/${id}/benefits`,
      payload: { excludedBenefits: excluded },
    });
    expect(b.statusCode, b.body).toBe(200);
  }
});

describe('importing individual pay', () => {
  it('previews, writes, audits and reverts a changed allowance and benefits', async () => {
    const bytes = await editedExport({
      'Ada Own': {
        [ALLOWANCE_COLUMN]: 400,
        [ALLOWANCE_REASON_COLUMN]: 'Promotion',
        [BENEFITS_NOT_RECEIVED_COLUMN]: '',
      },
      'Bob Plain': {
        [ALLOWANCE_TYPE_COLUMN]: 'Percent of adjusted base',
        [ALLOWANCE_COLUMN]: 5,
        [ALLOWANCE_REASON_COLUMN]: 'Market',
        [BENEFITS_NOT_RECEIVED_COLUMN]: ' health ; Meal',
      },
    });
    const dry = await importFile(t, bytes, { query: '?dryRun=true' });
    expect(dry.statusCode, dry.body).toBe(200);
    const changes = new Map(dry.envelope.data.changes.map((c) => [c.name, c.changes]));
    expect(changes.get('Ada Own')).toEqual([
      expect.objectContaining({
        field: 'allowance',
        beforeText: 'Fixed amount 321.45 (Retention)',
        afterText: 'Fixed amount 400 (Promotion)',
      }),
      expect.objectContaining({ field: 'excludedBenefits', beforeText: 'Meal', afterText: '' }),
    ]);
    expect(changes.get('Bob Plain')).toEqual([
      expect.objectContaining({
        field: 'allowance',
        beforeText: '',
        afterText: 'Percent of adjusted base 5 (Market)',
      }),
      expect.objectContaining({ field: 'excludedBenefits', afterText: 'Health; Meal' }),
    ]);
    // The preview's pay counts the new allowance: 4,000.00 + 400.00.
    const adaChange = dry.envelope.data.changes.find((c) => c.name === 'Ada Own')!;
    expect(adaChange.grossAfter).toBe(4400);
    // A dry run writes nothing.
    expect(await allowanceOf(ada.id)).toEqual(ADA_ALLOWANCE);

    const res = await importFile(t, bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data.updated).toBe(2);
    expect(await allowanceOf(ada.id)).toEqual({ type: 'FIXED', value: 400, reason: 'Promotion' });
    expect(await excludedOf(ada.id)).toEqual([]);
    expect(await allowanceOf(bob.id)).toEqual({ type: 'PERCENTAGE', value: 5, reason: 'Market' });
    // Kept as the settings spell them.
    expect(await excludedOf(bob.id)).toEqual(['Health', 'Meal']);
    expect(await salaryOf(ada.id)).toBe(4400);
    expect(await salaryOf(bob.id)).toBe(4200);

    // The import's entry keeps each employee's changes: its revert puts both back.
    const page = await t.callAsAdmin<{ entries: Array<{ id: number; action: string }> }>({
      method: 'GET',
      url: '/api/audit?entityType=import&limit=1',
    });
    const entry = page.envelope.data.entries[0]!;
    expect(entry.action).toBe('import');
    // The pay history of each says the import moved its pay.
    const history = await t.callAsAdmin<Array<{ auditId: number; grossBefore: number; grossAfter: number }>>({
      method: 'GET',
      url: `/api/employees/${ada.id}/history`,
    });
    expect(history.envelope.data.find((h) => h.auditId === entry.id)).toMatchObject({
      grossBefore: 4321.45,
      grossAfter: 4400,
    });

    const reverted = await t.callAsAdmin({ method: 'POST', url: `/api/audit/${entry.id}/revert` });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(await allowanceOf(ada.id)).toEqual(ADA_ALLOWANCE);
    expect(await excludedOf(ada.id)).toEqual(['Meal']);
    expect(await allowanceOf(bob.id)).toBeNull();
    expect(await excludedOf(bob.id)).toEqual([]);
    expect(await salaryOf(ada.id)).toBe(4321.45);
  });

  it('clears an allowance whose three cells are emptied, and re-imports an unchanged export as unchanged', async () => {
    const unchanged = await importFile(t, await editedExport({}), { query: '?dryRun=true' });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.envelope.data.updated).toBe(0);

    const bytes = await editedExport({
      'Ada Own': { [ALLOWANCE_TYPE_COLUMN]: null, [ALLOWANCE_COLUMN]: null, [ALLOWANCE_REASON_COLUMN]: null },
    });
    const res = await importFile(t, bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(await allowanceOf(ada.id)).toBeNull();
    expect(await salaryOf(ada.id)).toBe(4000);
  });

  it('gives a new row its allowance and benefits from its first day', async () => {
    const bytes = await editedExport({}, [
      {
        Name: 'Cy New',
        Job: setup.c.job.name,
        Position: setup.c.position.name,
        Grade: setup.c.grade.name,
        Level: setup.c.level.name,
        'Years of Experience': 1,
        'Years with Company': 1,
        'Base on Project': 'No',
        'Acting as Different Grade': 'No',
        Pillar: 'No',
        Remote: 'No',
        [ALLOWANCE_TYPE_COLUMN]: 'Fixed amount',
        [ALLOWANCE_COLUMN]: 150,
        [ALLOWANCE_REASON_COLUMN]: 'Hard to hire',
        [BENEFITS_NOT_RECEIVED_COLUMN]: 'Health',
      },
    ]);
    const res = await importFile(t, bytes);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data.created).toBe(1);
    const list = await t.callAsAdmin<EmployeeView[]>({
      method: 'GET',
      url: '/api/employees?search=Cy%20New',
    });
    const cy = list.envelope.data.find((e) => e.name === 'Cy New')!;
    expect(await allowanceOf(cy.id)).toEqual({ type: 'FIXED', value: 150, reason: 'Hard to hire' });
    expect(await allowanceOf(cy.id, addDays(today, -300))).toEqual({
      type: 'FIXED',
      value: 150,
      reason: 'Hard to hire',
    });
    expect(await excludedOf(cy.id)).toEqual(['Health']);
    expect(cy.calculatedSalary).toBe(4150);
  });

  it('takes effect from the import day when it is dated', async () => {
    const day = addDays(today, 10);
    const bytes = await editedExport({
      'Bob Plain': {
        [ALLOWANCE_TYPE_COLUMN]: 'FIXED',
        [ALLOWANCE_COLUMN]: 90,
        [ALLOWANCE_REASON_COLUMN]: 'Step',
      },
    });
    const res = await importFile(t, bytes, { query: `?effectiveFrom=${day}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await allowanceOf(bob.id)).toBeNull();
    expect(await allowanceOf(bob.id, addDays(day, -1))).toBeNull();
    expect(await allowanceOf(bob.id, day)).toEqual({ type: 'FIXED', value: 90, reason: 'Step' });
    // Scheduled: today's pay is as it was, and the employee's row did not move.
    expect(await salaryOf(bob.id)).toBe(4000);
    // Put back for the next test: the scheduled version is cancelled by a write from that day.
    const undo = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/employees/${bob.id}/allowance?effectiveFrom=${day}`,
      payload: { allowance: null },
    });
    expect(undo.statusCode, undo.body).toBe(200);
  });

  it('refuses bad cells with every problem, by row and column, and writes nothing', async () => {
    const bytes = await editedExport({
      'Ada Own': { [ALLOWANCE_TYPE_COLUMN]: 'Bonus', [ALLOWANCE_COLUMN]: -5, [ALLOWANCE_REASON_COLUMN]: '' },
      'Bob Plain': {
        [ALLOWANCE_TYPE_COLUMN]: 'Percent of adjusted base',
        [ALLOWANCE_COLUMN]: 150,
        [ALLOWANCE_REASON_COLUMN]: 'Too much',
        [BENEFITS_NOT_RECEIVED_COLUMN]: 'Meal; Gym',
      },
    });
    const res = await importFile(t, bytes);
    expect(res.statusCode, res.body).toBe(400);
    const problems = (res.envelope.data as unknown as ImportReport).problems.map(
      (p) => `${p.column}: ${p.message}`,
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        `${ALLOWANCE_TYPE_COLUMN}: Allowance Type must be "Fixed amount" or "Percent of adjusted base"`,
        `${ALLOWANCE_COLUMN}: Amount must be 0 or more`,
        `${ALLOWANCE_REASON_COLUMN}: Reason is required`,
        `${ALLOWANCE_COLUMN}: Percent must be between 0 and 100`,
        `${BENEFITS_NOT_RECEIVED_COLUMN}: No company benefit is named "Gym"`,
      ]),
    );
    expect(problems).toHaveLength(5);
    expect(await allowanceOf(ada.id)).toEqual(ADA_ALLOWANCE);
    expect(await excludedOf(bob.id)).toEqual([]);
  });

  it('refuses allowance columns from a user who may not see allowances, and takes their benefits', async () => {
    const editor = await t.createUser({ manageEmployee: true, showCost: true });
    const withAllowance = await editedExport({ 'Bob Plain': { [ALLOWANCE_COLUMN]: 50 } });
    const refused = await importFile(t, withAllowance, { token: editor.token });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.envelope.message).toBe(
      `You do not have permission to see or change individual allowances; remove the columns ${ALLOWANCE_TYPE_COLUMN}, ${ALLOWANCE_COLUMN} and ${ALLOWANCE_REASON_COLUMN} from the file`,
    );
    expect(await allowanceOf(bob.id)).toBeNull();

    // Their own export has no allowance columns; its benefits import.
    const { book } = await downloadBook(t, '/api/employees/export', editor.token);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    expect(header).not.toContain(ALLOWANCE_COLUMN);
    sheet.eachRow((row, n) => {
      if (n > 1 && row.getCell(header.indexOf('Name')).value === 'Bob Plain')
        row.getCell(header.indexOf(BENEFITS_NOT_RECEIVED_COLUMN)).value = 'Health';
    });
    const ok = await importFile(t, Buffer.from(await book.xlsx.writeBuffer()), { token: editor.token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await excludedOf(bob.id)).toEqual(['Health']);
  });

  it('refuses a file with only some of the allowance columns', async () => {
    const { book } = await downloadBook(t);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    sheet.spliceColumns(header.indexOf(ALLOWANCE_REASON_COLUMN), 1);
    const res = await importFile(t, Buffer.from(await book.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.envelope.message).toBe(`Missing column: ${ALLOWANCE_REASON_COLUMN} (sheet "Employees")`);
  });
});
