import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The content types of what the Vite build writes under assets/. */
const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface Asset {
  type: string;
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The fingerprinted files under assets/, read once at start with their precompressed
 * variants: they never change while the server runs (a new build is a new release), and a
 * first visit asks for ~40 of them at once — from memory each is an answer, not a stat, an
 * open and a stream on the file system's thread pool. The cost is the build's size in memory.
 */
function readAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(dir)) return assets;
  const names = readdirSync(dir).filter((name) => statSync(path.join(dir, name)).isFile());
  const present = new Set(names);
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const file = path.join(dir, name);
    assets.set(name, {
      type: ASSET_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      plain: readFileSync(file),
      br: present.has(`${name}.br`) ? readFileSync(`${file}.br`) : undefined,
      gzip: present.has(`${name}.gz`) ? readFileSync(`${file}.gz`) : undefined,
    });
  }
  return assets;
}

/**
 * Serves the built web app. Unknown paths fall back to index.html only for GET requests
 * outside /api/ without a file extension (client-side routes); everything else is a 404
 * envelope, so a missing asset or API route never answers HTML. index.html is never cached;
 * fingerprinted assets are cached for good.
 */
export async function webApp(app: FastifyInstance, opts: { root: string }) {
  const hasBuild = existsSync(path.join(opts.root, 'index.html'));
  if (hasBuild) {
    // One route per fingerprinted file, answered from memory; unknown names are 404s.
    for (const [name, asset] of readAssets(path.join(opts.root, 'assets'))) {
      const encodings = [...(asset.br ? ['br' as const] : []), ...(asset.gzip ? ['gzip' as const] : [])];
      app.get(`/assets/${name}`, (request, reply) => {
        const encoding = encodings.length
          ? negotiate<'br' | 'gzip'>(request.headers['accept-encoding'] ?? '', encodings)
          : undefined;
        reply.header('Cache-Control', 'public, max-age=31536000, immutable').type(asset.type);
        if (encodings.length) reply.header('Vary', 'accept-encoding');
        if (!encoding) return reply.send(asset.plain);
        // The compression plugin leaves an answer that already carries a Content-Encoding alone.
        return reply.header('Content-Encoding', encoding).send(encoding === 'br' ? asset.br : asset.gzip);
      });
    }
    // The rest (index.html, favicon) from the disk.
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      index: false,
      globIgnore: ['assets/**'],
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
