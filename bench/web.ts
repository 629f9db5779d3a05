import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { REPO_ROOT, WEB_DIST } from './lib/paths.ts';
import { median, round } from './lib/stats.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface BundleFigure {
  /** gzip (zlib, default level) of the entry script and every modulepreload of index.html. */
  loginJsGzipKb: number;
  /** The same files as the server sends them: their precompressed .br beside them (0 if none). */
  loginJsBrKb: number;
  files: { file: string; bytes: number; gzipBytes: number; brBytes: number }[];
  /** When apps/web/dist/index.html was built. */
  builtAt: string;
}

export interface FirstRowsFigure {
  employees: number;
  runs: number;
  /** Navigation start → first employee row visible on /dashboard, median ms (fresh context each). */
  ms: number;
  /** Where those ms went (medians, from the page's own performance timeline). */
  timeline: {
    /** The HTML parsed and the entry script run. */
    domContentLoadedMs: number;
    /** GET /api/employees: when the browser sent it, and when its last byte arrived. */
    listRequestStartMs: number;
    listResponseEndMs: number;
    listBytes: number;
    /** JS files and their transferred bytes up to the first rows (all routes' chunks). */
    scripts: number;
    scriptKb: number;
  };
}

interface Timeline {
  at: number;
  domContentLoadedMs: number;
  listRequestStartMs: number;
  listResponseEndMs: number;
  listBytes: number;
  scripts: number;
  scriptBytes: number;
}

/** Builds the web app (npm run build) when there is no build yet, or always with `force`. */
export function ensureWebBuild(force = false): void {
  if (!force && existsSync(path.join(WEB_DIST, 'index.html'))) return;
  console.log(force ? 'npm run build …' : 'apps/web/dist is missing: running npm run build …');
  const built = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/** The JS a first visit of /login downloads before any route code: index.html's entry + preloads. */
export function loginBundle(dist = WEB_DIST): BundleFigure {
  const indexFile = path.join(dist, 'index.html');
  const html = readFileSync(indexFile, 'utf8');
  const refs = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /\btype="module"/.test(tag)) refs.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) refs.add(href);
  }
  const files = [...refs].map((ref) => {
    const file = path.join(dist, ref.replace(/^\//, ''));
    const content = readFileSync(file);
    const brBytes = existsSync(`${file}.br`) ? statSync(`${file}.br`).size : 0;
    return { file: ref, bytes: content.length, gzipBytes: gzipSync(content).length, brBytes };
  });
  const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  const br = files.reduce((sum, f) => sum + f.brBytes, 0);
  return {
    loginJsGzipKb: round(total / 1024, 1),
    loginJsBrKb: round(br / 1024, 1),
    files,
    builtAt: statSync(indexFile).mtime.toISOString(),
  };
}

export interface FirstVisitFigure {
  /** Everything a first visit of /login received (HTML, JS, CSS, icon), bodies + headers, KB. */
  totalKb: number;
  /** Its scripts alone. */
  jsKb: number;
  responses: number;
  scripts: number;
  /** Responses that arrived without a Content-Encoding (and above 1.5 KB). */
  uncompressed: string[];
}

/**
 * Headless Chromium, fresh context, cache off: opens /login and counts what came off the
 * wire (CDP Network.loadingFinished encodedDataLength: compressed bodies plus headers).
 */
export async function benchFirstVisit(opts: {
  baseUrl: string;
  chromiumPath?: string;
}): Promise<FirstVisitFigure> {
  const executablePath = opts.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser: Browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const seen = new Map<string, { url: string; type: string; encoding: string | undefined }>();
    const received: { url: string; type: string; encoding: string | undefined; bytes: number }[] = [];
    cdp.on('Network.responseReceived', (event) => {
      const headers = new Map(
        Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
      );
      seen.set(event.requestId, {
        url: event.response.url,
        type: event.type ?? 'Other',
        encoding: headers.get('content-encoding'),
      });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const response = seen.get(event.requestId);
      if (response) received.push({ ...response, bytes: event.encodedDataLength });
    });
    await page.goto(`${opts.baseUrl}/login`);
    await page.waitForLoadState('networkidle');
    const scripts = received.filter((r) => r.type === 'Script');
    const kb = (list: { bytes: number }[]) => round(list.reduce((sum, r) => sum + r.bytes, 0) / 1024, 1);
    return {
      totalKb: kb(received),
      jsKb: kb(scripts),
      responses: received.length,
      scripts: scripts.length,
      uncompressed: received.filter((r) => !r.encoding && r.bytes > 1500).map((r) => new URL(r.url).pathname),
    };
  } finally {
    await browser.close();
  }
}

declare global {
  interface Window {
    __benchNames?: Set<string>;
    __benchFirstRowAt?: number;
  }
}

/**
 * An init script that checks `condition` in the page on every frame, with no round trip to
 * this process per check (Playwright's `raf` polling sends one per frame, and this process
 * also serves the app: the measuring slowed what it measured). The condition records the
 * time itself (`__benchFirstRowAt`); the bench then waits for that with slow polling.
 */
export function watchEveryFrame(condition: () => boolean): string {
  return `(() => {
    const condition = ${condition.toString()};
    const tick = () => { if (!condition()) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })();`;
}

const recorded = () => window.__benchFirstRowAt !== undefined;

