/** Path of the built server bundle (apps/server/dist/server.js). */
export const SERVER_BUNDLE: string;
/** The server's environment: process.env and `env` over the defaults `npm start` runs with (MALLOC_ARENA_MAX=1). */
export function serverEnv(env?: Record<string, string | undefined>): NodeJS.ProcessEnv;
/** The V8 flags the server process runs with (no allocation-site pretenuring, gc() exposed). */
export const SERVER_V8_FLAGS: readonly string[];
/** Every node flag of the server process: --enable-source-maps and SERVER_V8_FLAGS. */
export const SERVER_NODE_FLAGS: readonly string[];
/** Runs the built server as `npm start` does, from the repository's root (stdout and stderr piped by default). */
export function spawnServer(
  env?: Record<string, string | undefined>,
  options?: { stdio?: import('node:child_process').StdioOptions; args?: string[] },
): import('node:child_process').ChildProcess;
/** Polls GET /api/health until 2xx; rejects with `output()` when `child` exits first or the time runs out. */
export function waitForHealth(
  baseURL: string,
  child: import('node:child_process').ChildProcess,
  options?: { output?: () => string; timeoutMs?: number; pollMs?: number },
): Promise<void>;
/** SIGTERM, then SIGKILL after `graceMs` (10 s); resolves once the process has exited. */
export function stopProcess(
  child: import('node:child_process').ChildProcess,
  options?: { graceMs?: number },
): Promise<void>;
/** The built server on 127.0.0.1:`port` (spawnServer), once healthy, with the tail of its output. */
export function startBuiltServer(
  env: Record<string, string | undefined>,
  options: { port: number; keepChars?: number; timeoutMs?: number; pollMs?: number },
): Promise<{ child: import('node:child_process').ChildProcess; baseURL: string; output(): string }>;
export function newestMtime(target: string): number;
export function serverBuildIsCurrent(): boolean;
/** Builds the server bundle when missing or older than its sources; answers whether it built. */
export function ensureServerBuild(options?: { force?: boolean; quiet?: boolean }): Promise<boolean>;
