import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AuditPage } from '@salary/shared/audit/audit.contract';
import type { Company } from '@salary/shared/company/company.contract';
import type { Breakdown } from '@salary/shared/insights/insights.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTimeZone } from '../../src/modules/company/company.service.ts';
import { download, loadWorkbook } from '../excel/excel-files.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * Settings → Company: one record every signed-in user reads and admins or manageSettings save
 * from the version they read; every text and file the server writes formats with it.
 */

let t: TestContext;
beforeAll(async () => {
  // An install that named itself by the environment before the record existed.
  t = await buildTestApp({ companyName: 'Acme Widgets' });
});
afterAll(async () => t.close());

const getCompany = async (token?: string) =>
  t.call<Company>({ method: 'GET', url: '/api/company', ...(token ? { token } : { token: t.adminToken }) });

const putCompany = (payload: Record<string, unknown>, token = t.adminToken) =>
  t.call<Company>({ method: 'PUT', url: '/api/company', payload, token });

async function saveAs(changes: Record<string, unknown>) {
  const { version, companyName } = (await getCompany()).envelope.data;
  const res = await putCompany({
    companyName: companyName ?? 'Acme Widgets',
    currency: 'USD',
    locale: 'en-US',
    timeZone: 'UTC',
    version,
    ...changes,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.envelope.data;
}

const fieldsOf = (res: { envelope: { data: unknown } }) =>
  (res.envelope.data as { fields: Array<{ field: string; message: string }> }).fields;

describe('the company record', () => {
  // Runs first: nothing has saved the record yet.
  it('reads, before any save, as the install did: COMPANY_NAME, USD, en-US and the server’s zone, to every signed-in user', async () => {
    const { token } = await t.createUser({});
    const res = await getCompany(token);
    expect(res.statusCode).toBe(200);
    expect(res.envelope.data).toEqual({
      companyName: 'Acme Widgets',
      currency: 'USD',
      locale: 'en-US',
      timeZone: serverTimeZone(),
      standardWeeklyHours: 40,
      version: 1,
      updatedAt: null,
    });
    expect((await t.call({ method: 'GET', url: '/api/company' })).statusCode).toBe(401);
  });

  it('saves name, currency, format and zone, canonical, and bumps the version', async () => {
    const saved = await saveAs({
      companyName: ' Müller GmbH ',
      currency: 'eur',
      locale: 'de-de',
      timeZone: 'europe/berlin',
    });
    expect(saved).toMatchObject({
      companyName: 'Müller GmbH',
      currency: 'EUR',
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      version: 2,
    });
    expect((await getCompany()).envelope.data).toEqual(saved);
  });

  it('refuses what it cannot format, naming the field, and writes nothing', async () => {
    const before = (await getCompany()).envelope.data;
    const res = await putCompany({
      companyName: '   ',
      currency: 'JPY',
      locale: 'not a locale',
      timeZone: 'Mars/Olympus_Mons',
      version: before.version,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(
      expect.arrayContaining([
        { field: 'companyName', message: 'Company name is required' },
        {
          field: 'currency',
          message:
            'Currency must be an ISO 4217 code with two decimals, such as USD, EUR or GBP (amounts are kept in cents)',
        },
        { field: 'locale', message: 'Number and date format must be a language tag such as en-US or de-DE' },
        {
          field: 'timeZone',
          message: 'Time zone must be an IANA time zone name such as Europe/Berlin or UTC',
        },
      ]),
    );
    // Three decimals (KWD) and an unknown code are refused the same way.
    for (const currency of ['KWD', 'ABC', 'EURO']) {
      const again = await putCompany({ ...before, currency });
      expect(again.statusCode, currency).toBe(400);
      expect(fieldsOf(again)[0]).toMatchObject({ field: 'currency' });
    }
    expect((await getCompany()).envelope.data).toEqual(before);
  });

  it('is changed only by admins and manageSettings; showSettings may only read it', async () => {
    const before = (await getCompany()).envelope.data;
    const body = { ...before, currency: 'GBP' };
    for (const permissions of [{}, { showSettings: true }, { showSalary: true, showCost: true }]) {
      const { token } = await t.createUser(permissions);
      const res = await putCompany(body, token);
      expect(res.statusCode, JSON.stringify(permissions)).toBe(403);
      expect(res.envelope.message).toBe('You do not have permission to change settings');
    }
    expect((await getCompany()).envelope.data).toEqual(before);
    const { token } = await t.createUser({ manageSettings: true });
    const res = await putCompany(body, token);
    expect(res.statusCode).toBe(200);
    expect(res.envelope.data.currency).toBe('GBP');
  });

  it('refuses a save from an outdated version with 409 STALE_VERSION and keeps the first save', async () => {
    const read = (await getCompany()).envelope.data;
    const first = await putCompany({ ...read, currency: 'CHF' });
    expect(first.statusCode).toBe(200);
    const second = await putCompany({ ...read, currency: 'SEK' });
    expect(second.statusCode).toBe(409);
    expect(second.envelope.error).toBe('STALE_VERSION');
    expect(second.envelope.message).toBe(
      'The company settings were changed by someone else. Reload and try again.',
    );
    expect((await getCompany()).envelope.data.currency).toBe('CHF');
  });
});

describe('what the server writes, in the company’s currency and format', () => {
  it('audit texts name amounts in the currency and the company change in words', async () => {
    await saveAs({ currency: 'EUR', locale: 'de-DE', timeZone: 'Europe/Berlin' });
    const c = await t.newCompany(6500);
    const res = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/base-salary/${c.baseSalary.id}`,
      payload: { gradeId: c.grade.id, levelId: c.level.id, amount: 7000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await t.callAsAdmin<AuditPage>({ method: 'GET', url: '/api/audit?limit=20' });
    const texts = page.envelope.data.entries.flatMap((e) => e.described);
    expect(texts, texts.join('\n')).toContain('Amount: 6.500,00\u00a0€ → 7.000,00\u00a0€');
    expect(texts).toContain('Currency: CHF → EUR');
    expect(texts.join('\n')).not.toMatch(/\$/);
  });

  it('the salary breakdown’s rule texts use the currency', async () => {
    await saveAs({ currency: 'EUR', locale: 'de-DE' });
    const c = await t.newCompany(4000);
    const factor = await t.newFactor(c.job.id, c.position.id, 'FIXED', 150.5);
    expect(factor.id).toBeGreaterThan(0);
    const id = await t.newEmployeeOf(c);
    const res = await t.callAsAdmin<Breakdown>({ method: 'GET', url: `/api/employees/${id}/breakdown` });
    expect(res.statusCode, res.body).toBe(200);
    const labels = JSON.stringify(res.envelope.data);
    expect(labels).toContain('+150,50\u00a0€');
    expect(labels).not.toContain('$');
  });

  it('the employees export formats money cells in the currency, the symbol where the locale puts it', async () => {
    await saveAs({ currency: 'EUR', locale: 'de-DE' });
    const c = await t.newCompany(5100);
    await t.newEmployeeOf(c);
    const file = await download(t, '/api/employees/export', t.adminToken);
    expect(file.statusCode, file.body.slice(0, 300)).toBe(200);
    const book = await loadWorkbook(file.bytes);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const salary = header.indexOf('Calculated Salary');
    expect(salary).toBeGreaterThan(0);
    expect(sheet.getRow(2).getCell(salary).numFmt).toBe('#,##0.00 "€"');

    await saveAs({ currency: 'GBP', locale: 'en-GB' });
    const again = await loadWorkbook((await download(t, '/api/employees/export', t.adminToken)).bytes);
    expect(again.worksheets[0]!.getRow(2).getCell(salary).numFmt).toBe('"£"#,##0.00');
  });

  it('the pay transparency report file carries the currency in its money columns and names it', async () => {
    await saveAs({ currency: 'EUR', locale: 'de-DE', timeZone: 'Europe/Berlin' });
    const file = await download(t, '/api/pay-transparency/export', t.adminToken);
    expect(file.statusCode).toBe(200);
    const book = await loadWorkbook(file.bytes);
    expect(book.getWorksheet('Indicators')!.getColumn(2).numFmt).toBe('#,##0.00 "€"');
    const about = book.getWorksheet('About')!;
    const rows = about
      .getSheetValues()
      .filter((r) => Array.isArray(r))
      .map((r) => r.slice(1, 3));
    expect(rows).toContainEqual(['Currency', 'EUR']);
    expect(String(rows.find((r) => r[0] === 'Generated at')?.[1])).toMatch(/\d{4}, \d\d:\d\d (MEZ|MESZ)$/);
  });

  it('the statement PDF writes its amounts and date in the format, with the currency’s own symbol', async () => {
    const c = await t.newCompany(3210.5);
    const id = await t.newEmployeeOf(c);
    const pdfText = async () => {
      const res = await t.callAsAdmin({ method: 'GET', url: `/api/employees/${id}/pay-statement.pdf` });
      expect(res.statusCode).toBe(200);
      const dir = mkdtempSync(path.join(os.tmpdir(), 'statement-'));
      try {
        const file = path.join(dir, 'statement.pdf');
        writeFileSync(file, res.rawPayload);
        return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    await saveAs({ companyName: 'Müller GmbH', currency: 'EUR', locale: 'de-DE', timeZone: 'Europe/Berlin' });
    let text = await pdfText();
    expect(text).toMatch(/Company\s+Müller GmbH/);
    expect(text).toMatch(/Basic wage \(base salary \+ job adjustment\)\s+3\.210,50 €/);
    expect(text).toMatch(/Date: \d+\. \w+\.? \d{4}/);
    // Helvetica has no "zł": the statement is written in the embedded DejaVu Sans, symbol and all.
    await saveAs({ currency: 'PLN', locale: 'pl-PL', timeZone: 'Europe/Warsaw' });
    text = await pdfText();
    expect(text).toMatch(/Basic wage \(base salary \+ job adjustment\)\s+3\s?210,50 zł/);
  });

  it('the pay statement names the company of the record', async () => {
    await saveAs({ companyName: 'Beispiel AG' });
    const c = await t.newCompany(3000);
    const id = await t.newEmployeeOf(c);
    const res = await t.callAsAdmin<{ company: string | null }>({
      method: 'GET',
      url: `/api/employees/${id}/pay-statement`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.envelope.data.company).toBe('Beispiel AG');
  });
});
