import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let source: Promise<string> | undefined;

/**
 * HTML_CodeSniffer's WCAG 2 AA errors on the page: the second engine pa11y runs beside axe,
 * which finds some things axe lets pass (a fieldset without a legend, a form field that gives
 * the browser a wrong autocomplete token). Warnings and notices ask for a person's judgement
 * and are left out, as pa11y leaves them out of its errors. Injected through CDP like axe.
 */
export async function htmlcsErrors(page: Page): Promise<string[]> {
  source ??= readFile(require.resolve('html_codesniffer/build/HTMLCS.js'), 'utf8');
  await page.evaluate(await source);
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        interface Message {
          type: number;
          code: string;
          msg: string;
          element: Element;
        }
        const htmlcs = (
          window as unknown as {
            HTMLCS: {
              process(standard: string, root: Document, done: () => void, failed: () => void): void;
              getMessages(): Message[];
            };
          }
        ).HTMLCS;
        htmlcs.process(
          'WCAG2AA',
          document,
          () =>
            resolve(
              htmlcs
                .getMessages()
                .filter((m) => m.type === 1)
                .map(
                  (m) =>
                    `${m.code.split('.').slice(-2).join('.')}: ${m.msg} — ${m.element.outerHTML.slice(0, 160)}`,
                ),
            ),
          () => reject(new Error('HTML_CodeSniffer failed to run')),
        );
      }),
  );
}
