import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { EmployeesPage } from './pages/employees-page.ts';
import { InsightsPage } from './pages/insights-page.ts';
import { SettingsHub } from './pages/settings-hub.ts';
import { adminCredentials } from './support/api.ts';
import { MOBILE, screenshot, useBrowser, type Viewport, WIDE } from './support/browser.ts';
import { type SeededRules, seedEmployees, seedRules, uniqueName } from './support/seed-employees.ts';

/*
 * What an HR manager met on day one, measured in Chromium: money figures that break in the
 * middle, a table column cut off with no hint, no print view, phone screens that open on
 * toolbars, and the directory's Total row out of sight.
 */

const browser = useBrowser();
const WIDTHS = [
  ['1440 px', WIDE],
  ['390 px', MOBILE],
] as const;
/** An A4 page's printable width at 96 dpi: 210 mm less two 12 mm margins. */
const A4_CONTENT: Viewport = { width: Math.floor(((210 - 24) / 25.4) * 96), height: 1100 };

let rules: SeededRules;
let tag: string;

beforeAll(async () => {
  // Salaries in the hundreds of thousands: the totals run to thirteen characters and more.
  rules = await seedRules(987_654.32);
  tag = uniqueName('Layout');
  await seedEmployees(
    rules,
    // More rows than the first screen holds: the Total row must not wait below them.
    Array.from({ length: 30 }, (_, i) => ({
      name: `${tag} ${i}`,
      yearsExperience: i,
      gender: i % 2 ? ('MALE' as const) : ('FEMALE' as const),
    })),
  );
});

interface Misfit {
  text: string;
  why: string;
}

/**
 * Every money figure drawn inside `selector` ('$1,234.56' in any text node), and what is wrong
 * with each: drawn on more than one line, or cut by a box that hides overflow.
 */
function moneyMisfits(page: Page, selector: string) {
  return page.evaluate((selector) => {
    const found: { text: string; why: string | null }[] = [];
    for (const root of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/-?\$[\d,]+\.\d{2}/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          if (rects.length === 0) continue; // not drawn (a closed disclosure)
          const tops = new Set(rects.map((r) => Math.round(r.top)));
          let why: string | null = tops.size > 1 ? `drawn on ${tops.size} lines` : null;
          const box = range.getBoundingClientRect();
          for (let el = node.parentElement; el && !why; el = el.parentElement) {
            const overflow = getComputedStyle(el).overflowX;
            if (overflow === 'visible') continue;
            if (overflow === 'auto' || overflow === 'scroll') break; // it can be scrolled to
            const clip = el.getBoundingClientRect();
            if (box.right > clip.right + 1 || box.left < clip.left - 1) why = 'cut off';
          }
          found.push({ text: match[0], why });
        }
      }
    }
    return found;
  }, selector);
}

async function expectMoneyOnOneLine(page: Page, selector: string) {
  const figures = await moneyMisfits(page, selector);
  expect(figures.length, `money figures in ${selector}`).toBeGreaterThan(0);
  const misfits: Misfit[] = figures.filter((f): f is Misfit => f.why !== null);
  expect(misfits).toEqual([]);
}

/**
 * Table header cells that do not fit: cut by a box that hides overflow, or scrolled out of a
 * box that shows no sign of more columns (on paper nothing scrolls), or past the page's edge.
 */
function clippedColumns(page: Page, selector: string, paper = false) {
  return page.evaluate(
    ([selector, paper]) => {
      const clipped: string[] = [];
      for (const th of document.querySelectorAll<HTMLElement>(`${selector} table th`)) {
        if (!th.checkVisibility()) continue;
        const cell = th.getBoundingClientRect();
        if (cell.width === 0) continue;
        const name = (th.textContent ?? '').trim() || '(blank)';
        let boxed = false;
        for (let el = th.parentElement; el; el = el.parentElement) {
          const overflow = getComputedStyle(el).overflowX;
          if (overflow === 'visible') continue;
          boxed = true;
          const clip = el.getBoundingClientRect();
          if (cell.right <= clip.right + 1 && cell.left >= clip.left - 1) break;
          const scrolls = overflow === 'auto' || overflow === 'scroll';
          const hinted = el.parentElement?.closest('[data-more-left], [data-more-right]') !== null;
          if (!scrolls || paper) clipped.push(`${name}: cut off`);
          else if (!hinted) clipped.push(`${name}: out of view, no sign of more columns`);
          break;
        }
        if (!boxed && cell.right > document.documentElement.clientWidth + 1)
          clipped.push(`${name}: past the page's edge`);
      }
      return clipped;
    },
    [selector, paper] as const,
  );
}

