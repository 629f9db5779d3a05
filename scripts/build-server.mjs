#!/usr/bin/env node
// Builds the server into one plain-JavaScript bundle, apps/server/dist/server.js, so that
// `npm start` runs it with node alone (no TypeScript compiler at run time). Our own code and
// the workspace packages (@salary/*, TypeScript sources) are bundled; every npm dependency
// stays an import resolved from node_modules (native binaries, PGlite's WASM files).
// Rebuilt only when a source is newer than the bundle; `--force` always rebuilds.
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/server.js');
const SOURCES = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/shared/src',
  'packages/salary-engine/src',
  'scripts/build-server.mjs',
];

export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function serverBuildIsCurrent() {
  if (!existsSync(SERVER_BUNDLE)) return false;
  const built = statSync(SERVER_BUNDLE).mtimeMs;
  return SOURCES.every((s) => newestMtime(path.join(root, s)) <= built);
}

/** Builds when missing or stale; answers whether it built. Safe to call from parallel processes. */
export async function ensureServerBuild({ force = false, quiet = false } = {}) {
  if (!force && serverBuildIsCurrent()) return false;
  if (!quiet) console.log('Building the server…');
  const { build } = await import('esbuild');
  // Written beside the target, then renamed over it: a process starting meanwhile sees the old
  // bundle or the new one, never half of one.
  const tmp = `${SERVER_BUNDLE}.${process.pid}.tmp`;
  await build({
    entryPoints: [path.join(root, 'apps/server/src/server.ts')],
    outfile: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'inline',
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-dependencies-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@salary/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  renameSync(tmp, SERVER_BUNDLE);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await ensureServerBuild({ force: process.argv.includes('--force') });
}
