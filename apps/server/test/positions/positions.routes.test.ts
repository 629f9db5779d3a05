import type { Job } from '@salary/shared/jobs/jobs.contract';
import type { Position } from '@salary/shared/positions/positions.contract';
import { describe, expect, it } from 'vitest';
import { adjustmentFactors, employees, positions } from '../../src/db/schema.ts';
import { expectAnswered, testAppForFile } from '../support/helper.ts';
import { expectDocumented, expectFieldProblems, expectRefused, rulesApi } from '../support/rules-api.ts';

const t = testAppForFile();

const positionsApi = rulesApi<Position>(() => t, '/api/positions');
const createJob = (name: string) => rulesApi<Job>(() => t, '/api/jobs').create({ name });
const createPosition = (jobId: number, name: string) => positionsApi.create({ name, jobId });
const listPositions = (query = '', token?: string) => positionsApi.list(token, query);
const factorsApi = rulesApi<{ jobId: number; positionId: number }>(() => t, '/api/adjustment-factors');
const addFactor = (jobId: number, positionId: number) =>
  factorsApi.create({
    jobId,
    positionId,
    factor: 0.05,
    type: 'PERCENTAGE',
  });
/** Employees go straight into the table. */
const insertEmployees = (jobId: number, positionId: number, howMany: number) =>
  t.newEmployees({ jobId, positionId }, howMany);
const rowCount = (table: typeof positions | typeof adjustmentFactors | typeof employees) =>
  t.countRows(table);