/** Buttons, the navigation and the phone header that are still drawn (they must not print). */
function printedChrome(page: Page) {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'button, a.mantine-Button-root, nav, .mantine-AppShell-header, .skip-link',
      ),
    ]
      .filter((el) => el.checkVisibility())
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`),
  );
}

/** Replaces window.print with a counter; answers how often the page has asked to print. */
async function countPrints(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed++;
    };
  });
  return () => page.evaluate(() => (window as unknown as { printed: number }).printed);
}

async function openOverview(viewport: Viewport) {
  const page = await browser.signedInPage(adminCredentials(), viewport);
  await page.goto('/insights');
  await new InsightsPage(page).waitForCharts();
  return page;
}

async function openDirectory(viewport: Viewport) {
  const page = await browser.signedInPage(adminCredentials(), viewport);
  const list = new EmployeesPage(page);
  await list.goto();
  return { page, list };
}

async function openBreakdown(viewport: Viewport) {
  const { page, list } = await openDirectory(viewport);
  await list.searchAndWait(tag);
  await list.rows
    .first()
    .getByRole('button', { name: /^Why this salary\?/ })
    .click();
  const drawer = page.getByRole('dialog', { name: /^Why this salary\?/ });
  await drawer.locator('[data-total="grand"]').first().waitFor();
  return { page, drawer };
}

async function openReport(viewport: Viewport) {
  const page = await browser.signedInPage(adminCredentials(), viewport);
  await page.goto('/pay-transparency');
  await page.getByTestId('headline-value').first().waitFor();
  await page.getByTestId('category-table').waitFor();
  return page;
}

describe('money figures stay whole', () => {
  for (const [width, viewport] of WIDTHS) {
    it(`on Pay Overview's cards and tables, each on one line (${width})`, async () => {
      const page = await openOverview(viewport);
      // The data tables under the charts, opened as the HR manager did.
      for (const summary of await page.getByText('Data table', { exact: true }).all()) await summary.click();
      await expectMoneyOnOneLine(page, '[data-figure]');
      await expectMoneyOnOneLine(page, 'main');
      expect(await clippedColumns(page, 'main')).toEqual([]);
      await screenshot(page, `day-one-overview-${viewport.width}`);
    });

    it(`in the directory and its Total row, none cut short (${width})`, async () => {
      const { page, list } = await openDirectory(viewport);
      // Every column in view in turn: the money columns are at the right.
      await list.table.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
      await expectMoneyOnOneLine(page, '[data-testid="directory-totals"]');
      await expectMoneyOnOneLine(page, '[aria-label="Employees"] tbody');
      expect(await clippedColumns(page, 'main')).toEqual([]);
      await screenshot(page, `day-one-directory-${viewport.width}`);
    });

    it(`in the salary breakdown (${width})`, async () => {
      const { page } = await openBreakdown(viewport);
      await expectMoneyOnOneLine(page, '[role="dialog"]');
      await screenshot(page, `day-one-breakdown-${viewport.width}`);
    });
  }

  it("shows Total cost by job's every column at 1440 px, without scrolling", async () => {
    const page = await openOverview(WIDE);
    const panel = page.getByRole('region', { name: 'Total cost by job' });
    await panel.getByText('Data table', { exact: true }).click();
    const region = panel.getByRole('region', { name: 'Cost by job' });
    const [scrollWidth, clientWidth] = await region.evaluate((box) => [box.scrollWidth, box.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });

  it('says a table has more columns when they are scrolled out of view (390 px)', async () => {
    const page = await openOverview(MOBILE);
    const heatmap = page.locator('section[aria-label="Salary by grade and level"]');
    const scroller = heatmap.locator('[role="region"]');
    await heatmap.getByText('Scroll sideways to see every column →').waitFor();
    await scroller.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    await heatmap.getByText('← Scroll sideways to see every column', { exact: true }).waitFor();
  });
});