/** In the page: the first table row showing a known employee name, on screen. */
function firstEmployeeRowVisible(): boolean {
  const names = window.__benchNames;
  if (!names) return false;
  for (const row of document.querySelectorAll('tbody tr, [role="row"]')) {
    const cells = row.querySelectorAll('td, [role="cell"], [role="gridcell"]');
    let named = false;
    for (const cell of cells) {
      if (names.has((cell.textContent ?? '').trim())) {
        named = true;
        break;
      }
    }
    if (!named) continue;
    const box = row.getBoundingClientRect();
    if (box.height > 0 && box.bottom > 0 && box.top < window.innerHeight) {
      window.__benchFirstRowAt = performance.now();
      return true;
    }
  }
  return false;
}

/**
 * Headless Chromium opens /dashboard already signed in (the token in localStorage, as the
 * app keeps it) in a fresh context each run: cold cache, a real first visit. Answers
 * `undefined` when the employees screen shows no table at all (still a placeholder).
 */
export async function benchFirstRows(opts: {
  baseUrl: string;
  token: string;
  names: string[];
  employees: number;
  runs: number;
  chromiumPath?: string;
}): Promise<FirstRowsFigure | undefined> {
  const executablePath = opts.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath))
    throw new Error(
      `Chromium not found at ${executablePath}: apt-get install -y chromium, or set CHROMIUM_PATH`,
    );
  const browser: Browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const timelines: Timeline[] = [];
  try {
    for (let run = -1; run < opts.runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        await context.addInitScript(
          ({ token, names }) => {
            window.localStorage.setItem('token', token);
            window.__benchNames = new Set(names);
          },
          { token: opts.token, names: opts.names },
        );
        await context.addInitScript({ content: watchEveryFrame(firstEmployeeRowVisible) });
        const page = await context.newPage();
        await page.goto(`${opts.baseUrl}/dashboard`, { waitUntil: 'commit' });
        try {
          await page.waitForFunction(recorded, undefined, { polling: 100, timeout: 30_000 });
        } catch (error) {
          const hasTable = await page.locator('table, [role="grid"], [role="table"]').count();
          if (hasTable === 0) return undefined;
          throw error;
        }
        const timeline = await page.evaluate((): Timeline => {
          const nav = performance.getEntriesByType('navigation')[0] as
            | PerformanceNavigationTiming
            | undefined;
          const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          const list = resources.find((r) => new URL(r.name).pathname === '/api/employees');
          const scripts = resources.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
          return {
            at: window.__benchFirstRowAt ?? Number.NaN,
            domContentLoadedMs: nav?.domContentLoadedEventEnd ?? Number.NaN,
            listRequestStartMs: list?.requestStart ?? Number.NaN,
            listResponseEndMs: list?.responseEnd ?? Number.NaN,
            listBytes: list?.encodedBodySize ?? Number.NaN,
            scripts: scripts.length,
            scriptBytes: scripts.reduce((sum, r) => sum + r.transferSize, 0),
          };
        });
        // The first run warms the server (and the OS file cache); it is not counted.
        if (run >= 0) timelines.push(timeline);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const mid = (pick: (t: Timeline) => number) => Math.round(median(timelines.map(pick)));
  return {
    employees: opts.employees,
    runs: opts.runs,
    ms: mid((t) => t.at),
    timeline: {
      domContentLoadedMs: mid((t) => t.domContentLoadedMs),
      listRequestStartMs: mid((t) => t.listRequestStartMs),
      listResponseEndMs: mid((t) => t.listResponseEndMs),
      listBytes: mid((t) => t.listBytes),
      scripts: mid((t) => t.scripts),
      scriptKb: round(mid((t) => t.scriptBytes) / 1024, 1),
    },
  };
}

export interface FirstChartsFigure {
  employees: number;
  runs: number;
  /** Navigation start → both Pay Overview charts drawn on /insights, median ms (fresh context each). */
  ms: number;
}

/** In the page: the Pay Overview's cost-by-job and distribution charts both have bars. */
function chartsDrawn(): boolean {
  // No inner functions: the bundler's name helper does not exist in the page.
  if (
    document.querySelector('[data-chart="job-cost"] .recharts-bar-rectangle') &&
    document.querySelector('[data-chart="distribution"] .recharts-bar-rectangle')
  ) {
    window.__benchFirstRowAt = performance.now();
    return true;
  }
  return false;
}

/** Headless Chromium opens /insights signed in, a fresh context per run (one warm-up run first). */
export async function benchFirstCharts(opts: {
  baseUrl: string;
  token: string;
  employees: number;
  runs: number;
  chromiumPath?: string;
}): Promise<FirstChartsFigure> {
  const executablePath = opts.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser: Browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const times: number[] = [];
  try {
    for (let run = -1; run < opts.runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        await context.addInitScript((token) => window.localStorage.setItem('token', token), opts.token);
        await context.addInitScript({ content: watchEveryFrame(chartsDrawn) });
        const page = await context.newPage();
        await page.goto(`${opts.baseUrl}/insights`, { waitUntil: 'commit' });
        await page.waitForFunction(recorded, undefined, { polling: 100, timeout: 30_000 });
        const at = await page.evaluate(() => window.__benchFirstRowAt ?? Number.NaN);
        if (run >= 0) times.push(at);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return { employees: opts.employees, runs: opts.runs, ms: Math.round(median(times)) };
}
