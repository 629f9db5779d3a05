import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, todayIn } from '@salary/shared/common/calendar-day';
import {
  dueOnFor,
  type PayRequest,
  type PayRequestRegister,
} from '@salary/shared/pay-requests/pay-requests.contract';
import type { PayStatement } from '@salary/shared/pay-transparency/pay-transparency.contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { datedCompany, setTimeZone } from '../support/dated-company.ts';
import { addEmployee } from '../support/employee-forms.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * The register of workers' requests for their pay information, through the real app: the due
 * day two calendar months on, the order on the company's today, the statement as of the day
 * a request was received, who may read and write it, and the audit trail of every write.
 */

let t: TestContext;
let body: Record<string, unknown>;
let seniorId = 0;
let ada = 0;
let today = '';
const URL = '/api/pay-transparency/requests';

const list = async (token = t.adminToken) =>
  (await t.call<PayRequestRegister>({ method: 'GET', url: URL, token })).envelope.data;
const create = (payload: Record<string, unknown>, token = t.adminToken) =>
  t.call<PayRequest>({ method: 'POST', url: URL, payload, token });
async function created(payload: Record<string, unknown>): Promise<PayRequest> {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.envelope.data;
}
const update = (id: number, payload: Record<string, unknown>, token = t.adminToken) =>
  t.call<PayRequest>({ method: 'PUT', url: `${URL}/${id}`, payload, token });
const remove = (id: number, query = '') => t.callAsAdmin({ method: 'DELETE', url: `${URL}/${id}${query}` });

async function newEmployee(name: string): Promise<number> {
  return (await addEmployee(t, { ...body, name })).id;
}

/** Deletes every request, so each test reads a register of its own. */
async function emptyRegister() {
  for (const r of (await list()).requests) expect((await remove(r.id)).statusCode).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp({ companyName: 'Northwind Traders' });
  const made = await datedCompany(t);
  body = made.body;
  seniorId = made.senior.id;
  ada = await newEmployee('Ada Lovelace');
  today = todayIn('UTC');
});
afterAll(async () => t.close());

describe('the due day: two calendar months after the day received', () => {
  it.each([
    ['2026-01-15', '2026-03-15'],
    ['2026-11-30', '2027-01-30'],
    ['2026-12-31', '2027-02-28'],
    ['2027-12-31', '2028-02-29'],
    ['2027-12-29', '2028-02-29'],
    ['2028-12-30', '2029-02-28'],
    ['2026-03-31', '2026-05-31'],
    ['2026-08-31', '2026-10-31'],
    ['2026-07-31', '2026-09-30'],
    ['2024-01-01', '2024-03-01'],
  ])('received %s is due %s', (received, due) => {
    expect(dueOnFor(received)).toBe(due);
  });

  it('is written with the request (the month ends clamped on the way)', async () => {
    const r = await created({ employeeId: ada, receivedOn: '2025-12-31' });
    expect(r).toMatchObject({
      receivedOn: '2025-12-31',
      dueOn: '2026-02-28',
      answeredOn: null,
      status: 'overdue',
    });
    const leap = await created({ employeeId: ada, receivedOn: '2023-12-31' });
    expect(leap.dueOn).toBe('2024-02-29');
    // A new received day moves the due day with it.
    const moved = await update(leap.id, { receivedOn: '2023-12-30', version: leap.version });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.envelope.data.dueOn).toBe('2024-02-29');
    expect(moved.envelope.message).toBe('Pay request updated successfully');
  });
});

