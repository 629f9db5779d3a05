import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
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

export async function benchLighthouse(opts: {
  baseUrl: string;
  token: string;
  employees: number;
  runs: number;
  chromiumPath?: string;
}): Promise<LighthouseFigure> {
  const chromePath = opts.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows: LighthouseRow[] = [];
  let version = '';
  try {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const screen of LIGHTHOUSE_SCREENS) {
        const samples: LighthouseRow[] = [];
        for (let run = 0; run < opts.runs; run++) {
          // A context of its own each run: nothing cached, and signed in only where asked, as
          // the app keeps a session (a token in localStorage), set from a static file of the
          // origin so that no app code runs before Lighthouse's load. Lighthouse keeps storage.
          const context = await browser.createBrowserContext();
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
          await context.close();
          if (!result) throw new Error(`Lighthouse gave no result for ${screen.path}`);
          const { lhr } = result;
          version = lhr.lighthouseVersion;
          const audit = (id: string) => (lhr.audits[id] as Audit | undefined)?.numericValue ?? Number.NaN;
          samples.push({
            screen: screen.path,
            formFactor,
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            totalBlockingTimeMs: Math.round(audit('total-blocking-time')),
            largestContentfulPaintMs: Math.round(audit('largest-contentful-paint')),
            domSize: Math.round(audit('dom-size')),
          });
        }
        rows.push({
          screen: screen.path,
          formFactor,
          score: median(samples.map((s) => s.score)),
          totalBlockingTimeMs: round(median(samples.map((s) => s.totalBlockingTimeMs)), 0),
          largestContentfulPaintMs: round(median(samples.map((s) => s.largestContentfulPaintMs)), 0),
          domSize: median(samples.map((s) => s.domSize)),
        });
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return { employees: opts.employees, runs: opts.runs, lighthouseVersion: version, rows };
}
