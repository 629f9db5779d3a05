import { readFileSync, writeFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import spectralCore from '@stoplight/spectral-core';
import * as spectralParsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import createClient from 'openapi-fetch';
import openapiTS from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../support/api-schema.ts';
import { ADMIN, buildTestApp, type TestContext, UNREACHED_OIDC } from '../support/helper.ts';

/*
 * "Every answer has a schema": the app's own OpenAPI document (what /api/docs shows) must
 * describe the body of every successful answer, so the docs and the clients' types come from
 * the zod schemas that serialize it. The app is built with single sign-on configured, so its
 * routes are in the document too (the provider is asked only on use; none is needed here).
 */

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const API_SCHEMA = new URL('../support/api-schema.ts', import.meta.url);

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/**
 * Every API operation, and whether it is documented: a 2xx answer with a body schema, or —
 * for the browser steps of single sign-on — redirects only (a 3xx and no 2xx).
 */
function operations(doc: OpenApiDocument): Array<{ name: string; documented: boolean }> {
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
    .flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => METHODS.has(method))
        .map(([method, op]) => {
          const responses = Object.entries(op.responses ?? {});
          const ok = responses.filter(([status]) => /^2\d\d$/.test(status));
          const withBody = ok.some(([, response]) =>
            Object.values(response.content ?? {}).some((media) => media.schema !== undefined),
          );
          const redirectsOnly = ok.length === 0 && responses.some(([status]) => /^3\d\d$/.test(status));
          return { name: `${method.toUpperCase()} ${path}`, documented: withBody || redirectsOnly };
        }),
    );
}

let t: TestContext;
let all: Array<{ name: string; documented: boolean }>;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await buildTestApp({ oidc: UNREACHED_OIDC });
  document = (t.app as unknown as { swagger(): OpenApiDocument }).swagger();
  all = operations(document);
});
afterAll(() => t?.close());

describe('the OpenAPI document at /api/docs', () => {
  it('lists the whole API (the check below cannot pass on an empty document)', () => {
    expect(all.length).toBeGreaterThan(45);
    expect(all.map((o) => o.name)).toEqual(
      expect.arrayContaining(['GET /api/employees', 'POST /api/calculate', 'POST /api/auth/oidc/session']),
    );
  });

  it('describes the successful answer of every operation', () => {
    expect(all.filter((o) => !o.documented).map((o) => o.name)).toEqual([]);
  });
});

/*
 * The linters an integrator runs on the document, with their stock rule sets: Spectral's `oas`
 * and Redocly's `recommended`. The one exception: the two browser steps of single sign-on answer
 * a redirect and nothing else, so they have no 2xx answer to document.
 */
const REDIRECT_ONLY = ['/api/auth/oidc/start', '/api/auth/oidc/callback'].map(
  (path) => `#/paths/${path.replaceAll('/', '~1')}/get/responses`,
);

describe('the OpenAPI document as a contract a client can be built from', () => {
  it("passes Spectral's oas rule set with no error and no warning", async () => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
    const parser = (
      spectralParsers as unknown as { Json: ConstructorParameters<typeof spectralCore.Document>[1] }
    ).Json;
    const results = await spectral.run(new spectralCore.Document(JSON.stringify(document), parser));
    const problems = results.filter((r) => r.severity <= 1).map((r) => `${r.code}: ${r.path.join('.')}`);
    expect(problems).toEqual([]);
  });

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'api.json',
      config,
    });
    const left = problems
      .filter(
        (p) =>
          !(p.ruleId === 'operation-2xx-response' && REDIRECT_ONLY.includes(p.location[0]?.pointer ?? '')),
      )
      .map((p) => `${p.ruleId}: ${p.location[0]?.pointer}`);
    expect(left).toEqual([]);
  });

  it('documents the error envelope for the errors every operation can answer', () => {
    const withoutErrors = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => METHODS.has(method))
        .filter(([, op]) => {
          const bad = op.responses?.['400']?.content?.['application/json']?.schema as { $ref?: string };
          return bad?.$ref !== '#/components/schemas/ErrorEnvelope';
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withoutErrors).toEqual([]);
  });

  it("keeps the web app's files out of the document", () => {
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('generates the typed client the tests use (api-schema.ts is up to date)', async () => {
    const fresh = await openapiTS(document as never);
    if (process.env.UPDATE_API_SCHEMA) writeFileSync(API_SCHEMA, fresh);
    expect(fresh, 'run this test with UPDATE_API_SCHEMA=1 to regenerate api-schema.ts').toBe(
      readFileSync(API_SCHEMA, 'utf8'),
    );
  });

  it('serves a client generated from it: typed answers, and the error envelope typed too', async () => {
    // The generated client, sending its requests into the app (inject) instead of a socket.
    const client = createClient<paths>({
      baseUrl: 'http://salary.test',
      fetch: async (input: Request) => {
        const url = new URL(input.url);
        const res = await t.app.inject({
          method: input.method as 'GET',
          url: url.pathname + url.search,
          headers: Object.fromEntries(input.headers),
          payload: input.body ? Buffer.from(await input.arrayBuffer()) : undefined,
        });
        return new Response(res.rawPayload, {
          status: res.statusCode,
          headers: res.headers as Record<string, string>,
        });
      },
    });

    const login = await client.POST('/api/auth/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    const token = login.data?.data.token;
    expect(token).toEqual(expect.any(String));
    const headers = { authorization: `Bearer ${token}` };

    const id = await t.newEmployeeOf(await t.newCompany(3000), { name: 'Typed Client' });
    const one = await client.GET('/api/employees/{id}', { params: { path: { id } }, headers });
    expect(one.data?.data.name).toBe('Typed Client');

    const missing = await client.GET('/api/employees/{id}', {
      params: { path: { id: 2_000_000_000 } },
      headers,
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error).toBe('NOT_FOUND');

    const anonymous = await client.GET('/api/employees');
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error?.success).toBe(false);
  });
});
