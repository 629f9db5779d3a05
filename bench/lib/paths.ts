import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BENCH_DIR = fileURLToPath(new URL('../', import.meta.url));
export const RESULTS_FILE = fileURLToPath(new URL('../results/latest.json', import.meta.url));
export const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
