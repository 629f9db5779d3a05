import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { type RawResponse, rawRequest } from '../support/raw-http.ts';

/*
 * Whether a request needs a token is decided by the route it reaches, never by how its URL
 * is spelled. The route table comes from the real app (every route as it is added); each
 * API route is called without a token, over a real socket, in the spellings a router
 * treats as the same path — and in random ones.
 */

interface Route {
  method: string;
  url: string;
  isPublic: boolean;
}

const table: Route[] = [];
let t: TestContext;
let port: number;

function collect(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  // The API description (/api/docs, swagger-ui) is public by design: it holds no data.
  const isPublic =
    Boolean(route.config?.public) || route.url === '/api/docs' || route.url.startsWith('/api/docs/');
  for (const method of methods) table.push({ method, url: route.url, isPublic });
}

/** A concrete path for a route pattern: every parameter 1, a wildcard a file name. */
const concrete = (url: string) => url.replace(/:\w+/g, '1').replace(/\*$/, 'index.html');

beforeAll(async () => {
  t = await buildTestApp({}, { onRoute: collect });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

const apiRoutes = () => table.filter((r) => r.url.startsWith('/api/') || r.url === '/api');
const privateRoutes = () => apiRoutes().filter((r) => !r.isPublic);

/** Each letter of `api` percent-encoded, one at a time and all at once, both hex cases. */
function spellings(path: string): Array<{ label: string; target: string; reachesRoute: boolean }> {
  const rest = path.slice('/api'.length);
  return [
    { label: 'canonical', target: path, reachesRoute: true },
    { label: '%61pi', target: `/%61pi${rest}`, reachesRoute: true },
    { label: 'a%70i', target: `/a%70i${rest}`, reachesRoute: true },
    { label: 'ap%69', target: `/ap%69${rest}`, reachesRoute: true },
    { label: '%61%70%69', target: `/%61%70%69${rest}`, reachesRoute: true },
    { label: 'upper-case hex %41 is A', target: `/%41PI${rest}`, reachesRoute: false },
    { label: 'doubled leading slash', target: `//api${rest}`, reachesRoute: false },
    { label: 'doubled inner slash', target: `/api/${rest}`, reachesRoute: false },
    { label: 'upper case', target: `/API${rest}`, reachesRoute: false },
    { label: 'mixed case', target: `/Api${rest}`, reachesRoute: false },
    { label: 'absolute form', target: `http://127.0.0.1:${port}${path}`, reachesRoute: true },
    { label: 'absolute form, encoded', target: `http://127.0.0.1:${port}/%61pi${rest}`, reachesRoute: true },
    { label: 'absolute form, other host', target: `http://example.com${path}`, reachesRoute: true },
  ];
}

function expectTurnedAway(res: RawResponse, method: string, context: string, reachesRoute: boolean) {
  expect(res.status, context).not.toBe(0);
  if (reachesRoute) expect(res.status, context).toBe(401);
  else expect([401, 404], context).toContain(res.status);
  if (method === 'HEAD') return;
  const envelope = JSON.parse(res.body);
  expect(envelope, context).toMatchObject({
    success: false,
    error: res.status === 401 ? 'UNAUTHORIZED' : 'NOT_FOUND',
    data: null,
  });
}

describe('every API route, every spelling, no token', () => {
  it('answers an undecodable path with a 400 envelope', async () => {
    for (const target of ['/api/%zz', '/%61pi/employees/%zz', '/%zz']) {
      const res = await rawRequest(port, { method: 'GET', target });
      expect(res.status, target).toBe(400);
      expect(JSON.parse(res.body), target).toMatchObject({
        success: false,
        error: 'BAD_REQUEST',
        data: null,
      });
    }
  });

  it('reads a route table with the API in it', () => {
    expect(privateRoutes().length).toBeGreaterThan(30);
    expect(privateRoutes()).toContainEqual({ method: 'GET', url: '/api/employees', isPublic: false });
    expect(apiRoutes()).toContainEqual({ method: 'POST', url: '/api/auth/login', isPublic: true });
  });

  it('answers 401 where the spelling reaches the route, a 404 envelope where it reaches nothing', async () => {
    for (const route of privateRoutes()) {
      for (const spelling of spellings(concrete(route.url))) {
        const res = await rawRequest(port, { method: route.method, target: spelling.target });
        const context = `${route.method} ${spelling.target} (${spelling.label}): ${res.status} ${res.body.slice(0, 160)}`;
        expectTurnedAway(res, route.method, context, spelling.reachesRoute);
      }
    }
  });

  it('never answers 5xx for a public route in any spelling', async () => {
    for (const route of apiRoutes().filter((r) => r.isPublic)) {
      for (const spelling of spellings(concrete(route.url))) {
        const res = await rawRequest(port, { method: route.method, target: spelling.target });
        expect(
          res.status,
          `${route.method} ${spelling.target}: ${res.body.slice(0, 160)}`,
        ).toBeGreaterThanOrEqual(200);
        expect(res.status, `${route.method} ${spelling.target}: ${res.body.slice(0, 160)}`).toBeLessThan(500);
      }
    }
  });

  it('answers a spelling of an unknown API path with the 404 envelope, not the web app', async () => {
    for (const target of ['/%61pi/nope', '/API/nope', '//api/nope', `http://127.0.0.1:${port}/%61pi/nope`]) {
      const res = await rawRequest(port, { method: 'GET', target });
      expect(res.status, target).toBe(404);
      expect(JSON.parse(res.body), target).toMatchObject({ success: false, error: 'NOT_FOUND' });
    }
  });
});

/** Random spellings of a route's path: percent-encoding any character, case, slashes, form. */
const spelledPath = (path: string) =>
  fc
    .record({
      encodings: fc.array(fc.constantFrom('keep', 'lower', 'upper', 'case'), {
        minLength: path.length,
        maxLength: path.length,
      }),
      doubleSlash: fc.option(fc.nat({ max: path.length - 1 }), { nil: undefined }),
      trailingSlash: fc.boolean(),
      query: fc.constantFrom('', '?x=1', '?gradeId=1&gradeId=2', '?%61=1'),
      absolute: fc.constantFrom('', 'http://127.0.0.1', 'http://localhost:1', 'HTTP://EXAMPLE.COM'),
    })
    .map(({ encodings, doubleSlash, trailingSlash, query, absolute }) => {
      let out = '';
      [...path].forEach((ch, i) => {
        const hex = ch.charCodeAt(0).toString(16).padStart(2, '0');
        const how = encodings[i];
        if (how === 'lower' && ch !== '/') out += `%${hex.toLowerCase()}`;
        else if (how === 'upper' && ch !== '/') out += `%${hex.toUpperCase()}`;
        else if (how === 'case') out += ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase();
        else out += ch;
        if (doubleSlash === i && ch === '/') out += '/';
      });
      if (trailingSlash) out += '/';
      return `${absolute}${out}${query}`;
    });

describe('property: random spellings of API routes, no token', () => {
  it('never answers 2xx and never 5xx', async () => {
    const routes = privateRoutes();
    const anyMethod = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes).chain((route) =>
          fc.record({
            method: fc.oneof(fc.constant(route.method), fc.constantFrom(...anyMethod)),
            target: spelledPath(concrete(route.url)),
          }),
        ),
        async ({ method, target }) => {
          const res = await rawRequest(port, {
            method,
            target,
            ...(method === 'POST' || method === 'PUT' ? { body: '{}' } : {}),
          });
          const context = `${method} ${target}: ${res.status} ${res.body.slice(0, 160)}`;
          expect(res.status, context).toBeGreaterThanOrEqual(400);
          expect(res.status, context).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });
});
