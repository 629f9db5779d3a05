import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeList } from '../support/employee-reads.ts';
import type { Company } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { IMPORT_HEADER, importFile, importRow, xlsxOf } from './excel-files.ts';

/* The configured limits (IMPORT_MAX_ROWS, IMPORT_MAX_BYTES) reach the import. */

let t: TestContext;
let c: Company;

beforeAll(async () => {
  t = await buildTestApp({ importMaxRows: 5, importMaxBytes: 64 * 1024 });
  c = await t.newCompany();
});
afterAll(async () => t.close());

const row = (name: string) => importRow(c, { Name: name });
const count = async () => (await employeeList(t)).length;

describe('import limits', () => {
  it('refuses more rows than importMaxRows, writing nothing', async () => {
    const file = await xlsxOf([IMPORT_HEADER, ...['a', 'b', 'c', 'd', 'e', 'f'].map(row)]);
    const res = await importFile(t, file);
    expect(res.statusCode).toBe(400);
    expect(res.envelope).toMatchObject({
      success: false,
      message: 'The file has 6 rows; the limit is 5 (sheet "Employees")',
    });
    expect(await count()).toBe(0);
  });

  it('takes exactly importMaxRows rows; blank rows do not count', async () => {
    const file = await xlsxOf([
      IMPORT_HEADER,
      row('a'),
      [],
      row('b'),
      row('c'),
      [null, ''],
      row('d'),
      row('e'),
    ]);
    const res = await importFile(t, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data).toMatchObject({ created: 5, updated: 0, problems: [] });
    expect(await count()).toBe(5);
  });

  it('refuses a file over importMaxBytes with 413, naming the limit', async () => {
    const res = await importFile(t, Buffer.alloc(64 * 1024 + 1, 0x50));
    expect(res.statusCode).toBe(413);
    expect(res.envelope).toMatchObject({ success: false, message: 'The file is larger than 64 KB' });
  });
});
