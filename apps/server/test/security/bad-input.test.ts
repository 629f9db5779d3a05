import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSettings } from '../support/factories.ts';
import { ADMIN, buildTestApp, type TestContext } from '../support/helper.ts';
import { snapshot } from '../support/snapshot.ts';

/*
 * The bad-input sweep: every route with a body, query or path parameter gets values that
 * must be refused. Every answer is a 4xx envelope with a message — never a 5xx — and the
 * database is exactly as before afterwards.
 */

type Kind =
  | 'name'
  | 'id'
  | 'money'
  | 'signed'
  | 'years'
  | 'bool'
  | 'enum'
  | 'email'
  | 'password'
  | 'jsonList'
  | 'permissions'
  | 'order';

const HUGE = 'x'.repeat(100_000);
const NOT_OBJECTS: unknown[] = [[], [1, 2], {}, { nested: { deep: true } }];
/** Not Unicode text: lone UTF-16 surrogates, which JSON can carry ("\ud800"). */
const BROKEN_TEXT = ['\ud800', 'Ab\udc00cd'];
/** Numbers past what a database id (a 32-bit integer) holds. */
const OUT_OF_RANGE = ['99999999999999999999', 1e20, 2_147_483_648];

const BAD: Record<Kind, unknown[]> = {
  name: [null, 123, true, '', '   ', HUGE, ...BROKEN_TEXT, ...NOT_OBJECTS],
  id: [
    null,
    'abc',
    -1,
    0,
    1.5,
    2 ** 40,
    ...OUT_OF_RANGE,
    '',
    '1; DROP TABLE jobs',
    "1' OR '1'='1",
    true,
    ...NOT_OBJECTS,
  ],
  money: [-1, 'abc', 1e308, -1e308, 1.234, 'NaN', 'Infinity', null, true, ...NOT_OBJECTS],
  signed: ['abc', 1e308, -1e308, 1.23456, 'Infinity', '-Infinity', null, true, ...NOT_OBJECTS],
  years: [-1, 101, 'abc', 1e308, 1.234, 'NaN', true, ...NOT_OBJECTS],
  bool: ['maybe', 2, -1, ...NOT_OBJECTS],
  enum: ['BOGUS', 'percentage ', 1, null, '', true, ...NOT_OBJECTS],
  email: [
    'not-an-email',
    'a\ud800@example.com',
    1,
    '',
    `${'a'.repeat(300)}@example.com`,
    null,
    ...NOT_OBJECTS,
  ],
  password: ['', 1, null, 'Kettle-\ud800-harbor-58', 'x'.repeat(2000), ...NOT_OBJECTS],
  jsonList: ['{not json', '[1,2', 42, 'null', '{"a":1}', true],
  order: [-1, 1.5, 'abc', true, 2 ** 40, ...NOT_OBJECTS],
  permissions: [null, 'all', 1, true, [], { showSalary: 'yes' }, { manageEmployee: 1 }],
};

interface BodyRoute {
  name: string;
  method: 'POST' | 'PUT';
  url: string;
  valid: Record<string, unknown>;
  fields: Record<string, Kind>;
  /** Fields whose bad values some kinds share with valid ones are skipped per value here. */
  token?: 'admin' | 'user';
}

let t: TestContext;
let routes: BodyRoute[];

