import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject, onTestFinished } from 'vitest';
import { adminCredentials, type Credentials, baseURL as serverURL, signIn } from './api.ts';
import { RESULTS_DIR } from './paths.ts';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };
/** The wide screen the layout and accessibility journeys check, beside MOBILE. */
export const WIDE = { width: 1440, height: 900 };

export interface Viewport {
  width: number;
  height: number;
}

/** The two widths a look test checks, named for the test title (and its screenshot). */
export const SIZES: [name: string, viewport: Viewport][] = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
];

/** The two widths a journey checks, as "1440" and "390" for the test title (and its screenshot). */
export const WIDTHS: [width: string, viewport: Viewport][] = [
  ['1440', WIDE],
  ['390', MOBILE],
];

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: inject('chromiumPath'), headless: true, args: LAUNCH_ARGS });
}

/** Writes test-results/<name>.png (full page) and answers its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** How far the page is wider than the viewport (0 when nothing scrolls sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Resolves once the browser has drawn two more frames: whatever the last click or key opened
 * (a dropdown, a dialog) is in the page by then. For asserting that something did NOT appear.
 */
export async function afterNextPaint(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Starts counting the page's requests; the answer waits until none is in flight and none has
 * started over two more frames. What `waitForLoadState('networkidle')` guesses by waiting for
 * 500 ms of silence, known instead (call it before the page's first request).
 */
export function trackRequests(page: Page): () => Promise<void> {
  let inFlight = 0;
  let started = 0;
  const began = () => {
    inFlight += 1;
    started += 1;
  };
  const finished = () => {
    inFlight -= 1;
  };
  page.on('request', began);
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return async () => {
    await expect
      .poll(async () => {
        if (inFlight > 0) return false;
        const before = started;
        await afterNextPaint(page);
        return inFlight === 0 && started === before;
      })
      .toBe(true);
    // A page kept across tests (keptPage) is counted afresh by the next test.
    page.off('request', began);
    page.off('requestfinished', finished);
    page.off('requestfailed', finished);
  };
}

/**
 * Runs in the page: true when nothing moves. An animation that has finished and holds its last
 * frame (a toast's entrance) is still; a toast's countdown bar runs until the toast closes, so it
 * does not count, and a page with a toast on it is measured with the toast.
 */
function nothingMoves(): boolean {
  return document.getAnimations().every((animation) => {
    const target = (animation.effect as KeyframeEffect | null)?.target;
    return (
      animation.playState === 'finished' || target?.classList.contains('Toastify__progress-bar') === true
    );
  });
}

/** Waits until no animation on the page is still running (see nothingMoves). */
export async function motionless(page: Page): Promise<void> {
  await page.waitForFunction(nothingMoves);
}

/** Waits until `target` is fully shown and nothing on the page still moves (a modal's opening). */
export async function settled(target: Locator): Promise<void> {
  await expect.poll(() => target.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  await motionless(target.page());
}

// One sign-in per user and test file: the same token is put into every new context.
const tokens = new Map<string, string>();

async function tokenFor(credentials: Credentials): Promise<string> {
  const cached = tokens.get(credentials.email);
  if (cached) return cached;
  const session = await signIn(credentials);
  tokens.set(credentials.email, session.token as string);
  return session.token as string;
}

/** Forgets a cached token (after a test revoked it, e.g. by changing that user's password). */
export function forgetSession(email: string): void {
  tokens.delete(email);
}

/** A page model of a screen with an address of its own (`goto()` opens it and waits for it). */
export interface Screen {
  readonly page: Page;
  goto(): Promise<void>;
}

export interface BrowserHelpers {
  /** A fresh context with no session, at the app's origin. */
  anonymousPage(viewport?: Viewport): Promise<Page>;
  /** A fresh context already holding the user's token in localStorage (as the app stores it). */
  signedInPage(credentials: Credentials, viewport?: Viewport): Promise<Page>;
  /**
   * One page per user (or none, for `null`) and viewport, kept for the whole file: the next test
   * that asks for the same gets the same page and `page.goto`s its screen, so the app's code is
   * loaded and compiled once rather than in a fresh context per test. For tests that only look
   * (the accessibility sweep): each starts with a `page.goto`, which reloads the app and leaves
   * nothing of the last test (a form left unsaved is left without asking).
   */
  keptPage(credentials: Credentials | null, viewport?: Viewport): Promise<Page>;
  /** Signs in (the administrator unless `as` says who), opens the model's screen and answers the model. */
  open<T extends Screen>(
    model: new (page: Page) => T,
    options?: { as?: Credentials; viewport?: Viewport },
  ): Promise<T>;
  /** Uncaught errors seen on a page so far; specs assert it stays empty. */
  pageErrors(page: Page): string[];
}

/**
 * Registers one Chromium for the calling test file. Contexts opened during a test are closed
 * when it finishes; a failing test leaves a screenshot of each open page in test-results/.
 */
export function useBrowser(): BrowserHelpers {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  const kept = new Map<string, Promise<Page>>();
  const errors = new WeakMap<Page, string[]>();
  let cspReports: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    kept.clear();
    await browser?.close();
  });

  beforeEach(() => {
    cspReports = [];
    onTestFinished(async ({ task }) => {
      const open = contexts;
      contexts = [];
      if (task.result?.state === 'fail') {
        const keptPages = await Promise.all([...kept.values()]);
        const pages = [...open.flatMap((context) => context.pages()), ...keptPages];
        await Promise.all(
          pages.map((page, i) => screenshot(page, `failed-${task.name}-${i}`).catch(() => {})),
        );
      }
      // A context a test already ended (a page closed with its beforeunload dialog answered
      // can take its context down with it) is closed: that is what this cleanup wants.
      await Promise.all(
        open.map((context) =>
          context.close().catch((error: unknown) => {
            if (!/has been closed/.test(String(error))) throw error;
          }),
        ),
      );
      if (cspReports.length > 0)
        throw new Error(
          `The browser reported a Content-Security-Policy violation:\n${cspReports.join('\n')}`,
        );
    });
  });

  /** A fresh context and its page; with a token, the page starts signed in. */
  async function newPage(viewport: Viewport, token?: string, keep = false) {
    if (!browser)
      throw new Error('useBrowser(): the browser is not running (call it at the top of the file)');
    const baseURL = serverURL();
    const context = await browser.newContext({
      baseURL,
      viewport,
      // As a user who asks for reduced motion: modals, menus and toasts appear at once, so a test
      // waits for the app rather than for fades. a11y-behaviour checks both ways (emulateMedia).
      reducedMotion: 'reduce',
    });
    // Chromium fires `securitypolicyviolation` for every Content-Security-Policy violation, even
    // one the page's own code caught, but writes no console line for all of them (a blocked
    // `Function('')` gets none): the page says each one on the console, and any such line fails
    // the test that saw it (newPage's console listener).
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI}`,
        );
      });
    });
    if (token) {
      // The token goes into localStorage, as the app keeps it, before the tab's first page runs,
      // and only then: a sign-out stays signed out across reloads. (Playwright's storageState
      // does the same by loading the origin in a page of its own first: a page load per context.)
      await context.addInitScript(
        ({ origin, value }) => {
          if (window.location.origin !== origin || sessionStorage.getItem('e2e-token-placed')) return;
          localStorage.setItem('token', value);
          sessionStorage.setItem('e2e-token-placed', '1');
        },
        { origin: new URL(baseURL).origin, value: token },
      );
    }
    if (!keep) contexts.push(context);
    const page = await context.newPage();
    const seen: string[] = [];
    errors.set(page, seen);
    page.on('pageerror', (error) => seen.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        cspReports.push(`${page.url()}: ${message.text()}`);
    });
    // File choosers intercepted from the start: Playwright turns interception on without
    // waiting when a test first listens for 'filechooser', so a key pressed right after could
    // open the (headless, invisible) native chooser instead and the test waited in vain.
    page.on('filechooser', () => {});
    return page;
  }

  async function signedInPage(credentials: Credentials, viewport = DESKTOP) {
    return newPage(viewport, await tokenFor(credentials));
  }

  return {
    anonymousPage: (viewport = DESKTOP) => newPage(viewport),
    signedInPage,
    async open(model, options = {}) {
      const screen = new model(await signedInPage(options.as ?? adminCredentials(), options.viewport));
      await screen.goto();
      return screen;
    },
    keptPage(credentials, viewport = DESKTOP) {
      const key = `${credentials?.email ?? 'anonymous'} ${viewport.width}x${viewport.height}`;
      let page = kept.get(key);
      if (!page) {
        page = (async () => {
          const opened = await newPage(viewport, credentials ? await tokenFor(credentials) : undefined, true);
          // A beforeunload prompt (a form left unsaved) lets the next goto leave.
          opened.on('dialog', (dialog) => {
            if (dialog.type() === 'beforeunload') void dialog.accept();
          });
          return opened;
        })();
        kept.set(key, page);
      }
      return page;
    },
    pageErrors: (page) => errors.get(page) ?? [],
  };
}
