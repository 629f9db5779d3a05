import type { Company } from '@salary/shared/company/company.contract';
import { WORKSHEET_COLUMNS } from '@salary/shared/raise-cycles/worksheet-file.contract';
import type { InjectOptions } from 'fastify';
import type { Db } from '../../src/db/client.ts';
import { IMPORT_HEADER, importRow, upload, xlsxOf } from '../excel/excel-files.ts';
import { editRow, exportedWorksheet, worksheetOf } from '../raise-cycles/worksheet-files.ts';
import { addFormFor } from './employee-forms.ts';
import { newGrade, newJob, newLevel } from './factories.ts';
import type { TestContext } from './helper.ts';

/*
 * One successful call of each write route, as an administrator (or anyone allowed) would make
 * it, on fresh records built each time so every caller meets the same state. The access
 * matrix calls these as every kind of caller; the audit trail checks the entry each one writes.
 */

export type RouteRequest = InjectOptions & { url: string };
export type BuildRequest = (t: TestContext) => Promise<RouteRequest>;

/** An id no record has. */
export const MISSING = 999_999;

let seq = 0;
/** A name nobody used before in this process. */
export const unique = (prefix: string) => `${prefix} ${++seq}-${Math.random().toString(36).slice(2, 7)}`;

/** The employee form's body for a new employee of a fresh company. */
export async function employeeForm(t: TestContext) {
  return addFormFor(await t.newCompany(3000), { name: unique('Person') });
}

/** A fresh employee of a fresh company: its id. */
export async function existingEmployee(t: TestContext) {
  const c = await t.newCompany(3000);
  return t.newEmployeeOf(c);
}

/** A pay request of a fresh employee, received yesterday (recorded by the administrator): its id. */
export async function existingPayRequest(t: TestContext): Promise<number> {
  const employeeId = await existingEmployee(t);
  const res = await t.callAsAdmin<{ id: number }>({
    method: 'POST',
    url: '/api/pay-transparency/requests',
    payload: { employeeId, receivedOn: '2026-01-15' },
  });
  if (res.statusCode !== 201) throw new Error(`pay request: ${res.body}`);
  return res.envelope.data.id;
}

/** A raise cycle's body: the grade of a fresh company only, effective on a day far ahead. */
export async function raiseCycleBody(t: TestContext) {
  const c = await t.newCompany(3000);
  const employeeId = await t.newEmployeeOf(c);
  return {
    employeeId,
    body: {
      name: unique('Raise cycle'),
      effectiveDate: '2999-01-01',
      eligibility: { gradeIds: [c.grade.id] },
      budget: { kind: 'PERCENT', value: 3 },
      guideline: [],
    },
  };
}

/** A fresh draft cycle of one employee, and a proposal for them sent to its proposals route (or its preview). */
async function proposalsRequest(t: TestContext, method: 'PUT' | 'POST', tail: string): Promise<RouteRequest> {
  const { employeeId, body } = await raiseCycleBody(t);
  const made = await t.callAsAdmin<{ id: number }>({
    method: 'POST',
    url: '/api/raise-cycles',
    payload: body,
  });
  return {
    method,
    url: `/api/raise-cycles/${made.envelope.data.id}/proposals${tail}`,
    payload: { proposals: [{ employeeId, rating: 3, kind: 'AMOUNT', value: 120.5 }] },
  };
}

/**
 * A raise cycle of one fresh employee, with a 2 % proposal for them, brought to `status`: submitted
 * by another user (showSalary and manageEmployee) so an administrator may approve it. Its id.
 */