/** The create (POST `url`) and the update (PUT `url`/`id`) of one kind of record: the same body. */
const createAndUpdate = (
  noun: string,
  url: string,
  id: number,
  valid: BodyRoute['valid'],
  fields: BodyRoute['fields'],
): BodyRoute[] => [
  { name: `create ${noun}`, method: 'POST', url, valid, fields },
  { name: `update ${noun}`, method: 'PUT', url: `${url}/${id}`, valid, fields },
];
let ids: Record<string, number>;
let before: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const c = await t.newCompany(3000);
  const factor = await t.newFactor(c.job.id, c.position.id, 'PERCENTAGE', 0.1);
  const employee = await t.newEmployeeOf(c);
  const user = await t.createUser({ showSalary: true });
  ids = {
    job: c.job.id,
    position: c.position.id,
    grade: c.grade.id,
    level: c.level.id,
    base: c.baseSalary.id,
    factor: factor.id,
    employee,
    user: user.user.id,
  };
  const settingsBody = { ...newSettings(), version: 1 };

  const employeeBody = {
    name: 'Valid Person',
    technologyId: ids.job,
    specializationId: ids.position,
    gradeId: ids.grade,
    levelId: ids.level,
    yearsExperience: 1,
    yearsWithCompany: 1,
    offshoreProject: false,
    actingAsDifferentGrade: false,
    pillar: false,
    remote: false,
  };
  const employeeFields: Record<string, Kind> = {
    name: 'name',
    technologyId: 'id',
    specializationId: 'id',
    gradeId: 'id',
    levelId: 'id',
    yearsExperience: 'years',
    yearsWithCompany: 'years',
    offshoreProject: 'bool',
    actingAsDifferentGrade: 'bool',
    pillar: 'bool',
    remote: 'bool',
    customMultipliers: 'jsonList',
  };
  const base = { gradeId: ids.grade, levelId: ids.level, amount: 100 };
  const factorBody = { jobId: ids.job, positionId: ids.position, factor: 0.2, type: 'PERCENTAGE' };
  const calc = { jobId: ids.job, positionId: ids.position, gradeId: ids.grade, levelId: ids.level };

  routes = [
    {
      name: 'login',
      method: 'POST',
      url: '/api/auth/login',
      valid: { email: ADMIN.email, password: 'wrong-password' },
      fields: { email: 'email', password: 'password' },
    },
    {
      name: 'change password',
      method: 'POST',
      url: '/api/auth/change-password',
      valid: { currentPassword: 'x', newPassword: 'long-enough-1' },
      fields: { currentPassword: 'password', newPassword: 'password' },
    },
    {
      name: 'create user',
      method: 'POST',
      url: '/api/auth/users',
      valid: { email: 'sweep@example.com', name: 'Sweep', password: 'password-123', permissions: {} },
      fields: { email: 'email', name: 'name', password: 'password', permissions: 'permissions' },
    },
    {
      name: 'update user',
      method: 'PUT',
      url: `/api/auth/users/${ids.user}`,
      valid: { name: 'N', permissions: {} },
      fields: { name: 'name', permissions: 'permissions' },
    },
    ...createAndUpdate('job', '/api/jobs', ids.job!, { name: 'Sweep job' }, { name: 'name' }),
    ...createAndUpdate(
      'position',
      '/api/positions',
      ids.position!,
      { name: 'Sweep', jobId: ids.job },
      { name: 'name', jobId: 'id' },
    ),
    {
      name: 'create grade',
      method: 'POST',
      url: '/api/grades',
      valid: { name: 'Sweep grade' },
      fields: { name: 'name', order: 'order' },
    },
    {
      name: 'reorder grades',
      method: 'POST',
      url: '/api/grades/reorder',
      valid: { grades: [{ id: ids.grade, order: 0 }] },
      fields: { grades: 'name' },
    },
    ...createAndUpdate('level', '/api/levels', ids.level!, { name: 'Sweep level' }, { name: 'name' }),
    ...createAndUpdate('base salary', '/api/base-salary', ids.base!, base, {
      gradeId: 'id',
      levelId: 'id',
      amount: 'money',
    }),
    ...createAndUpdate('adjustment factor', '/api/adjustment-factors', ids.factor!, factorBody, {
      jobId: 'id',
      positionId: 'id',
      factor: 'signed',
      type: 'enum',
    }),
    {
      name: 'save settings',
      method: 'PUT',
      url: '/api/settings',
      valid: settingsBody,
      fields: {
        experienceMultiplier: 'signed',
        experienceMultiplierType: 'enum',
        remoteMultiplier: 'signed',
        socialInsuranceType: 'enum',
        companyInsurancePercentage: 'money',
        totalInsurancePercentage: 'money',
        benefits: 'jsonList',
        customMultipliers: 'jsonList',
        version: 'id',
      },
    },
    {
      name: 'calculate',
      method: 'POST',
      url: '/api/calculate',
      valid: calc,
      fields: {
        jobId: 'id',
        positionId: 'id',
        gradeId: 'id',
        levelId: 'id',
        yearsExperience: 'years',
        pillar: 'bool',
        benefits: 'jsonList',
        customMultipliers: 'jsonList',
      },
    },
    ...createAndUpdate('employee', '/api/employees', ids.employee!, employeeBody, employeeFields),
  ];
  before = await snapshot(db);
});
afterAll(async () => t.close());

