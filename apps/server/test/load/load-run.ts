import autocannon from 'autocannon';
import { api } from '../support/server-process.ts';

export interface LoadResult {
  requests: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  p50: number;
  p99: number;
  rps: number;
}

/**
 * Signed-in users mixing the everyday calls — list employees, calculate, update an
 * employee, read settings — against a running server on 127.0.0.1, for a bounded time.
 * Needs the demo company (or any data with employees) and an admin account.
 */
export async function runLoad(options: {
  baseURL: string;
  admin: { email: string; password: string };
  users: number;
  seconds: number;
}): Promise<LoadResult> {
  const { baseURL } = options;
  if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(baseURL))
    throw new Error('load only targets 127.0.0.1');
  const adminToken = (await api<{ token: string }>(baseURL, 'POST', '/auth/login', { body: options.admin }))
    .body.data.token;
  const stamp = Date.now();
  const tokens: string[] = [];
  for (let i = 0; i < options.users; i++) {
    const email = `load-${stamp}-${i}@example.com`;
    const created = await api(baseURL, 'POST', '/auth/users', {
      token: adminToken,
      body: {
        email,
        name: `Load user ${i}`,
        password: 'Lantern-quarry-73',
        permissions: { showSalary: true, showCost: true, manageEmployee: true },
      },
    });
    if (created.status !== 201)
      throw new Error(`could not create load user: ${JSON.stringify(created.body)}`);
    tokens.push(
      (
        await api<{ token: string }>(baseURL, 'POST', '/auth/login', {
          body: { email, password: 'Lantern-quarry-73' },
        })
      ).body.data.token,
    );
  }
  const employees = (
    await api<Array<Record<string, unknown> & { id: number }>>(baseURL, 'GET', '/employees', {
      token: adminToken,
    })
  ).body.data;
  if (employees.length === 0) throw new Error('load needs employees (start the server with --demo)');

  let counter = 0;
  const authFor = () => ({
    authorization: `Bearer ${tokens[counter++ % tokens.length]}`,
    'content-type': 'application/json',
  });
  const formOf = (e: Record<string, unknown>) => ({
    name: e.name,
    technologyId: e.technologyId,
    specializationId: e.specializationId,
    gradeId: e.gradeId,
    levelId: e.levelId,
    yearsExperience: e.yearsExperience,
    yearsWithCompany: e.yearsWithCompany,
    offshoreProject: e.offshoreProject,
    actingAsDifferentGrade: e.actingAsDifferentGrade,
    pillar: e.pillar,
    remote: e.remote,
    customMultipliers: JSON.stringify(e.customMultipliers),
  });

  const result = await autocannon({
    url: baseURL,
    connections: options.users,
    duration: options.seconds,
    timeout: 30,
    requests: [
      { method: 'GET', path: '/api/employees', setupRequest: (req) => ({ ...req, headers: authFor() }) },
      {
        method: 'POST',
        path: '/api/calculate',
        setupRequest: (req) => {
          const e = employees[counter % employees.length]!;
          return {
            ...req,
            headers: authFor(),
            body: JSON.stringify({
              jobId: e.technologyId,
              positionId: e.specializationId,
              gradeId: e.gradeId,
              levelId: e.levelId,
              yearsExperience: e.yearsExperience,
              yearsWithCompany: e.yearsWithCompany,
            }),
          };
        },
      },
      {
        method: 'PUT',
        setupRequest: (req) => {
          const e = employees[counter % employees.length]!;
          return {
            ...req,
            path: `/api/employees/${e.id}`,
            headers: authFor(),
            body: JSON.stringify(formOf(e)),
          };
        },
      },
      { method: 'GET', path: '/api/settings', setupRequest: (req) => ({ ...req, headers: authFor() }) },
    ],
  });
  return {
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
  };
}