export async function existingRaiseCycle(
  t: TestContext,
  status: 'DRAFT' | 'SUBMITTED' | 'APPROVED' = 'DRAFT',
): Promise<number> {
  const { employeeId, body } = await raiseCycleBody(t);
  const made = await t.callAsAdmin<{ id: number }>({
    method: 'POST',
    url: '/api/raise-cycles',
    payload: body,
  });
  if (made.statusCode !== 201) throw new Error(`raise cycle: ${made.body}`);
  const id = made.envelope.data.id;
  const proposed = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/raise-cycles/${id}/proposals`,
    payload: { proposals: [{ employeeId, kind: 'PERCENT', value: 2 }] },
  });
  if (proposed.statusCode !== 200) throw new Error(`proposals: ${proposed.body}`);
  if (status === 'DRAFT') return id;
  const proposer = await t.createUser({ showSalary: true, manageEmployee: true });
  const submitted = await t.call({
    method: 'POST',
    url: `/api/raise-cycles/${id}/submit`,
    token: proposer.token,
  });
  if (submitted.statusCode !== 200) throw new Error(`submit: ${submitted.body}`);
  if (status === 'SUBMITTED') return id;
  const approved = await t.callAsAdmin({ method: 'POST', url: `/api/raise-cycles/${id}/approve` });
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.body}`);
  return id;
}

/**
 * A change scheduled for a day still to come, of a fresh employee (written as the
 * administrator): its id in the scheduled changes.
 */
export async function scheduledChange(t: TestContext): Promise<number> {
  const id = await existingEmployee(t);
  const form = await employeeForm(t);
  const res = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${id}?effectiveFrom=2999-01-01`,
    payload: { ...form, yearsExperience: 7 },
  });
  if (res.statusCode !== 200) throw new Error(`scheduling failed: ${res.body}`);
  const list = await t.callAsAdmin<Array<{ id: number; employeeId: number }>>({
    method: 'GET',
    url: '/api/scheduled-changes',
  });
  const change = list.envelope.data.find((c) => c.employeeId === id);
  if (!change) throw new Error('the scheduled change is not listed');
  return change.id;
}

/** The query of a job posting's pay range over a fresh company's role and level. */
export async function postingRole(t: TestContext) {
  const c = await t.newCompany(3000);
  return `jobId=${c.job.id}&positionId=${c.position.id}&gradeId=${c.grade.id}&levelIds=${c.level.id}`;
}

/** A fresh non-admin user: its id. */
export async function plainUser(t: TestContext) {
  return (await t.createUser({}, { email: `${unique('u').replace(/\W/g, '')}@example.com` })).user.id;
}

/** POST /api/employees/import of one new employee of a fresh company (`query` as in '?dryRun=true'). */
export async function importRequest(t: TestContext, query = ''): Promise<RouteRequest> {
  const c = await t.newCompany(3000);
  const file = await xlsxOf([IMPORT_HEADER, importRow(c, { Name: unique('Imported') })]);
  return { method: 'POST', url: `/api/employees/import${query}`, ...upload(file) };
}

/** Imports one new employee as the administrator: the import's audit entry id and the employee's id. */
export async function importedOne(t: TestContext): Promise<{ entryId: number; employeeId: number }> {
  const res = await t.callAsAdmin(await importRequest(t));
  if (res.statusCode !== 200) throw new Error(`import failed: ${res.body}`);
  const page = await t.callAsAdmin<{ entries: { id: number; details: { employees: { id: number }[] } }[] }>({
    method: 'GET',
    url: '/api/audit?entityType=import&limit=1',
  });
  const entry = page.envelope.data.entries[0]!;
  return { entryId: entry.id, employeeId: entry.details.employees[0]!.id };
}

/** The newest audit entry about a record: its id. */
async function newestEntryOf(t: TestContext, entityType: string, entityId: number): Promise<number> {
  const page = await t.callAsAdmin<{ entries: { id: number }[] }>({
    method: 'GET',
    url: `/api/audit?entityType=${entityType}&entityId=${entityId}&limit=1`,
  });
  return page.envelope.data.entries[0]!.id;
}

/** A fresh employee deleted through the API: the delete's audit entry (Restore) and the employee's id. */
export async function deletedEmployee(t: TestContext): Promise<{ entryId: number; employeeId: number }> {
  const employeeId = await existingEmployee(t);
  const res = await t.callAsAdmin({ method: 'DELETE', url: `/api/employees/${employeeId}` });
  if (res.statusCode !== 200) throw new Error(`delete failed: ${res.body}`);
  return { entryId: await newestEntryOf(t, 'employee', employeeId), employeeId };
}

/** A fresh employee renamed through the API: the edit's audit entry (Revert) and the employee's id. */
export async function editedEmployee(t: TestContext): Promise<{ entryId: number; employeeId: number }> {
  const form = await employeeForm(t);
  const created = await t.callAsAdmin<{ id: number }>({
    method: 'POST',
    url: '/api/employees',
    payload: form,
  });
  const employeeId = created.envelope.data.id;
  const res = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${employeeId}`,
    payload: { ...form, name: unique('Renamed') },
  });
  if (res.statusCode !== 200) throw new Error(`edit failed: ${res.body}`);
  return { entryId: await newestEntryOf(t, 'employee', employeeId), employeeId };
}

