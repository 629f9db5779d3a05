import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIST } from '../../src/paths.ts';
import { buildTestApp, type TestContext, UNREACHED_OIDC } from '../support/helper.ts';

/*
 * Findable: every route of the API is registered, method and path spelled out, in its
 * module's routes file — `app.put('/jobs/:id', …)` in modules/jobs/jobs.routes.ts — so
 * `grep -rn "'/jobs/:id'" apps/server/src/modules` lands on it. No builder assembles a path
 * from pieces. The route table is the real app's (every route as it is added), built with
 * single sign-on configured so its routes are there too; each route's path (without the
 * /api prefix app.ts adds) must appear as `app.<method>('<path>'` outside comments in
 * exactly one modules/<domain>/*.routes.ts.
 */

const MODULES = fileURLToPath(new URL('../../src/modules/', import.meta.url));
const PREFIX = '/api';
const COMMENTS = /\/\*[\s\S]*?\*\/|(^|[^:\\'"`])\/\/.*$/gm;

const routesFiles = readdirSync(MODULES, { withFileTypes: true, recursive: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.routes.ts'))
  .map((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return {
      name: path.relative(MODULES, file),
      code: readFileSync(file, 'utf8').replace(
        COMMENTS,
        (_match, before: string | undefined) => before ?? '',
      ),
    };
  });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The routes files that register `method path` literally. */
const filesRegistering = (method: string, routePath: string) => {
  const call = new RegExp(`\\bapp\\.${method.toLowerCase()}\\(\\s*'${escapeRegExp(routePath)}'`);
  return routesFiles.filter((file) => call.test(file.code)).map((file) => file.name);
};

interface Route {
  method: string;
  url: string;
}

const table: Route[] = [];
function collect(route: RouteOptions) {
  for (const method of [route.method].flat()) table.push({ method: String(method), url: route.url });
}

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ oidc: UNREACHED_OIDC }, { onRoute: collect });
});
afterAll(() => t?.close());

/**
 * The API's routes: all but the API description (swagger-ui's own), the HEAD twin of a GET and
 * the web app's built files (plugins/web-app.plugin.ts: one route per file of the build, when there is one).
 */
function apiRoutes(): Route[] {
  const gets = new Set(table.filter((r) => r.method === 'GET').map((r) => r.url));
  return table.filter(
    (r) =>
      !(
        !r.url.startsWith(`${PREFIX}/`) &&
        existsSync(path.join(process.env.WEB_DIST ?? DEFAULT_WEB_DIST, r.url))
      ) &&
      r.url !== `${PREFIX}/docs` &&
      !r.url.startsWith(`${PREFIX}/docs/`) &&
      !(r.method === 'HEAD' && gets.has(r.url)),
  );
}

describe("every route's method and path, spelled in its module's routes file", () => {
  it('reads the whole route table (the check below cannot pass on an empty one)', () => {
    expect(apiRoutes().length).toBeGreaterThan(60);
    expect(routesFiles.length).toBeGreaterThan(15);
  });

  it('finds each route, under the /api prefix, in exactly one modules/*/*.routes.ts', () => {
    const problems = apiRoutes().flatMap(({ method, url }) => {
      const route = `${method} ${url}`;
      if (!url.startsWith(`${PREFIX}/`)) return [`${route}: outside ${PREFIX}`];
      const files = filesRegistering(method, url.slice(PREFIX.length));
      return files.length === 1 ? [] : [`${route}: in ${files.length ? files.join(', ') : 'no routes file'}`];
    });
    expect(problems).toEqual([]);
  });
});
