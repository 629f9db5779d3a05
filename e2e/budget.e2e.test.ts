import { expect, it } from 'vitest';
import { LoginPage } from './pages/login-page.ts';
import { useBrowser } from './support/browser.ts';

const browser = useBrowser();

/**
 * The first visit's byte budget: the JavaScript of a first visit of the login page transfers
 * at most 200 KB, counted as Chromium received it off the wire (compressed bodies plus
 * headers), not as the files lie on disk. Everything else it loads (HTML, CSS, icon) is
 * printed beside it.
 */
const FIRST_LOAD_JS_BUDGET = 200 * 1024;
/**
 * Everything the first visit transfers (bytes on the wire, headers included) fits too, since
 * /login loads only its own components' Mantine styles (app/first-visit-styles.ts).
 */
const FIRST_VISIT_BUDGET = 200 * 1024;

interface Received {
  url: string;
  type: string;
  encoding: string | undefined;
  bytes: number;
}

it('loads the login page with at most 200 KB transferred in all, scripts included, all of it compressed', async () => {
  const page = await browser.anonymousPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map<string, Omit<Received, 'bytes'>>();
  const received: Received[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    responses.set(event.requestId, {
      url: event.response.url,
      type: event.type ?? 'Other',
      encoding: headers['content-encoding'],
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    if (response) received.push({ ...response, bytes: event.encodedDataLength });
  });

  await new LoginPage(page).goto();
  await page.waitForLoadState('networkidle');

  const total = received.reduce((sum, r) => sum + r.bytes, 0);
  const scripts = received.filter((r) => r.type === 'Script');
  const scriptBytes = scripts.reduce((sum, r) => sum + r.bytes, 0);
  console.info(
    `First visit of /login: ${received.length} responses, ${(total / 1024).toFixed(1)} KB transferred ` +
      `(${scripts.length} scripts, ${(scriptBytes / 1024).toFixed(1)} KB)`,
  );
  expect(scripts.length).toBeGreaterThan(0);
  // Every script bigger than a packet arrived compressed (precompressed brotli from the build).
  for (const script of scripts.filter((s) => s.bytes > 1500))
    expect(script.encoding, new URL(script.url).pathname).toBe('br');
  const document = received.find((r) => r.type === 'Document');
  expect(document?.encoding).toBe('br');
  expect(scriptBytes).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
  expect(total).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);
});
