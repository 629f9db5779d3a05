import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../support/helper.ts';

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
beforeAll(async () => {
  t = await buildTestApp({
    oidc: {
      issuer: 'http://127.0.0.1:1',
      clientId: 'salary',
      clientSecret: 'not-used-here',
      autoCreate: false,
      redirectUri: 'http://salary.test/api/auth/oidc/callback',
    },
  });
  all = operations((t.app as unknown as { swagger(): OpenApiDocument }).swagger());
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
