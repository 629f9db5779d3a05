/** Path of the built server bundle (apps/server/dist/server.js). */
export const SERVER_BUNDLE: string;
/** The server's environment: process.env and `env` over the defaults `npm start` runs with (MALLOC_ARENA_MAX=1). */
export function serverEnv(env?: Record<string, string | undefined>): NodeJS.ProcessEnv;
/** Runs the built server as `npm start` does, from the repository's root (stdout and stderr piped by default). */
export function spawnServer(
  env?: Record<string, string | undefined>,
  options?: { stdio?: import('node:child_process').StdioOptions; args?: string[] },
): import('node:child_process').ChildProcess;
export function newestMtime(target: string): number;
export function serverBuildIsCurrent(): boolean;
/** Builds the server bundle when missing or older than its sources; answers whether it built. */
export function ensureServerBuild(options?: { force?: boolean; quiet?: boolean }): Promise<boolean>;
