#!/usr/bin/env node
// Builds the server into one plain-JavaScript bundle, apps/server/dist/server.js, so that
// `npm start` runs it with node alone (no TypeScript compiler at run time). Our own code and
// the workspace packages (@salary/*, TypeScript sources) are bundled; every npm dependency
// stays an import resolved from node_modules (native binaries, PGlite's WASM files).
// Rebuilt only when a source is newer than the bundle; `--force` always rebuilds.
import { spawn } from 'node:child_process';
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

/**
 * The server's environment: the caller's, over these defaults. glibc's malloc gives each
 * thread that allocates (libuv's pool: compression, file reads, password hashing; V8's helpers)
 * an arena of its own, up to eight per core, and keeps what is freed there: a 100,000-row
 * export on PGlite rose +84–103 MB above idle with them, +30–45 MB with one arena, in the same
 * seconds (five pairs), and calculate's throughput did not move (bench, 26 Nov). An operator's own
 * MALLOC_ARENA_MAX wins; other C libraries ignore it.
 */
export function serverEnv(env = {}) {
  return { MALLOC_ARENA_MAX: '1', ...process.env, ...env };
}

/**
 * The node flags the server runs with (docs/decisions/0008-allocator-and-v8-tuning.md): V8's
 * memory policy is the process's, so it is set where the process starts, not by loading the app.
 * - `--no-allocation-site-pretenuring`: V8 would otherwise, once a page of an export or an
 *   import survived a young collection, allocate every later page straight in the old
 *   generation, as garbage that waits for a full collection.
 * - `--expose-gc`: `gc()` for the full collections the import asks for between its slices and
 *   after a new PGlite directory is created (apps/server/src/lib/collect-garbage.ts).
 */
export const SERVER_V8_FLAGS = ['--no-allocation-site-pretenuring', '--expose-gc'];

/** Every node flag of the server process: source maps on, and the V8 flags above. */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', ...SERVER_V8_FLAGS];

/**
 * Runs the built server as `npm start` does — node alone, SERVER_NODE_FLAGS, `serverEnv(env)` —
 * from the repository's root. stdio: piped out and err by default (tests and the bench read them).
 */
export function spawnServer(env = {}, { stdio = ['ignore', 'pipe', 'pipe'], args = [] } = {}) {
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE, ...args], {
    cwd: root,
    stdio,
    env: serverEnv(env),
  });
}

/**
 * Polls GET /api/health until it answers 2xx. Rejects, with `output()` (the process's log), when
 * `child` exits first or `timeoutMs` passes: a hang guard; a first start (a new database
 * migrated, the admin created) has taken over 90 s on a 2-core machine running the whole suite.
 */
export async function waitForHealth(
  baseURL,
  child,
  { output = () => '', timeoutMs = 240_000, pollMs = 100 } = {},
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output()}`,
      );
    if (Date.now() > deadline)
      throw new Error(`The server was not healthy within ${timeoutMs} ms:\n${output()}`);
    const healthy = await fetch(`${baseURL}/api/health`).then(
      (res) => res.ok,
      () => false, // not listening yet
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
export function stopProcess(child, { graceMs = 10_000 } = {}) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The built server on 127.0.0.1:`port`, started by `spawnServer(env)`, once healthy. Keeps the
 * last `keepChars` of its output (`output()`); a start that fails is stopped and rejects with it.
 */
export async function startBuiltServer(env, { port, keepChars = 20_000, timeoutMs, pollMs } = {}) {
  const child = spawnServer({ HOST: '127.0.0.1', PORT: String(port), ...env });
  let log = '';
  const keep = (chunk) => {
    log = (log + chunk.toString()).slice(-keepChars);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseURL = `http://127.0.0.1:${port}`;
  const output = () => log;
  try {
    await waitForHealth(baseURL, child, { output, timeoutMs, pollMs });
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return { child, baseURL, output };
}

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
