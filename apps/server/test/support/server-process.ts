import type { ChildProcess } from 'node:child_process';
import { ensureServerBuild, startBuiltServer, stopProcess } from '../../../../scripts/build-server.mjs';
import { freePort } from '../../../../scripts/free-port.mjs';

export { freePort };

export interface ServerProcess {
  baseURL: string;
  child: ChildProcess;
  output(): string;
  /** SIGKILL: no shutdown hooks, no flushing — a crash. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

let built: Promise<boolean> | undefined;

/**
 * The real server as a child process, exactly as `npm start` runs it: the built bundle
 * (rebuilt first when a source changed) under plain node.
 */
export async function startServer(
  env: Record<string, string>,
  options: { port?: number } = {},
): Promise<ServerProcess> {
  built ??= ensureServerBuild({ quiet: true });
  await built;
  // A caller that must name the address before the start (an OIDC redirect URI) picks the port.
  const port = options.port ?? (await freePort());
  const { child, baseURL, output } = await startBuiltServer(
    { LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000', DEMO: '', ...env },
    { port, keepChars: 50_000, pollMs: 200 },
  );
  return {
    baseURL,
    child,
    output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: () => stopProcess(child),
  };
}

/** A tiny JSON client for the child server. */
export async function api<T = unknown>(
  baseURL: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: { success: boolean; message: string; data: T } }> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string; data: T } };
}
