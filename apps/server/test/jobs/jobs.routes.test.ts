import type { Job } from '@salary/shared/jobs/jobs.contract';
import type { Position } from '@salary/shared/positions/positions.contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adjustmentFactors, employees, jobs, positions } from '../../src/db/schema.ts';
import { expectAnswered, expectConflict, testAppForFile } from '../support/helper.ts';
import { expectDocumented, expectRefused, fieldsOf, rulesApi } from '../support/rules-api.ts';

const t = testAppForFile();

const jobsApi = rulesApi<Job>(() => t, '/api/jobs');
const factorsApi = rulesApi<{ jobId: number }>(() => t, '/api/adjustment-factors');
const createJob = (name: string) => jobsApi.create({ name });
const createPosition = (jobId: number, name: string) =>
  rulesApi<Position>(() => t, '/api/positions').create({ name, jobId });
const listJobs = (token?: string) => jobsApi.list(token);
/** Employees go straight into the table, as the real app would store them. */
const insertEmployees = (jobId: number, positionId: number, howMany: number) =>
  t.newEmployees({ jobId, positionId }, howMany);
const rowCount = (table: typeof jobs | typeof positions | typeof adjustmentFactors | typeof employees) =>
  t.countRows(table);

describe('jobs API', () => {
  it('lists jobs by name, each with its number of positions, to any signed-in user', async () => {
    const web = await createJob('Web Development');
    const data = await createJob('Data Science');
    await createPosition(web.id, 'Frontend');
    await createPosition(web.id, 'Backend');
    const { token } = await t.createUser();

    const list = await listJobs(token);
    const names = list.map((j) => j.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(list.find((j) => j.id === web.id)).toEqual({
      id: web.id,
      name: 'Web Development',
      _count: { positions: 2 },
      version: expect.any(Number),
    });
    expect(list.find((j) => j.id === data.id)).toEqual({
      id: data.id,
      name: 'Data Science',
      _count: { positions: 0 },
      version: expect.any(Number),
    });
  });

  it('creates a job with a trimmed name and answers it with no positions', async () => {
    const res = await jobsApi.post({ name: '  Quality Assurance  ' });
    expect(res.statusCode).toBe(201);
    expect(res.envelope).toMatchObject({ success: true, message: 'Job created successfully' });
    expect(res.envelope.data).toEqual({
      id: expect.any(Number),
      name: 'Quality Assurance',
      _count: { positions: 0 },
      version: expect.any(Number),
    });
    expect((await listJobs()).map((j) => j.name)).toContain('Quality Assurance');
  });

  it('requires a name of at most 100 characters', async () => {
    for (const [payload, message] of [
      [{}, 'Name is required'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ name: 42 }, 'Name must be text'],
    ] as const) {
      const res = await jobsApi.post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.envelope.message).toBe(message);
      expect(fieldsOf(res.envelope.data)).toEqual([{ field: 'name', message }]);
    }
  });

  it('refuses a second job with the same name in any letter case', async () => {
    await createJob('DevOps');
    const res = await jobsApi.post({ name: 'devops ' });
    expectConflict(res, 'A job named "DevOps" already exists');
    expect((await listJobs()).filter((j) => j.name.toLowerCase() === 'devops')).toHaveLength(1);
  });

  it('renames a job, keeping its positions count; may change only the letter case of its own name', async () => {
    const job = await createJob('Mobile');
    await createPosition(job.id, 'iOS');
    const res = await jobsApi.put(job.id, { name: 'Mobile Apps' });
    expectAnswered(res, 200, 'Job updated successfully', {
      id: job.id,
      name: 'Mobile Apps',
      _count: { positions: 1 },
      version: expect.any(Number),
    });

    const recased = await jobsApi.put(job.id, { name: 'MOBILE APPS' });
    expect(recased.statusCode).toBe(200);
    expect(recased.envelope.data.name).toBe('MOBILE APPS');
  });

  it('lets only one of two identical creates at the same moment win; the other gets the same 409', async () => {
    const results = await Promise.all([1, 2, 3].map(() => jobsApi.post({ name: 'Race' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.envelope.message).toBe('A job named "Race" already exists');
    expect((await listJobs()).filter((j) => j.name === 'Race')).toHaveLength(1);
  });

  it("refuses to rename a job to another job's name", async () => {
    await createJob('Security');
    const other = await createJob('Networking');
    const res = await jobsApi.put(other.id, { name: 'SECURITY' });
    expect(res.statusCode).toBe(409);
    expect(res.envelope.message).toBe('A job named "Security" already exists');
    expect((await listJobs()).find((j) => j.id === other.id)?.name).toBe('Networking');
  });

  it('answers 404 for an unknown job and 400 for a non-numeric id', async () => {
    await jobsApi.expectNotFound('Job', { name: 'X' });
    const bad = await jobsApi.delete('abc');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.envelope.data)[0]?.field).toBe('params.id');
  });

  it('deletes a job without employees together with its positions and their factors', async () => {
    const job = await createJob('Design');
    const ux = await createPosition(job.id, 'UX');
    await createPosition(job.id, 'UI');
    const factor = await t.callAsAdmin({
      method: 'POST',
      url: '/api/adjustment-factors',
      payload: { jobId: job.id, positionId: ux.id, factor: 0.1, type: 'PERCENTAGE' },
    });
    expect(factor.statusCode, factor.body).toBe(201);

    await jobsApi.remove(job.id, 'Job deleted successfully');

    expect((await listJobs()).some((j) => j.id === job.id)).toBe(false);
    const left = await t.callAsAdmin<Position[]>({ method: 'GET', url: `/api/positions?jobId=${job.id}` });
    expect(left.envelope.data).toEqual([]);
    expect((await factorsApi.list()).some((f) => f.jobId === job.id)).toBe(false);
  });

  it('refuses to delete a job employees are assigned to, saying how many, and deletes nothing', async () => {
    const job = await createJob('Support');
    const agent = await createPosition(job.id, 'Agent');
    await createPosition(job.id, 'Lead');
    await t.callAsAdmin({
      method: 'POST',
      url: '/api/adjustment-factors',
      payload: { jobId: job.id, positionId: agent.id, factor: 150, type: 'FIXED' },
    });
    await insertEmployees(job.id, agent.id, 3);
    const before = await Promise.all([jobs, positions, adjustmentFactors, employees].map(rowCount));

    const res = await jobsApi.delete(job.id);
    expectConflict(res, 'Cannot delete job "Support": 3 employees are assigned to it');
    expect(await Promise.all([jobs, positions, adjustmentFactors, employees].map(rowCount))).toEqual(before);
    expect((await listJobs()).find((j) => j.id === job.id)).toEqual({
      id: job.id,
      name: 'Support',
      _count: { positions: 2 },
      version: expect.any(Number),
    });

    const single = await createJob('Sales');
    const rep = await createPosition(single.id, 'Representative');
    await insertEmployees(single.id, rep.id, 1);
    const one = await jobsApi.delete(single.id);
    expect(one.statusCode).toBe(409);
    expect(one.envelope.message).toBe('Cannot delete job "Sales": 1 employee is assigned to it');
    const [stillThere] = await t.database.db.select().from(jobs).where(eq(jobs.id, single.id));
    expect(stillThere?.name).toBe('Sales');
  });

  it('lets a manageSettings user write, refuses a showSettings-only user (403) and changes nothing', async () => {
    const job = await createJob('Finance');
    const viewer = await t.createUser({ showSettings: true, showSalary: true, manageEmployee: true });
    await expectRefused(
      t,
      viewer.token,
      [
        { method: 'POST', url: '/api/jobs', payload: { name: 'Sneaky' } },
        { method: 'PUT', url: `/api/jobs/${job.id}`, payload: { name: 'Renamed' } },
        { method: 'DELETE', url: `/api/jobs/${job.id}` },
      ],
      'You do not have permission to change settings',
    );
    const names = (await listJobs(viewer.token)).map((j) => j.name);
    expect(names).toContain('Finance');
    expect(names).not.toContain('Sneaky');

    const manager = await t.createUser({ manageSettings: true });
    const created = await jobsApi.post({ name: 'Legal' }, manager.token);
    expect(created.statusCode).toBe(201);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call({ method: 'GET', url: '/api/jobs' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/jobs', payload: { name: 'X' } })).statusCode).toBe(401);
    expect((await t.call({ method: 'DELETE', url: '/api/jobs/1' })).statusCode).toBe(401);
  });
  it('describes its calls in the OpenAPI document at /api/docs', async () => {
    await expectDocumented(t, 'jobs', {
      '/api/jobs': ['get', 'post'],
      '/api/jobs/{id}': ['delete', 'put'],
    });
  });
});