/**
 * A fresh employee moved to a better paid grade from ten days ago through the API: the edit's
 * audit entry, which keeps its back pay (GET /api/audit/{id}/back-pay.xlsx).
 */
export async function backdatedEmployee(t: TestContext): Promise<{ entryId: number; employeeId: number }> {
  const c = await t.newCompany(3000);
  const better = await t.newGrade();
  await t.newBaseSalary(better.id, c.level.id, 3500);
  const form = addFormFor(c, { name: unique('Promoted') });
  const created = await t.callAsAdmin<{ id: number }>({
    method: 'POST',
    url: '/api/employees',
    payload: form,
  });
  const employeeId = created.envelope.data.id;
  const from = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
  const res = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/employees/${employeeId}?effectiveFrom=${from}`,
    payload: { ...form, gradeId: better.id },
  });
  if (res.statusCode !== 200) throw new Error(`backdated edit failed: ${res.body}`);
  return { entryId: await newestEntryOf(t, 'employee', employeeId), employeeId };
}

/** A fresh job renamed through the API: the rename's audit entry (Revert) and the job's id. */
export async function renamedJob(t: TestContext): Promise<{ entryId: number; jobId: number }> {
  const job = await t.newJob();
  const res = await t.callAsAdmin({
    method: 'PUT',
    url: `/api/jobs/${job.id}`,
    payload: { name: unique('Job') },
  });
  if (res.statusCode !== 200) throw new Error(`rename failed: ${res.body}`);
  return { entryId: await newestEntryOf(t, 'job', job.id), jobId: job.id };
}

/**
 * A reorder of `list`: a fresh row moved to a free order, `base` + its id (a grade moved onto
 * another's order is refused, 409), then the `more` pairs as given.
 */
export async function reorderRequest(
  t: TestContext,
  list: 'grades' | 'levels',
  base: number,
  more: Array<{ id: number; order: number }> = [],
): Promise<RouteRequest> {
  const row = await (list === 'grades' ? t.newGrade() : t.newLevel());
  return {
    method: 'POST',
    url: `/api/${list}/reorder`,
    payload: { [list]: [{ id: row.id, order: base + row.id }, ...more] },
  };
}

/** The settings as saved now, without `updatedAt`: a PUT body of the current version. */
export async function currentSettings(t: TestContext) {
  const res = await t.callAsAdmin<Record<string, unknown>>({ method: 'GET', url: '/api/settings' });
  const { updatedAt: _u, ...body } = res.envelope.data;
  return body;
}

/** The company record as saved now: a PUT body of the current version. */
export async function currentCompany(t: TestContext) {
  const res = await t.callAsAdmin<Company>({ method: 'GET', url: '/api/company' });
  const { updatedAt: _u, ...body } = res.envelope.data;
  return { ...body, companyName: body.companyName ?? 'Acme' };
}

/** A job with one position and a factor on it. */
async function newFactorOfJob(t: TestContext, type: 'PERCENTAGE' | 'FIXED', factor: number) {
  const job = await t.newJob();
  const position = await t.newPosition(job.id);
  return { job, position, factor: await t.newFactor(job.id, position.id, type, factor) };
}

/** Create and rename in a list whose records are a name only (jobs, grades, levels). */
function namedList(url: string, prefix: string, make: (db: Db) => Promise<{ id: number }>) {
  return {
    [`POST ${url}`]: async () => ({ method: 'POST', url, payload: { name: unique(prefix) } }),
    [`PUT ${url}/:id`]: async (t) => ({
      method: 'PUT',
      url: `${url}/${(await make(t.database.db)).id}`,
      payload: { name: unique(prefix) },
    }),
  } satisfies Record<string, BuildRequest>;
}

/** Four job evaluation scores, each 1–5. */
export const EVALUATION_SCORES = { skills: 3, effort: 2, responsibility: 4, workingConditions: 1 };
/** Each settings save changes a weight, so it is never a save of the same values. */
let evaluationSaves = 0;

/** A fresh job with a job evaluation score: its id. */
export async function scoredJob(t: TestContext): Promise<number> {
  const job = await t.newJob();
  await t.callAsAdmin({
    method: 'PUT',
    url: `/api/job-evaluation/jobs/${job.id}`,
    payload: EVALUATION_SCORES,
  });
  return job.id;
}

/** Keyed 'METHOD /path' as the app registers the route. */
export const WRITE_REQUESTS: Record<string, BuildRequest> = {
  ...namedList('/api/jobs', 'Job', newJob),
  ...namedList('/api/grades', 'Grade', newGrade),
  ...namedList('/api/levels', 'Level', newLevel),
  'POST /api/auth/users': async () => ({
    method: 'POST',
    url: '/api/auth/users',
    payload: {
      email: `${unique('n').replace(/\W/g, '')}@example.com`,
      name: 'New',
      password: 'Copper-violet-29',
    },
  }),
  'PUT /api/auth/users/:id': async (t) => ({
    method: 'PUT',
    url: `/api/auth/users/${await plainUser(t)}`,
    payload: { name: 'Renamed', permissions: { showSalary: true } },
  }),
  'DELETE /api/auth/users/:id': async (t) => ({
    method: 'DELETE',
    url: `/api/auth/users/${await plainUser(t)}`,
  }),
  'DELETE /api/auth/users/:id/sessions': async (t) => ({
    method: 'DELETE',
    url: `/api/auth/users/${await plainUser(t)}/sessions`,
  }),
  'DELETE /api/jobs/:id': async (t) => ({
    method: 'DELETE',
    url: `/api/jobs/${(await t.newJob()).id}`,
  }),
  'POST /api/positions': async (t) => ({
    method: 'POST',
    url: '/api/positions',
    payload: { name: unique('Position'), jobId: (await t.newJob()).id },
  }),
  'PUT /api/positions/:id': async (t) => {
    const job = await t.newJob();
    const p = await t.newPosition(job.id);
    return {
      method: 'PUT',
      url: `/api/positions/${p.id}`,
      payload: { name: unique('Position'), jobId: job.id },
    };
  },
  'DELETE /api/positions/:id': async (t) => {
    const p = await t.newPosition((await t.newJob()).id);
    return { method: 'DELETE', url: `/api/positions/${p.id}` };
  },
  'DELETE /api/grades/:id': async (t) => ({
    method: 'DELETE',
    url: `/api/grades/${(await t.newGrade()).id}`,
  }),
  'DELETE /api/levels/:id': async (t) => ({
    method: 'DELETE',
    url: `/api/levels/${(await t.newLevel()).id}`,
  }),
  'POST /api/levels/reorder': (t) => reorderRequest(t, 'levels', 100_000),
  'POST /api/grades/reorder': (t) => reorderRequest(t, 'grades', 100_000),
  'POST /api/base-salary': async (t) => ({
    method: 'POST',
    url: '/api/base-salary',
    payload: {
      gradeId: (await t.newGrade()).id,
      levelId: (await t.newLevel()).id,
      amount: 1000,
    },
  }),
  'PUT /api/base-salary/:id': async (t) => {
    const c = await t.newCompany(1000);
    return {
      method: 'PUT',
      url: `/api/base-salary/${c.baseSalary.id}`,
      payload: { gradeId: c.grade.id, levelId: c.level.id, amount: 1500 },
    };
  },
  'DELETE /api/base-salary/:id': async (t) => {
    const b = await t.newBaseSalary((await t.newGrade()).id, (await t.newLevel()).id, 1000);
    return { method: 'DELETE', url: `/api/base-salary/${b.id}` };
  },
  'POST /api/base-salary/bulk': async (t) => ({
    method: 'POST',
    url: '/api/base-salary/bulk',
    payload: {
      cells: [
        {
          gradeId: (await t.newGrade()).id,
          levelId: (await t.newLevel()).id,
          amount: 1200,
        },
      ],
    },
  }),
  'POST /api/adjustment-factors': async (t) => {
    const job = await t.newJob();
    const p = await t.newPosition(job.id);
    return {
      method: 'POST',
      url: '/api/adjustment-factors',
      payload: { jobId: job.id, positionId: p.id, factor: 0.1, type: 'PERCENTAGE' },
    };
  },
  'PUT /api/adjustment-factors/:id': async (t) => {
    const { job, position, factor } = await newFactorOfJob(t, 'FIXED', 100);
    return {
      method: 'PUT',
      url: `/api/adjustment-factors/${factor.id}`,
      payload: { jobId: job.id, positionId: position.id, factor: 150, type: 'FIXED' },
    };
  },
  'DELETE /api/adjustment-factors/:id': async (t) => ({
    method: 'DELETE',
    url: `/api/adjustment-factors/${(await newFactorOfJob(t, 'FIXED', 1)).factor.id}`,
  }),
  'PUT /api/settings': async (t) => {
    const body = await currentSettings(t);
    return {
      method: 'PUT',
      url: '/api/settings',
      payload: { ...body, experienceMultiplier: Number(body.experienceMultiplier) + 0.01 },
    };
  },
  'PUT /api/company': async (t) => {
    const body = await currentCompany(t);
    return {
      method: 'PUT',
      url: '/api/company',
      payload: { ...body, currency: body.currency === 'EUR' ? 'GBP' : 'EUR' },
    };
  },
  'POST /api/employees': async (t) => ({
    method: 'POST',
    url: '/api/employees',
    payload: await employeeForm(t),
  }),
  'PUT /api/employees/:id': async (t) => ({
    method: 'PUT',
    url: `/api/employees/${await existingEmployee(t)}`,
    payload: await employeeForm(t),
  }),
  'PUT /api/employees/:id/benefits': async (t) => ({
    method: 'PUT',
    url: `/api/employees/${await existingEmployee(t)}/benefits`,
    payload: { excludedBenefits: [] },
  }),
  'PUT /api/employees/:id/allowance': async (t) => ({
    method: 'PUT',
    url: `/api/employees/${await existingEmployee(t)}/allowance`,
    payload: { allowance: { type: 'FIXED', value: 100, reason: 'Retention' } },
  }),
  'DELETE /api/employees/:id': async (t) => ({
    method: 'DELETE',
    url: `/api/employees/${await existingEmployee(t)}`,
  }),
  'POST /api/employees/import': (t) => importRequest(t),
  'DELETE /api/scheduled-changes/:id': async (t) => ({
    method: 'DELETE',
    url: `/api/scheduled-changes/${await scheduledChange(t)}`,
  }),
  'POST /api/audit/:id/revert': async (t) => ({
    method: 'POST',
    url: `/api/audit/${(await importedOne(t)).entryId}/revert`,
  }),
  'PUT /api/job-evaluation/jobs/:id': async (t) => ({
    method: 'PUT',
    url: `/api/job-evaluation/jobs/${(await t.newJob()).id}`,
    payload: EVALUATION_SCORES,
  }),
  'DELETE /api/job-evaluation/jobs/:id': async (t) => ({
    method: 'DELETE',
    url: `/api/job-evaluation/jobs/${await scoredJob(t)}`,
  }),
  'PUT /api/job-evaluation/positions/:id': async (t) => ({
    method: 'PUT',
    url: `/api/job-evaluation/positions/${(await t.newPosition((await t.newJob()).id)).id}`,
    payload: EVALUATION_SCORES,
  }),
  'DELETE /api/job-evaluation/positions/:id': async (t) => {
    const position = await t.newPosition((await t.newJob()).id);
    await t.callAsAdmin({
      method: 'PUT',
      url: `/api/job-evaluation/positions/${position.id}`,
      payload: EVALUATION_SCORES,
    });
    return { method: 'DELETE', url: `/api/job-evaluation/positions/${position.id}` };
  },
  'PUT /api/job-evaluation/settings': async () => ({
    method: 'PUT',
    url: '/api/job-evaluation/settings',
    payload: {
      weights: { skills: 1 + (++evaluationSaves % 5), effort: 1, responsibility: 1, workingConditions: 1 },
      bandWidth: 1,
    },
  }),
  // The same route on other entries: see the access matrix's restore and revert rows.
  'PUT /api/pay-transparency/justifications': async (t) => {
    const c = await t.newCompany(3000);
    return {
      method: 'PUT',
      url: '/api/pay-transparency/justifications',
      payload: { categoryKind: 'job-grade', categoryKey: `${c.job.id}:${c.grade.id}`, text: 'Shift work' },
    };
  },
  'POST /api/pay-transparency/requests': async (t) => ({
    method: 'POST',
    url: '/api/pay-transparency/requests',
    payload: { employeeId: await existingEmployee(t), receivedOn: '2026-01-15', note: 'By email' },
  }),
  'PUT /api/pay-transparency/requests/:id': async (t) => ({
    method: 'PUT',
    url: `/api/pay-transparency/requests/${await existingPayRequest(t)}`,
    payload: { receivedOn: '2026-01-15', answeredOn: '2026-02-02' },
  }),
  'PUT /api/employees/:id/manager': async (t) => {
    const c = await t.newCompany(3000);
    const [id, managerId] = [await t.newEmployeeOf(c), await t.newEmployeeOf(c)];
    return { method: 'PUT', url: `/api/employees/${id}/manager`, payload: { managerId } };
  },
  'POST /api/raise-cycles': async (t) => ({
    method: 'POST',
    url: '/api/raise-cycles',
    payload: (await raiseCycleBody(t)).body,
  }),
  'PUT /api/raise-cycles/:id': async (t) => ({
    method: 'PUT',
    url: `/api/raise-cycles/${await existingRaiseCycle(t)}`,
    payload: (await raiseCycleBody(t)).body,
  }),
  'DELETE /api/raise-cycles/:id': async (t) => ({
    method: 'DELETE',
    url: `/api/raise-cycles/${await existingRaiseCycle(t)}`,
  }),
  'PUT /api/raise-cycles/:id/proposals': (t) => proposalsRequest(t, 'PUT', ''),
  'POST /api/raise-cycles/:id/proposals/preview': (t) => proposalsRequest(t, 'POST', '/preview'),
  // The administrator's export with one raise changed (2 % → 3 %): a real write.
  'POST /api/raise-cycles/:id/worksheet/import': async (t) => {
    const id = await existingRaiseCycle(t);
    const { book } = await exportedWorksheet(t, id);
    const [line] = (await worksheetOf(t, id)).rows;
    editRow(book, line!.employeeId, { [WORKSHEET_COLUMNS.value]: 3 });
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    return {
      method: 'POST',
      url: `/api/raise-cycles/${id}/worksheet/import`,
      ...upload(bytes, 'raise_worksheet.xlsx'),
    };
  },
  'POST /api/raise-cycles/:id/submit': async (t) => ({
    method: 'POST',
    url: `/api/raise-cycles/${await existingRaiseCycle(t)}/submit`,
  }),
  'POST /api/raise-cycles/:id/approve': async (t) => ({
    method: 'POST',
    url: `/api/raise-cycles/${await existingRaiseCycle(t, 'SUBMITTED')}/approve`,
  }),
  'POST /api/raise-cycles/:id/send-back': async (t) => ({
    method: 'POST',
    url: `/api/raise-cycles/${await existingRaiseCycle(t, 'SUBMITTED')}/send-back`,
    payload: { comment: 'Please check the budget' },
  }),
  'POST /api/raise-cycles/:id/apply': async (t) => ({
    method: 'POST',
    url: `/api/raise-cycles/${await existingRaiseCycle(t, 'APPROVED')}/apply`,
  }),
  'DELETE /api/pay-transparency/requests/:id': async (t) => ({
    method: 'DELETE',
    url: `/api/pay-transparency/requests/${await existingPayRequest(t)}`,
  }),
};

/** The request of a write route of WRITE_REQUESTS (throws naming an unknown one). */
export function writeRequest(route: string): BuildRequest {
  const build = WRITE_REQUESTS[route];
  if (!build) throw new Error(`no request for ${route} in WRITE_REQUESTS`);
  return build;
}
