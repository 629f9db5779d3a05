import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app. Unknown paths fall back to index.html only for GET requests
 * outside /api/ without a file extension (client-side routes); everything else is a 404
 * envelope, so a missing asset or API route never answers HTML. index.html is never cached;
 * fingerprinted assets are cached for good.
 */
export async function webApp(app: FastifyInstance, opts: { root: string }) {
  const hasBuild = existsSync(path.join(opts.root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/build/precompress.ts): sent
      // as they are to clients that accept them, with Content-Encoding and Vary.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = routedPath(request.url);
    const isPage =
      request.method === 'GET' && pathname !== undefined && !isApiPath(pathname) && !path.extname(pathname);
    if (isPage && hasBuild) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    if (isPage) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    if (pathname === undefined || isApiPath(pathname)) reply.header('Cache-Control', 'no-store');
    return reply.status(404).send({
      success: false,
      message: `Route ${request.method} ${pathname ?? 'with a malformed path'} not found`,
      error: 'NOT_FOUND',
      data: null,
    });
  });
}

/**
 * The path as the router reads it: the path of an absolute-form target, percent-decoded,
 * repeated slashes folded. Undefined when it cannot be decoded (never a page then).
 */
export function routedPath(url: string): string | undefined {
  let raw = url.split(/[?#]/, 1)[0] ?? '/';
  if (!raw.startsWith('/')) {
    try {
      raw = new URL(raw).pathname;
    } catch {
      return undefined;
    }
  }
  try {
    return decodeURIComponent(raw).replace(/\/{2,}/g, '/');
  } catch {
    return undefined;
  }
}

/** /api in any letter case: a mistyped API path answers the 404 envelope, never the web app. */
const isApiPath = (pathname: string) => /^\/api(\/|$)/i.test(pathname);
