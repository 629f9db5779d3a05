import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
// WEB_DIST lets parallel work build and test its own copy of the app (the server reads it too).
export const WEB_DIST =
  process.env.WEB_DIST || fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
/** Screenshots land here (gitignored). */
export const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));