describe('positions API', () => {
  it('lists the positions of one job by name, with the job, to any signed-in user', async () => {
    const web = await createJob('Web');
    const other = await createJob('Embedded');
    const frontend = await createPosition(web.id, 'Frontend');
    const backend = await createPosition(web.id, 'backend');
    await createPosition(other.id, 'Firmware');
    const { token } = await t.createUser();

    expect(await listPositions(`?jobId=${web.id}`, token)).toEqual([
      {
        id: backend.id,
        name: 'backend',
        jobId: web.id,
        job: { id: web.id, name: 'Web' },
        version: expect.any(Number),
      },
      {
        id: frontend.id,
        name: 'Frontend',
        jobId: web.id,
        job: { id: web.id, name: 'Web' },
        version: expect.any(Number),
      },
    ]);
  });

  it('lists every position without a job filter (absent or empty) and none for an unknown job', async () => {
    const job = await createJob('Analytics');
    await createPosition(job.id, 'Analyst');
    for (const query of ['', '?jobId=']) {
      const all = await listPositions(query);
      expect(all.map((p) => p.job.name)).toEqual(expect.arrayContaining(['Web', 'Embedded', 'Analytics']));
    }
    expect(await listPositions('?jobId=999999')).toEqual([]);
    const bad = await t.callAsAdmin({ method: 'GET', url: '/api/positions?jobId=abc' });
    expectFieldProblems(bad, [{ field: 'querystring.jobId', message: 'Job must be a valid id' }]);
  });

  it('creates a position and answers it with its job', async () => {
    const job = await createJob('Cloud');
    const res = await positionsApi.post({ name: ' Architect ', jobId: job.id });
    expectAnswered(res, 201, 'Position created successfully', {
      id: expect.any(Number),
      name: 'Architect',
      jobId: job.id,
      job: { id: job.id, name: 'Cloud' },
      version: expect.any(Number),
    });
  });

  it('requires a name and a job, and the job must exist', async () => {
    const res = await positionsApi.post({ name: '' });
    expectFieldProblems(
      res,
      [
        { field: 'name', message: 'Name is required' },
        { field: 'jobId', message: 'Job is required' },
      ],
      { including: true },
    );
    const unknownJob = await positionsApi.post({ name: 'Orphan', jobId: 999999 });
    expectFieldProblems(unknownJob, [{ field: 'jobId', message: 'Job not found' }]);
    expect(unknownJob.envelope.message).toBe('Job not found');
  });

  it('keeps position names unique within a job, in any letter case, but allows them across jobs', async () => {
    const a = await createJob('Platform');
    const b = await createJob('Product');
    await createPosition(a.id, 'Engineer');
    const dup = await positionsApi.post({ name: 'ENGINEER', jobId: a.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.message).toBe('A position named "Engineer" already exists in job "Platform"');
    await createPosition(b.id, 'Engineer');
    expect((await listPositions(`?jobId=${a.id}`)).map((p) => p.name)).toEqual(['Engineer']);
  });

  it('renames a position and moves an unused one to another job', async () => {
    const from = await createJob('Games');
    const to = await createJob('Graphics');
    const position = await createPosition(from.id, 'Shader Dev');
    const res = await positionsApi.put(position.id, { name: 'Shader Developer', jobId: to.id });
    expectAnswered(res, 200, 'Position updated successfully', {
      id: position.id,
      name: 'Shader Developer',
      jobId: to.id,
      job: { id: to.id, name: 'Graphics' },
      version: expect.any(Number),
    });
    expect(await listPositions(`?jobId=${from.id}`)).toEqual([]);

    const taken = await createPosition(to.id, 'Tools');
    const dup = await positionsApi.put(taken.id, { name: 'shader developer', jobId: to.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.message).toBe('A position named "Shader Developer" already exists in job "Graphics"');
  });

  it('refuses to move a position that employees or a factor use with its job, and keeps it', async () => {
    const from = await createJob('Infra');
    const to = await createJob('Ops');
    const sre = await createPosition(from.id, 'SRE');
    await insertEmployees(from.id, sre.id, 2);
    await addFactor(from.id, sre.id);
    const res = await positionsApi.put(sre.id, { name: 'SRE', jobId: to.id });
    expect(res.statusCode).toBe(409);
    expect(res.envelope.message).toBe(
      'Cannot move position "SRE" from job "Infra" to job "Ops": 2 employees are assigned to it and it has an adjustment factor',
    );
    const onlyFactor = await createPosition(from.id, 'NetOps');
    await addFactor(from.id, onlyFactor.id);
    const second = await positionsApi.put(onlyFactor.id, { name: 'NetOps', jobId: to.id });
    expect(second.statusCode).toBe(409);
    expect(second.envelope.message).toBe(
      'Cannot move position "NetOps" from job "Infra" to job "Ops": it has an adjustment factor',
    );
    expect((await listPositions(`?jobId=${from.id}`)).map((p) => p.name)).toEqual(['NetOps', 'SRE']);

    // Renaming in place stays possible while in use.
    const rename = await positionsApi.put(sre.id, { name: 'Site Reliability', jobId: from.id });
    expect(rename.statusCode).toBe(200);
    expect(rename.envelope.data.name).toBe('Site Reliability');
  });

  it('deletes a position together with its adjustment factor', async () => {
    const job = await createJob('Research');
    const scientist = await createPosition(job.id, 'Scientist');
    await addFactor(job.id, scientist.id);
    await positionsApi.remove(scientist.id, 'Position deleted successfully');
    expect(await listPositions(`?jobId=${job.id}`)).toEqual([]);
    expect((await factorsApi.list()).some((f) => f.positionId === scientist.id)).toBe(false);
  });

  it('refuses to delete a position employees are assigned to, saying how many, and deletes nothing', async () => {
    const job = await createJob('Content');
    const writer = await createPosition(job.id, 'Writer');
    await addFactor(job.id, writer.id);
    await insertEmployees(job.id, writer.id, 4);
    const before = await Promise.all([positions, adjustmentFactors, employees].map(rowCount));
    const res = await positionsApi.delete(writer.id);
    expect(res.statusCode).toBe(409);
    expect(res.envelope).toMatchObject({
      error: 'CONFLICT',
      message: 'Cannot delete position "Writer": 4 employees are assigned to it',
    });
    expect(await Promise.all([positions, adjustmentFactors, employees].map(rowCount))).toEqual(before);
    expect((await listPositions(`?jobId=${job.id}`)).map((p) => p.name)).toEqual(['Writer']);
  });

  it('answers 404 for an unknown position and 400 for a non-numeric id', async () => {
    const job = await createJob('Misc');
    await positionsApi.expectNotFound('Position', { name: 'X', jobId: job.id });
    expect((await positionsApi.put('x', {})).statusCode).toBe(400);
  });

  it('refuses writes without manageSettings (403), changes nothing, and needs a token (401)', async () => {
    const job = await createJob('Admin');
    const position = await createPosition(job.id, 'Clerk');
    const viewer = await t.createUser({ showSettings: true });
    await expectRefused(t, viewer.token, [
      { method: 'POST', url: '/api/positions', payload: { name: 'Sneaky', jobId: job.id } },
      { method: 'PUT', url: `/api/positions/${position.id}`, payload: { name: 'Renamed', jobId: job.id } },
      { method: 'DELETE', url: `/api/positions/${position.id}` },
    ]);
    expect((await listPositions(`?jobId=${job.id}`, viewer.token)).map((p) => p.name)).toEqual(['Clerk']);
    const manager = await t.createUser({ manageSettings: true });
    const ok = await positionsApi.put(position.id, { name: 'Senior Clerk', jobId: job.id }, manager.token);
    expect(ok.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/positions' })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/api/positions', payload: { name: 'X', jobId: job.id } }))
        .statusCode,
    ).toBe(401);
  });
  it('describes its calls in the OpenAPI document at /api/docs', async () => {
    await expectDocumented(t, 'positions', {
      '/api/positions': ['get', 'post'],
      '/api/positions/{id}': ['delete', 'put'],
    });
  });
});
