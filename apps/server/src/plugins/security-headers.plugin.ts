import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The app's Content-Security-Policy: every script and asset from this origin only. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Internal deployments often run on plain http; upgrading would break every asset.
      upgradeInsecureRequests: null,
    },
  },
};

const HSTS = 'strict-transport-security';

/**
 * Helmet's headers, computed once: helmet builds the same values for every response, and
 * building them per response cost ~40% of the calculator's throughput (issue 19). HSTS is
 * sent only when the request came over https — directly, or per TRUST_PROXY.
 */
export function precomputeHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, res, () => {});
  return headers;
}

/**
 * What a fingerprinted script, style sheet, font or image needs of them. CSP, frame options,
 * COOP, Origin-Agent-Cluster, referrer policy and the rest govern documents, not the files a
 * document loads; leaving them off the assets of a first visit saves their bytes on every file.
 */
const ASSET_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy']);

export default fp(async function securityHeaders(app: FastifyInstance) {
  const { [HSTS]: hsts, ...always } = precomputeHelmetHeaders(HELMET_OPTIONS);
  const names = Object.keys(always);
  const values = Object.values(always);
  const assetNames = names.filter((name) => ASSET_HEADERS.has(name));
  const assetValues = assetNames.map((name) => always[name]!);
  // A callback hook, not an async one: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    // Decided by the route the router matched (the static plugin registers one route per built
    // file), never by the URL text: a crafted path that falls back to index.html keeps them all.
    const asset = request.routeOptions.url?.startsWith('/assets/') === true;
    const n = asset ? assetNames : names;
    const v = asset ? assetValues : values;
    for (let i = 0; i < n.length; i++) reply.header(n[i]!, v[i]);
    if (hsts && request.protocol === 'https') reply.header(HSTS, hsts);
    done();
  });
});
