import type { FieldProblem } from '@salary/shared/common/envelope';
import { expect } from 'vitest';
import type { TestContext } from './helper.ts';

/*
 * What the route tests of the six rule lists share: calling one list's URL as the admin (or
 * anyone), the 403 sweep over its writes, and its entry in the OpenAPI document. `t` is
 * read on each call, so the helpers can be built before `beforeAll` fills it.
 */

type Method = 'POST' | 'PUT' | 'DELETE';
export interface WriteRequest {
  method: Method;
  url: string;
  payload?: object;
}

export const fieldsOf = (body: unknown) => (body as { fields: FieldProblem[] }).fields;

export function rulesApi<T>(context: () => TestContext, url: string) {
  const t = context;
  const api = {
    post: (payload: object, token = t().adminToken) => t().call<T>({ method: 'POST', url, token, payload }),
    put: (id: number | string, payload: object, token = t().adminToken) =>
      t().call<T>({ method: 'PUT', url: `${url}/${id}`, token, payload }),
    delete: (id: number | string, token = t().adminToken) =>
      t().call({ method: 'DELETE', url: `${url}/${id}`, token }),
    /** Creates through the API and answers the created item (201 expected). */
    async create(payload: object): Promise<T> {
      const res = await api.post(payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.envelope.data;
    },
    /** Deletes through the API: a 200 saying `message`, with no data. */
    async remove(id: number | string, message: string) {
      const res = await api.delete(id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.envelope).toMatchObject({ success: true, message, data: null });
    },
    /** A rename (with `payload`) and a delete of an id no row has: each a 404 "<noun> not found". */
    async expectNotFound(noun: string, payload: object) {
      for (const res of [await api.put(999_999, payload), await api.delete(999_999)]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.envelope.message).toBe(`${noun} not found`);
      }
    },
    /** The list as `token` sees it (200 expected); `query` as in '?jobId=3'. */
    async list(token = t().adminToken, query = ''): Promise<T[]> {
      const res = await t().call<T[]>({ method: 'GET', url: `${url}${query}`, token });
      expect(res.statusCode, res.body).toBe(200);
      return res.envelope.data;
    },
  };
  return api;
}

/**
 * `res` is a 400 whose fields are exactly `problems`, in order (`including`: at least these);
 * `context` labels a failure (the answer's body unless given).
 */
export function expectFieldProblems(
  res: { statusCode: number; body: string; envelope: { data: unknown } },
  problems: FieldProblem[],
  { including = false, context = res.body }: { including?: boolean; context?: string } = {},
) {
  expect(res.statusCode, context).toBe(400);
  expect(fieldsOf(res.envelope.data), context).toEqual(
    including ? expect.arrayContaining(problems) : problems,
  );
}

/** Every request answers 403 to `token` (with `message`, when given). */
export async function expectRefused(
  t: TestContext,
  token: string,
  requests: WriteRequest[],
  message?: string,
) {
  for (const req of requests) {
    const res = await t.call({ ...req, token });
    expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
    if (message) expect(res.envelope).toMatchObject({ success: false, message });
  }
}

/** The OpenAPI document lists exactly these paths and methods under `tag`, each with a summary. */
export async function expectDocumented(t: TestContext, tag: string, paths: Record<string, string[]>) {
  const res = await t.call({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = JSON.parse(res.body) as {
    paths: Record<string, Record<string, { tags: string[]; summary: string }>>;
  };
  const documented = Object.entries(doc.paths)
    .filter(([, ops]) => Object.values(ops).some((op) => op.tags?.includes(tag)))
    .map(([p, ops]) => [p, Object.keys(ops).sort()]);
  expect(Object.fromEntries(documented)).toEqual(paths);
  for (const [, ops] of Object.entries(doc.paths).filter(([p]) => p in paths))
    for (const op of Object.values(ops)) expect(op.summary).toBeTruthy();
}

/** Base salary `id` as GET /api/base-salary lists it: its amount and the version to save at. */
async function listedBaseSalary(t: TestContext, id: number) {
  const rows = await t.callAsAdmin<Array<{ id: number; amount: number; version: number }>>({
    method: 'GET',
    url: '/api/base-salary',
  });
  return rows.envelope.data.find((b) => b.id === id)!;
}

/** PUT /api/base-salary/{id} from `day` at the version listed now: a dated save that does not race. */
export async function saveBaseSalaryFrom(
  t: TestContext,
  id: number,
  body: { gradeId: number; levelId: number; amount: number },
  day: string,
) {
  const { version } = await listedBaseSalary(t, id);
  return t.callAsAdmin({
    method: 'PUT',
    url: `/api/base-salary/${id}?effectiveFrom=${day}`,
    payload: { ...body, version },
  });
}
