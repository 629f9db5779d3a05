import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_BUNDLE, serverEnv, stopProcess, waitForHealth } from '../../../../scripts/build-server.mjs';
import { freePort } from '../support/server-process.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const hasProc = existsSync('/proc/self/environ');

/** The process `npm start` runs the server in: its command line and environment, from /proc. */
function processOf(pid: number) {
  const split = (file: string) => readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0').filter(Boolean);
  return { argv: split('cmdline'), env: split('environ') };
}

function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe.skipIf(!hasProc)('npm start', () => {
  it("runs the built bundle under node alone, with one malloc arena and the server's V8 flags", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'salary-start-'));
    const port = await freePort();
    const { MALLOC_ARENA_MAX: _unset, ...env } = process.env;
    const starter = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: REPO_ROOT,
      stdio: 'ignore',
      env: { ...env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', DEMO: '' },
    });
    cleanup = async () => {
      await stopProcess(starter);
      await rm(dataDir, { recursive: true, force: true });
    };

    await waitForHealth(`http://127.0.0.1:${port}`, starter);

    // Its other child, esbuild's service, stays while a build it just made is current.
    const servers = childrenOf(starter.pid as number)
      .map(processOf)
      .filter((p) => p.argv.includes(SERVER_BUNDLE));
    expect(servers).toHaveLength(1);
    const server = servers[0] as ReturnType<typeof processOf>;
    // No TypeScript compiler at run time: plain node on the built bundle, with V8's memory
    // policy given on its command line (decision 0008), not set by loading the app.
    expect(server.argv).toEqual([
      process.execPath,
      '--enable-source-maps',
      '--no-allocation-site-pretenuring',
      '--expose-gc',
      SERVER_BUNDLE,
    ]);
    // One malloc arena: glibc's arena per thread holds freed memory (decision 0008).
    expect(server.env).toContain('MALLOC_ARENA_MAX=1');
    // A first start migrates a new database and creates the admin: as long as waitForHealth waits.
  }, 300_000);

  it("keeps an operator's own MALLOC_ARENA_MAX", () => {
    expect(serverEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
    expect(serverEnv({}).MALLOC_ARENA_MAX).toBe(process.env.MALLOC_ARENA_MAX ?? '1');
  });
});