describe('the register', () => {
  beforeEach(emptyRegister);

  it('lists overdue requests first, then open ones by due day, then answered ones', async () => {
    const grace = await newEmployee('Grace Hopper');
    // Due about now, overdue long since, due in one and in two months, answered early and late.
    const dueAboutNow = await created({ employeeId: ada, receivedOn: addDays(today, -62) });
    const late = await created({ employeeId: grace, receivedOn: addDays(today, -200) });
    const openLater = await created({ employeeId: grace, receivedOn: addDays(today, -30) });
    const openRecent = await created({ employeeId: ada, receivedOn: addDays(today, -1) });
    const answered = await created({
      employeeId: ada,
      receivedOn: addDays(today, -300),
      answeredOn: addDays(today, -280),
    });
    const answeredLater = await created({
      employeeId: grace,
      receivedOn: addDays(today, -100),
      answeredOn: addDays(today, -5),
    });

    const register = await list();
    expect(register.today).toBe(today);
    const order = register.requests.map((r) => r.id);
    const overdue = [late, dueAboutNow].filter((r) => r.dueOn < today);
    expect(order.slice(0, overdue.length)).toEqual(overdue.map((r) => r.id));
    for (const r of register.requests.slice(0, overdue.length)) expect(r.status).toBe('overdue');
    // Open: by due day; answered: the latest answer first.
    expect(order.slice(-4)).toEqual([openLater.id, openRecent.id, answeredLater.id, answered.id]);
    expect(register.requests.find((r) => r.id === openRecent.id)?.status).toBe('open');
    expect(register.requests.find((r) => r.id === answered.id)).toMatchObject({
      status: 'answered',
      employeeName: 'Ada Lovelace',
      recordedBy: 'admin@example.com',
    });
  });

  it('is not overdue on its due day, and overdue the day after', async () => {
    // A request due today exactly, whatever today is (a due day past a month's end cannot be hit).
    let received = addDays(today, -70);
    while (dueOnFor(received) < today) received = addDays(received, 1);
    const r = await created({ employeeId: ada, receivedOn: received });
    expect(r.status).toBe('open');
    // Received a day earlier: due before today.
    const dayBefore = await created({ employeeId: ada, receivedOn: addDays(received, -1) });
    expect(dayBefore.dueOn < today).toBe(true);
    expect(dayBefore.status).toBe('overdue');
    expect((await list()).requests.map((x) => x.id)).toEqual([dayBefore.id, r.id]);
  });

  it("counts overdue on the company's today, in its time zone", async () => {
    // UTC−12 and UTC+14 are always on different days: a request due on the first's today is
    // open there and overdue in the second.
    const west = todayIn('Etc/GMT+12');
    let received = addDays(west, -70);
    while (dueOnFor(received) < west) received = addDays(received, 1);
    const r = await created({ employeeId: ada, receivedOn: received });
    try {
      await setTimeZone(t, 'Etc/GMT+12');
      expect((await list()).requests[0]).toMatchObject({
        id: r.id,
        status: r.dueOn === west ? 'open' : 'open',
      });
      await setTimeZone(t, 'Pacific/Kiritimati');
      const east = await list();
      expect(east.today).toBe(todayIn('Pacific/Kiritimati'));
      expect(east.requests[0]!.status).toBe(r.dueOn < east.today ? 'overdue' : 'open');
      if (r.dueOn === west) expect(east.requests[0]!.status).toBe('overdue');
    } finally {
      await setTimeZone(t, 'UTC');
    }
  });

  it('keeps a request, with the name, after its employee is deleted; no statement then', async () => {
    const gone = await newEmployee('Leaving Soon');
    const r = await created({ employeeId: gone, receivedOn: addDays(today, -3) });
    expect((await t.callAsAdmin({ method: 'DELETE', url: `/api/employees/${gone}` })).statusCode).toBe(200);
    const kept = (await list()).requests.find((x) => x.id === r.id);
    expect(kept).toMatchObject({ employeeName: 'Leaving Soon', employeeId: gone, employeeExists: false });
    const pdf = await t.callAsAdmin({ method: 'GET', url: `${URL}/${r.id}/statement.pdf` });
    expect(pdf.statusCode).toBe(404);
    expect(pdf.envelope.message).toBe('The employee was deleted: no statement can be made for them');
  });
});

describe('the statement of a request', () => {
  it('is the pay statement as of the day received, not today’s, after a dated raise', async () => {
    const id = await newEmployee('Raised Later');
    const received = addDays(today, -30);
    const r = await created({ employeeId: id, receivedOn: received });
    const raise = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/employees/${id}?effectiveFrom=${addDays(today, -10)}`,
      payload: { ...body, name: 'Raised Later', gradeId: seniorId },
    });
    expect(raise.statusCode, raise.body).toBe(200);

    const statementOn = async (query: string) =>
      (
        await t.callAsAdmin<PayStatement>({
          method: 'GET',
          url: `/api/employees/${id}/pay-statement${query}`,
        })
      ).envelope.data;
    const then = await statementOn(`?asOf=${received}`);
    const now = await statementOn('');
    expect(Number(now.pay)).toBeGreaterThan(Number(then.pay));

    const res = await t.callAsAdmin({ method: 'GET', url: `${URL}/${r.id}/statement.pdf` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="pay_statement_${id}_${received}.pdf"`,
    );
    const text = pdfText(res.rawPayload);
    const money = (v: number | null) => Number(v).toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(text).toContain(money(then.pay));
    expect(text).not.toContain(money(now.pay));
    expect(text).toMatch(/Grade\s+G/);
    expect(text).not.toMatch(/Grade\s+Senior/);
  });

  it('answers 404 for a request that does not exist', async () => {
    const res = await t.callAsAdmin({ method: 'GET', url: `${URL}/999999/statement.pdf` });
    expect(res.statusCode).toBe(404);
    expect(res.envelope.message).toBe('Pay request not found');
  });
});

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'request-statement-'));
  try {
    const file = path.join(dir, 'statement.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('refused input', () => {
  it.each([
    [
      { employeeId: 1, receivedOn: '2026-02-30' },
      'receivedOn',
      'Received On must be a date written YYYY-MM-DD (e.g. 2024-03-15)',
    ],
    [{ receivedOn: '2026-01-01' }, 'employeeId', 'Employee is required'],
    [{ employeeId: 1 }, 'receivedOn', 'Received On is required'],
    [
      { employeeId: 1, receivedOn: '2026-01-01', note: 'a\u0007b' },
      'note',
      'Note must not contain control characters',
    ],
    [
      { employeeId: 1, receivedOn: '2026-01-01', note: 'x'.repeat(1001) },
      'note',
      'Note must be at most 1000 characters',
    ],
  ])('%j: 400 naming %s', async (payload, field, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
    expect(res.body).toContain(message);
  });

  it('refuses a day after today, an answer before the request, and an unknown employee', async () => {
    const future = await create({ employeeId: ada, receivedOn: addDays(today, 1) });
    expect(future.statusCode).toBe(400);
    expect(future.envelope.message).toBe('Received On cannot be after today');
    const early = await create({
      employeeId: ada,
      receivedOn: addDays(today, -5),
      answeredOn: addDays(today, -6),
    });
    expect(early.statusCode).toBe(400);
    expect(early.envelope.message).toBe('Answered On cannot be before Received On');
    const answeredTomorrow = await create({
      employeeId: ada,
      receivedOn: today,
      answeredOn: addDays(today, 1),
    });
    expect(answeredTomorrow.envelope.message).toBe('Answered On cannot be after today');
    const nobody = await create({ employeeId: 999999, receivedOn: today });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.envelope.message).toBe('Employee not found');
  });

  it('answers 404 for an edit or delete of a request that does not exist', async () => {
    const res = await update(999999, { receivedOn: today });
    expect(res.statusCode).toBe(404);
    expect(res.envelope.message).toBe('Pay request not found');
    expect((await remove(999999)).statusCode).toBe(404);
  });

  it('refuses a save from an older version with 409 naming who changed what', async () => {
    const r = await created({ employeeId: ada, receivedOn: addDays(today, -20) });
    expect(
      (await update(r.id, { receivedOn: r.receivedOn, answeredOn: today, version: r.version })).statusCode,
    ).toBe(200);
    const stale = await update(r.id, { receivedOn: r.receivedOn, note: 'Called back', version: r.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.error).toBe('STALE_VERSION');
    expect(stale.envelope.message).toContain(
      `Pay request of Ada Lovelace received ${r.receivedOn} was changed since you opened it: admin@example.com changed Answered On`,
    );
    expect((await remove(r.id, `?version=${r.version}`)).statusCode).toBe(409);
  });
});