function expectRefused(res: { statusCode: number; body: string }, context: string) {
  expect(res.statusCode, `${context}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${context}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const envelope = JSON.parse(res.body) as { success: boolean; message: unknown; data: unknown };
  expect(envelope.success, context).toBe(false);
  expect(typeof envelope.message === 'string' && envelope.message.length > 0, context).toBe(true);
  expect(res.body, context).not.toMatch(/\bat .+\.ts:\d+|node_modules|DrizzleQueryError|syntax error at/);
}

describe('bad input is refused with a 4xx envelope and writes nothing', () => {
  it('refuses every bad value in every body field', async () => {
    let calls = 0;
    for (const route of routes) {
      for (const [field, kind] of Object.entries(route.fields)) {
        for (const value of BAD[kind]) {
          // The stale-version guard must also be met by a wrong version; skip values it could accept.
          const payload = { ...route.valid, [field]: value };
          const res = await t.callAsAdmin({ method: route.method, url: route.url, payload });
          expectRefused(res, `${route.name} ${field}=${JSON.stringify(value)?.slice(0, 40)}`);
          calls++;
        }
        const missing: Record<string, unknown> = { ...route.valid };
        delete missing[field];
        const optional = [
          'order',
          'customMultipliers',
          'benefits',
          'yearsExperience',
          'pillar',
          'version',
          'permissions',
          'offshoreProject',
          'actingAsDifferentGrade',
          'remote',
        ];
        if (!optional.includes(field)) {
          const res = await t.callAsAdmin({ method: route.method, url: route.url, payload: missing });
          expectRefused(res, `${route.name} without ${field}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(500);
    expect(await snapshot(t.database.db)).toBe(before);
  });

  it('refuses bodies of the wrong shape, broken JSON, wrong content types and oversized bodies', async () => {
    for (const route of routes) {
      for (const payload of ['[]', '"text"', 'null', '42', '{"name": ', '{"__proto__": {"isAdmin": true}}']) {
        const res = await t.callAsAdmin({
          method: route.method,
          url: route.url,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expectRefused(res, `${route.name} body ${payload}`);
      }
      const text = await t.callAsAdmin({
        method: route.method,
        url: route.url,
        payload: 'name=x',
        headers: { 'content-type': 'text/plain' },
      });
      expectRefused(text, `${route.name} text/plain`);
      expect(text.statusCode).toBe(415);
    }
    const big = await t.callAsAdmin({
      method: 'POST',
      url: '/api/jobs',
      payload: JSON.stringify({ name: 'x'.repeat(20 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expectRefused(big, '20 MB body');
    expect(big.statusCode).toBe(413);
    expect(await snapshot(t.database.db)).toBe(before);
  });

  it('refuses malformed path ids and query values', async () => {
    const badIds = [
      'abc',
      '-1',
      '0',
      '1.5',
      '99999999999',
      '99999999999999999999',
      '1%20OR%201=1',
      '%27%3B%20DROP%20TABLE%20jobs%3B--',
    ];
    const paths = [
      ['GET', '/api/employees/'],
      ['PUT', '/api/employees/'],
      ['DELETE', '/api/employees/'],
      ['PUT', '/api/jobs/'],
      ['DELETE', '/api/jobs/'],
      ['PUT', '/api/positions/'],
      ['DELETE', '/api/positions/'],
      ['PUT', '/api/grades/'],
      ['PUT', '/api/levels/'],
      ['PUT', '/api/base-salary/'],
      ['DELETE', '/api/base-salary/'],
      ['PUT', '/api/adjustment-factors/'],
      ['DELETE', '/api/adjustment-factors/'],
      ['PUT', '/api/auth/users/'],
      ['DELETE', '/api/auth/users/'],
    ] as const;
    for (const [method, prefix] of paths)
      for (const id of badIds) {
        const res = await t.callAsAdmin({
          method,
          url: `${prefix}${id}`,
          payload: method === 'PUT' ? {} : undefined,
        } as InjectOptions & { token: string });
        expectRefused(res, `${method} ${prefix}${id}`);
      }
    for (const query of [
      'technologyId=abc',
      'positionId=-1',
      'gradeId=1.5',
      'levelId=1e99',
      'salaryFrom=abc',
      'salaryTo=-5',
      'salaryFrom=Infinity',
      'technologyId=1&technologyId=2',
      'salaryFrom=9&salaryTo=1',
    ])
      expectRefused(
        await t.callAsAdmin({ method: 'GET', url: `/api/employees?${query}` }),
        `employees ?${query}`,
      );
    for (const query of [
      'actor=99999999999999999999',
      'actor=2147483648',
      'before=99999999999999999999',
      'before=abc',
      'entityId=%00',
      'limit=99999999999999999999',
    ]) {
      const res = await t.callAsAdmin({ method: 'GET', url: `/api/audit?${query}` });
      expectRefused(res, `audit ?${query}`);
      expect(res.statusCode, `audit ?${query}`).toBe(400);
      const field = `querystring.${query.split('=')[0]}`;
      expect(res.body, `audit ?${query} names ${field}`).toContain(`"field":"${field}"`);
    }
    // A job posting's pay range (and its PDF): each parameter replaced by a bad value.
    const posting: Record<string, string> = {
      jobId: String(ids.job),
      positionId: String(ids.position),
      gradeId: String(ids.grade),
      levelIds: String(ids.level),
    };
    for (const [field, bad] of [
      ['jobId', 'abc'],
      ['positionId', '-1'],
      ['gradeId', '1.5'],
      ['jobId', '99999999999999999999'],
      ['levelIds', ''],
      ['levelIds', '1,,2'],
      ['levelIds', '1e99'],
      ['levelIds', "1' OR '1'='1"],
      ['levelIds', '2147483648'],
      ['asOf', '2027-13-01'],
      ['asOf', '%00'],
    ] as const)
      for (const path of ['/api/pay-transparency/posting-range', '/api/pay-transparency/posting-range.pdf']) {
        const query = new URLSearchParams({ ...posting, [field]: bad }).toString().replace('%2500', '%00');
        const res = await t.callAsAdmin({ method: 'GET', url: `${path}?${query}` });
        expectRefused(res, `${path} ?${query}`);
        expect(res.body, `${path} ?${query} names ${field}`).toContain(`"field":"querystring.${field}"`);
      }
    for (const query of ['jobId=abc', 'jobId=-3', 'jobId=1.5', 'jobId=99999999999999999999'])
      expectRefused(
        await t.callAsAdmin({ method: 'GET', url: `/api/positions?${query}` }),
        `positions ?${query}`,
      );
    expect(await snapshot(t.database.db)).toBe(before);
  });

  it('stores SQL-looking text as plain text and keeps every table intact', async () => {
    const name = "Robert'); DROP TABLE employees;--";
    const res = await t.callAsAdmin<{ id: number; name: string }>({
      method: 'POST',
      url: '/api/jobs',
      payload: { name },
    });
    expect(res.statusCode).toBe(201);
    expect(res.envelope.data.name).toBe(name);
    const employees = await t.callAsAdmin<unknown[]>({ method: 'GET', url: '/api/employees' });
    expect(employees.statusCode).toBe(200);
    expect(employees.envelope.data.length).toBeGreaterThan(0);
  });

  it('refuses prototype-poisoning bodies and ignores unknown keys: no one becomes an admin through a body', async () => {
    for (const poisoned of [
      '{"email":"proto@example.com","name":"Proto","password":"Kettle-harbor-58","__proto__":{"isAdmin":true}}',
      '{"email":"proto@example.com","name":"Proto","password":"Kettle-harbor-58","constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const res = await t.callAsAdmin({
        method: 'POST',
        url: '/api/auth/users',
        payload: poisoned,
        headers: { 'content-type': 'application/json' },
      });
      expectRefused(res, poisoned);
    }
    const res = await t.callAsAdmin<{ isAdmin: boolean; id: number }>({
      method: 'POST',
      url: '/api/auth/users',
      payload: {
        email: 'extra@example.com',
        name: 'Extra',
        password: 'Kettle-harbor-58',
        isAdmin: true,
        role: 'admin',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.envelope.data.isAdmin).toBe(false);
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
  });
});