describe('printing on A4', () => {
  const screens = [
    ['Pay Overview', (v: Viewport) => openOverview(v)],
    ['the pay transparency report', (v: Viewport) => openReport(v)],
    ['the salary breakdown', async (v: Viewport) => (await openBreakdown(v)).page],
  ] as const;

  for (const [name, open] of screens) {
    it(`prints ${name} without navigation or buttons, every column on the paper`, async () => {
      const page = await open(WIDE);
      const printed = await countPrints(page);
      const scope = name === 'the salary breakdown' ? page.getByRole('dialog') : page.getByRole('main');
      await scope.getByRole('button', { name: 'Print', exact: true }).click();
      expect(await printed()).toBe(1);

      await page.setViewportSize(A4_CONTENT);
      await page.emulateMedia({ media: 'print' });
      expect(await printedChrome(page)).toEqual([]);
      const content = name === 'the salary breakdown' ? '[role="dialog"]' : 'main';
      expect(await page.locator(content).first().isVisible()).toBe(true);
      expect(await clippedColumns(page, content, true)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        A4_CONTENT.width,
      );
      if (name === 'the salary breakdown')
        expect(await page.locator('#root').evaluate((root) => root.checkVisibility())).toBe(false);
      await screenshot(page, `day-one-print-${name}`);
      // The paper itself: Chromium lays the page out on A4 and writes a PDF.
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    });
  }
});

describe('first screens', () => {
  it('shows employees and the Total row on the directory at 390 px, the filters one tap away', async () => {
    const { page, list } = await openDirectory(MOBILE);
    const height = MOBILE.height;
    const firstRow = await list.rows.first().boundingBox();
    expect(firstRow!.y + firstRow!.height).toBeLessThanOrEqual(height);
    const totals = await list.totals.boundingBox();
    expect(totals!.y + totals!.height).toBeLessThanOrEqual(height);

    const search = page.getByLabel('Search by Name');
    expect(await search.isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await search.waitFor();
    await Promise.all([page.waitForURL(/name=/), search.fill(tag)]);
    await page.getByRole('button', { name: 'Filters (1 applied)' }).waitFor();
    await screenshot(page, 'day-one-directory-filters-390');
  });

  it('shows the Total row without scrolling at 1440 px', async () => {
    const { list } = await openDirectory(WIDE);
    expect(await list.table.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);
    const totals = await list.totals.boundingBox();
    expect(totals!.y + totals!.height).toBeLessThanOrEqual(WIDE.height);
    expect(await list.totals.textContent()).toMatch(/^Total/);
  });

  it('keeps the Settings menu collapsed at 390 px until asked, and closes it after a choice', async () => {
    const page = await browser.signedInPage(adminCredentials(), MOBILE);
    await page.goto('/settings/jobs');
    const hub = new SettingsHub(page);
    const toggle = hub.sections.getByRole('button', { name: 'Section: Jobs' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await hub.sections.getByRole('link').count()).toBe(0);
    await page.getByRole('button', { name: 'Add Job' }).waitFor();
    const addJob = await page.getByRole('button', { name: 'Add Job' }).boundingBox();
    expect(addJob!.y + addJob!.height).toBeLessThanOrEqual(MOBILE.height);
    await screenshot(page, 'day-one-settings-390');

    await toggle.click();
    await hub.card('Grades').click();
    await page.waitForURL('**/settings/grades');
    await hub.sections.getByRole('button', { name: 'Section: Grades' }).waitFor();
    expect(await hub.sections.getByRole('link').count()).toBe(0);
  });

  it('shows every Settings card and no toggle at 1440 px', async () => {
    const page = await browser.signedInPage(adminCredentials(), WIDE);
    await page.goto('/settings/jobs');
    const hub = new SettingsHub(page);
    expect((await hub.cardLabels()).length).toBeGreaterThanOrEqual(10);
    expect(await hub.sections.getByRole('button').count()).toBe(0);
    await screenshot(page, 'day-one-settings-1440');
  });
});
