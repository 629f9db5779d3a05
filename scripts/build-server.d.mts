/** Path of the built server bundle (apps/server/dist/server.js). */
export const SERVER_BUNDLE: string;
export function newestMtime(target: string): number;
export function serverBuildIsCurrent(): boolean;
/** Builds the server bundle when missing or older than its sources; answers whether it built. */
export function ensureServerBuild(options?: { force?: boolean; quiet?: boolean }): Promise<boolean>;
