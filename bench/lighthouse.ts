import * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { median, round } from './lib/stats.ts';

/*
 * Lighthouse's performance category, as the people who run it on the app see it: the mobile
 * preset (a mid-range phone: 4× CPU slowdown, a slow 4G link, simulated) and the desktop one,
 * each screen signed in as an administrator. The median of `runs` runs is kept per screen.
 */

export const LIGHTHOUSE_SCREENS = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'calculator', path: '/calculator', signedIn: true },
  { name: 'insights', path: '/insights', signedIn: true },
] as const;

export interface LighthouseRow {
  screen: string;
  formFactor: 'mobile' | 'desktop';
  /** The performance score, 0–100 (median). */
  score: number;
  totalBlockingTimeMs: number;
  largestContentfulPaintMs: number;
  /** DOM elements on the page when it settled. */
  domSize: number;
  /**
   * Total blocking time worked out from CPU time instead of wall time: each main-thread task
   * from the first contentful paint on counts 4 × its thread time less 50 ms. Lighthouse's own
   * figure takes each task's wall time, which a busy machine stretches (the task waits for a
   * core); CPU time moves far less, so this one compares builds on a shared machine.
   */
  cpuBlockingMs?: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** See LighthouseRow.cpuBlockingMs: the renderer's main thread with the most work is the page's. */
export function cpuBlockingMs(events: TraceEvent[], slowdown = 4): number {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`) && e.tdur !== undefined,
  );
  const work = new Map<string, number>();
  for (const t of tasks) work.set(`${t.pid}:${t.tid}`, (work.get(`${t.pid}:${t.tid}`) ?? 0) + t.tdur!);
  const main = [...work].sort((a, b) => b[1] - a[1])[0]?.[0];
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && `${e.pid}:${e.tid}` === main)?.ts ?? 0;
  return Math.round(
    tasks
      .filter((t) => `${t.pid}:${t.tid}` === main && t.ts >= fcp)
      .reduce((sum, t) => sum + Math.max(0, (slowdown * t.tdur!) / 1000 - 50), 0),
  );
}

export interface LighthouseFigure {
  employees: number;
  runs: number;
  lighthouseVersion: string;
  rows: LighthouseRow[];
}

interface Audit {
  numericValue?: number;
}

export type LighthouseScreen = (typeof LIGHTHOUSE_SCREENS)[number];

/** A headless Chromium for Lighthouse to drive; `close` ends it. */
export async function launchLighthouseBrowser(
  chromiumPath?: string,
): Promise<{ browser: Browser; close(): Promise<void> }> {
  const chromePath = chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  return {
    browser,
    close: async () => {
      await browser.disconnect();
      chrome.kill();
    },
  };
}

/** One Lighthouse run of one screen: its figures, and the whole report for its diagnostics. */
export async function lighthouseOnce(opts: {
  browser: Browser;
  baseUrl: string;
  token: string;
  screen: LighthouseScreen;
  formFactor: 'mobile' | 'desktop';
}): Promise<{ row: LighthouseRow; lhr: Result }> {
  const { browser, screen, formFactor } = opts;
  // A context of its own each run: nothing cached, and signed in only where asked, as
  // the app keeps a session (a token in localStorage), set from a static file of the
  // origin so that no app code runs before Lighthouse's load. Lighthouse keeps storage.
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (screen.signedIn) {
      await page.goto(`${opts.baseUrl}/favicon.svg`);
      await page.evaluate((token) => localStorage.setItem('token', token), opts.token);
    }
    const result = await lighthouse(
      `${opts.baseUrl}${screen.path}`,
      { onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error' },
      formFactor === 'desktop' ? desktopConfig : undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${screen.path}`);
    const { lhr } = result;
    const trace = (result.artifacts as unknown as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
    const audit = (id: string) => (lhr.audits[id] as Audit | undefined)?.numericValue ?? Number.NaN;
    return {
      lhr,
      row: {
        screen: screen.path,
        formFactor,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        totalBlockingTimeMs: Math.round(audit('total-blocking-time')),
        largestContentfulPaintMs: Math.round(audit('largest-contentful-paint')),
        domSize: Math.round(audit('dom-size')),
        ...(trace
          ? { cpuBlockingMs: cpuBlockingMs(trace.traceEvents, formFactor === 'desktop' ? 1 : 4) }
          : {}),
      },
    };
  } finally {
    await context.close();
  }
}

/**
 * The median of each figure over several runs of one screen and preset; a run Lighthouse could
 * not measure (no paint in time on a busy machine: score 0, no TBT) is left out.
 */
export function medianRow(all: LighthouseRow[]): LighthouseRow {
  const measured = all.filter((s) => Number.isFinite(s.totalBlockingTimeMs));
  const samples = measured.length ? measured : all;
  const first = samples[0]!;
  return {
    screen: first.screen,
    formFactor: first.formFactor,
    score: median(samples.map((s) => s.score)),
    totalBlockingTimeMs: round(median(samples.map((s) => s.totalBlockingTimeMs)), 0),
    largestContentfulPaintMs: round(median(samples.map((s) => s.largestContentfulPaintMs)), 0),
    domSize: median(samples.map((s) => s.domSize)),
    ...(first.cpuBlockingMs !== undefined
      ? { cpuBlockingMs: median(samples.map((s) => s.cpuBlockingMs ?? 0)) }
      : {}),
  };
}

export async function benchLighthouse(opts: {
  baseUrl: string;
  token: string;
  employees: number;
  runs: number;
  chromiumPath?: string;
}): Promise<LighthouseFigure> {
  const { browser, close } = await launchLighthouseBrowser(opts.chromiumPath);
  const rows: LighthouseRow[] = [];
  let version = '';
  try {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const screen of LIGHTHOUSE_SCREENS) {
        const samples: LighthouseRow[] = [];
        for (let run = 0; run < opts.runs; run++) {
          const { row, lhr } = await lighthouseOnce({ ...opts, browser, screen, formFactor });
          version = lhr.lighthouseVersion;
          samples.push(row);
        }
        rows.push(medianRow(samples));
      }
    }
  } finally {
    await close();
  }
  return { employees: opts.employees, runs: opts.runs, lighthouseVersion: version, rows };
}
