import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { LoginPage } from './pages/login-page.ts';
import { useBrowser } from './support/browser.ts';
import { WEB_DIST } from './support/paths.ts';

const browser = useBrowser();

/** Architecture §7: the first load (the login page) stays within 200 KB of gzipped JS. */
const FIRST_LOAD_BUDGET = 200 * 1024;

it('loads the login page with at most 200 KB of gzipped JavaScript', async () => {
  const page = await browser.anonymousPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await new LoginPage(page).goto();
  await page.waitForLoadState('networkidle');

  let gzipped = 0;
  for (const script of scripts) gzipped += gzipSync(await readFile(path.join(WEB_DIST, script))).length;

  console.info(`First load: ${scripts.size} scripts, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(gzipped).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
});
