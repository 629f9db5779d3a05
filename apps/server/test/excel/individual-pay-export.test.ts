import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import {
  ALLOWANCE_COLUMN,
  ALLOWANCE_REASON_COLUMN,
  ALLOWANCE_TYPE_COLUMN,
  BENEFITS_NOT_RECEIVED_COLUMN,
} from '@salary/shared/excel/excel.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { datedCompany } from '../support/dated-company.ts';
import { addEmployee } from '../support/employee-forms.ts';
import { testAppForFile } from '../support/helper.ts';
import { downloadBook, everyValue, importFile, sheetValues } from './excel-files.ts';

/*
 * The employees export carries each employee's individual allowance (type, amount or percent,
 * reason: Show Calculated Salary only) and the company benefits it does not receive; the
 * figures in it already count both. A re-import of the file keeps both as they are.
 */

const t = testAppForFile();
let own: EmployeeView;

const rowsOf = async (token = t.adminToken) => {
  const { res, book } = await downloadBook(t, '/api/employees/export', token);
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = sheetValues(book.worksheets[0]!) as [unknown[], ...unknown[][]];
  const row = rows.find((r) => r[header.indexOf('Name')] === 'Ada Own')!;
  const cell = (column: string) => (header.includes(column) ? row[header.indexOf(column)] : undefined);
  return { header, cell, book, res };
};

beforeAll(async () => {
  const setup = await datedCompany(t);
  await t.setSettings({
    benefits: [
      { name: 'Health', amount: 200, type: 'FIXED_AMOUNT' },
      { name: 'Meal', amount: 5, type: 'PERCENTAGE' },
    ],
  });
  own = await addEmployee(t, { ...setup.body, name: 'Ada Own' });
  const allowance = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${own.id}/allowance`,
    payload: { allowance: { type: 'FIXED', value: 321.45, reason: 'Retention' } },
  });
  expect(allowance.statusCode, allowance.body).toBe(200);
  const benefits = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${own.id}/benefits`,
    payload: { excludedBenefits: ['Meal'] },
  });
  expect(benefits.statusCode, benefits.body).toBe(200);
});

describe('the employees export with individual pay', () => {
  it('has the allowance and the benefits not received, and figures that count them', async () => {
    const { cell } = await rowsOf();
    expect(cell(ALLOWANCE_TYPE_COLUMN)).toBe('Fixed amount');
    expect(cell(ALLOWANCE_COLUMN)).toBe(321.45);
    expect(cell(ALLOWANCE_REASON_COLUMN)).toBe('Retention');
    expect(cell(BENEFITS_NOT_RECEIVED_COLUMN)).toBe('Meal');
    const now = (await t.callAsAdmin<EmployeeView>({ method: 'GET', url: `/api/employees/${own.id}` }))
      .envelope.data;
    expect(cell('Calculated Salary')).toBe(now.calculatedSalary);
    expect(cell('Total Cost')).toBe(now.accumulatedCost);
    // 4,000.00 + 321.45; the cost adds Health (200.00) and the company insurance, not Meal.
    expect(now.calculatedSalary).toBe(4321.45);
  });

  it('leaves the allowance out for a reader without Show Calculated Salary', async () => {
    const reader = await t.createUser({ showCost: true });
    const { header, cell, book } = await rowsOf(reader.token);
    expect(header).not.toContain(ALLOWANCE_COLUMN);
    expect(header).not.toContain(ALLOWANCE_REASON_COLUMN);
    expect(cell(BENEFITS_NOT_RECEIVED_COLUMN)).toBe('Meal');
    expect(everyValue(book)).not.toContain(321.45);
    expect(everyValue(book)).not.toContain('Retention');
  });

  it('a re-import of the export keeps both', async () => {
    const { res } = await rowsOf();
    const dry = await importFile(t, res.bytes, { query: '?dryRun=true' });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.envelope.message).toBe('0 to create, 0 changed, 1 unchanged');
    const imported = await importFile(t, res.bytes);
    expect(imported.statusCode, imported.body).toBe(200);
    const again = await rowsOf();
    expect(again.cell(ALLOWANCE_COLUMN)).toBe(321.45);
    expect(again.cell(BENEFITS_NOT_RECEIVED_COLUMN)).toBe('Meal');
  });
});
