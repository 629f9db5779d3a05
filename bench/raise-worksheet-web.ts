import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { median } from './lib/stats.ts';
import { CHROMIUM_ARGS, watchEveryFrame } from './web.ts';

/*
 * A raise cycle's worksheet in headless Chromium, as its user sees it: signed in (the token in
 * localStorage, as the app keeps it), a fresh browser context per run (cold cache), one warm-up
 * run first that is not counted. Every time is taken in the page (performance.now() in a
 * requestAnimationFrame watcher), never with sleeps: the condition is checked on every frame in
 * the page, and this process only polls, slowly, for the time the page recorded (Playwright's
 * `raf` polling would send one round trip per frame to this process, which also serves the app).
 *
 * The cycle must be a draft with no saved proposals: "Set for all" then drafts every row and the
 * Proposed total changes. Nothing is saved (the context is closed with the drafts unsaved).
 */

export interface WorksheetBrowserFigure {
  runs: number;
  /** Navigation start → the first worksheet row on screen, median ms. */
  openMs: number;
  /** "Set for all" (3 %) clicked → the Proposed total changed and the note says the totals include the drafts, median ms. */
  bulkMs: number;
  /** How many worksheet rows the page had drawn when the first was on screen (median). */
  rowsDrawn: number;
}

declare global {
  interface Window {
    __benchSheetRowAt?: number;
    __benchSheetRowsDrawn?: number;
    __benchBulkClickAt?: number;
    __benchBulkBefore?: string;
    __benchBulkDoneAt?: number;
  }
}

/** In the page: the first worksheet row on screen. No inner functions (the bundler's name helper is not in the page). */
function firstWorksheetRowVisible(): boolean {
  const row = document.querySelector('tr[data-testid^="worksheet-row-"]');
  if (!row) return false;
  const box = row.getBoundingClientRect();
  if (box.height <= 0 || box.bottom <= 0 || box.top >= window.innerHeight) return false;
  if (getComputedStyle(row).visibility === 'hidden') return false;
  window.__benchSheetRowAt = performance.now();
  window.__benchSheetRowsDrawn = document.querySelectorAll('tr[data-testid^="worksheet-row-"]').length;
  return true;
}

/** In the page: after the click, the Proposed total changed and the note says the totals include the drafts. */
function bulkTotalsShown(): boolean {
  if (window.__benchBulkClickAt === undefined) return false;
  const total = document.querySelector('[data-testid="total-Proposed"]');
  const note = document.querySelector('[data-testid="totals-note"]');
  if (!total || !note) return false;
  if ((total.textContent ?? '') === window.__benchBulkBefore) return false;
  if (!(note.textContent ?? '').includes('the totals and new pay include them')) return false;
  window.__benchBulkDoneAt = performance.now();
  return true;
}

const WAIT = { polling: 100, timeout: 60_000 } as const;

/** One run on a fresh page: the worksheet opened, then "Set for all" clicked; both in page ms. */
async function oneRun(
  page: Page,
  url: string,
): Promise<{ openMs: number; bulkMs: number; rowsDrawn: number }> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__benchSheetRowAt !== undefined, undefined, WAIT);
  const opened = await page.evaluate(() => ({
    at: window.__benchSheetRowAt ?? Number.NaN,
    rows: window.__benchSheetRowsDrawn ?? Number.NaN,
  }));

  const button = page.getByRole('button', { name: 'Set for all', exact: true });
  await button.waitFor({ state: 'visible', timeout: WAIT.timeout });
  // The pre-filled 3 % must have enabled it (a disabled button would take no click).
  if (await button.isDisabled()) throw new Error('"Set for all" is disabled: is the cycle a draft?');
  const total = page.getByTestId('total-Proposed');
  const before = (await total.textContent()) ?? '';
  if ((await page.getByTestId('totals-note').count()) > 0)
    throw new Error('the worksheet already has unsaved drafts before "Set for all"');
  await button.evaluate((element, text) => {
    window.__benchBulkBefore = text;
    // Capturing, on the button: runs at the click's dispatch, before React's handler (at the root).
    element.addEventListener(
      'click',
      () => {
        if (window.__benchBulkClickAt === undefined) window.__benchBulkClickAt = performance.now();
      },
      { capture: true },
    );
  }, before);
  await page.evaluate(watchEveryFrame(bulkTotalsShown));
  await button.click();
  await page.waitForFunction(() => window.__benchBulkDoneAt !== undefined, undefined, WAIT);
  const bulk = await page.evaluate(() => ({
    clicked: window.__benchBulkClickAt ?? Number.NaN,
    done: window.__benchBulkDoneAt ?? Number.NaN,
  }));
  return { openMs: opened.at, bulkMs: bulk.done - bulk.clicked, rowsDrawn: opened.rows };
}

/**
 * Headless Chromium opens /raise-cycles/:id signed in, a fresh context per run (one warm-up run
 * first): how long until the first row shows, and how long "Set for all" takes to show its totals.
 */
export async function benchWorksheetInBrowser(opts: {
  baseUrl: string;
  token: string;
  cycleId: number;
  runs: number;
  chromiumPath?: string;
}): Promise<WorksheetBrowserFigure> {
  const executablePath = opts.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath))
    throw new Error(
      `Chromium not found at ${executablePath}: apt-get install -y chromium, or set CHROMIUM_PATH`,
    );
  const url = `${opts.baseUrl}/raise-cycles/${opts.cycleId}`;
  const browser: Browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const opens: number[] = [];
  const bulks: number[] = [];
  const drawn: number[] = [];
  try {
    for (let run = -1; run < opts.runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        await context.addInitScript((token) => window.localStorage.setItem('token', token), opts.token);
        await context.addInitScript({ content: watchEveryFrame(firstWorksheetRowVisible) });
        const page = await context.newPage();
        const figure = await oneRun(page, url);
        // The first run warms the server (and the OS file cache); it is not counted.
        if (run >= 0) {
          opens.push(figure.openMs);
          bulks.push(figure.bulkMs);
          drawn.push(figure.rowsDrawn);
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return {
    runs: opts.runs,
    openMs: Math.round(median(opens)),
    bulkMs: Math.round(median(bulks)),
    rowsDrawn: Math.round(median(drawn)),
  };
}