describe('who may', () => {
  it('read: admins and showSalary holders; write: admins only', async () => {
    const r = await created({ employeeId: ada, receivedOn: addDays(today, -2) });
    const reader = await t.createUser({ showSalary: true });
    expect((await list(reader.token)).requests.some((x) => x.id === r.id)).toBe(true);
    const pdf = await t.call({ method: 'GET', url: `${URL}/${r.id}/statement.pdf`, token: reader.token });
    expect(pdf.statusCode).toBe(200);
    const write = await create({ employeeId: ada, receivedOn: today }, reader.token);
    expect(write.statusCode).toBe(403);
    expect(write.envelope.message).toBe('Only administrators can record pay requests');
    expect(
      (await update(r.id, { receivedOn: r.receivedOn, answeredOn: today }, reader.token)).statusCode,
    ).toBe(403);

    // Managing employees or settings does not open it: the statement shows pay.
    const manager = await t.createUser({ manageEmployee: true, manageSettings: true, showSettings: true });
    for (const url of [URL, `${URL}/${r.id}/statement.pdf`]) {
      const res = await t.call({ method: 'GET', url, token: manager.token });
      expect(res.statusCode, url).toBe(403);
      expect(res.envelope.message).toBe('You do not have permission to see pay requests');
    }
    expect((await create({ employeeId: ada, receivedOn: today }, manager.token)).statusCode).toBe(403);
    // Nothing was written by the refused calls.
    expect((await list()).requests.find((x) => x.id === r.id)?.answeredOn).toBeNull();
  });
});

describe('the audit trail', () => {
  it('records each write with a readable label and the changed fields', async () => {
    const r = await created({ employeeId: ada, receivedOn: '2026-01-10', note: 'By email' });
    const answered = await update(r.id, {
      receivedOn: '2026-01-10',
      answeredOn: '2026-02-01',
      note: 'By email',
      version: r.version,
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await remove(r.id, `?version=${answered.envelope.data.version}`)).statusCode).toBe(200);
    const entries = (
      await t.callAsAdmin<{
        entries: Array<{
          action: string;
          summary: string;
          actorEmail: string;
          changes: Array<{ field: string; before: unknown; after: unknown }>;
        }>;
      }>({ method: 'GET', url: `/api/audit?entityType=payRequest&entityId=${r.id}` })
    ).envelope.data.entries;
    expect(entries.map((e) => e.action)).toEqual(['delete', 'answer', 'create']);
    for (const e of entries) expect(e.actorEmail).toBe('admin@example.com');
    // As the Audit Log shows them.
    expect(entries.map((e) => e.summary)).toEqual([
      'Pay request of Ada Lovelace received 2026-01-10 deleted',
      'Pay request of Ada Lovelace received 2026-01-10: Answered On: 2026-02-01',
      'Pay request of Ada Lovelace received 2026-01-10 created',
    ]);
    expect(entries[1]!.changes).toEqual([{ field: 'answeredOn', before: null, after: '2026-02-01' }]);
    expect(entries[2]!.changes).toContainEqual({ field: 'dueOn', before: null, after: '2026-03-10' });
  });
});
