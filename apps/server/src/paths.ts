import { fileURLToPath } from 'node:url';

/*
 * Files the server reads at run time, found from this module's own URL. It sits one folder
 * below apps/server (src/paths.ts), exactly as the built bundle does (dist/server.js, where
 * every module's import.meta.url is the bundle's), so the same relative URLs hold when run
 * from source (tsx, tests) and from the build (npm start). Keep run-time paths here.
 */
const SERVER_ROOT = new URL('../', import.meta.url);

/** The committed SQL migrations (drizzle-kit output). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('drizzle', SERVER_ROOT));
/** The built web app (npm run build). */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../web/dist', SERVER_ROOT));
