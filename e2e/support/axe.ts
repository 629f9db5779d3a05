import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
let source: Promise<string> | undefined;

export interface AxeFinding {
  rule: string;
  impact: string | null;
  help: string;
  /** How many nodes fail the rule. */
  nodes: number;
  /** CSS targets of the failing nodes (first few). */
  targets: string[];
}

/**
 * Runs axe-core in the page (through CDP, so the app's CSP does not block it) and answers what
 * the issue counts: every WCAG 2.0/2.1 A/AA violation, and best-practice ones of critical or
 * serious impact.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const script = await source;
  await page.evaluate(script);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    })) as {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        tags: string[];
        nodes: { target: unknown[] }[];
      }[];
    };
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      tags: v.tags,
      targets: v.nodes.map((n) => String(n.target.join(' '))),
    }));
  });
  return violations
    .filter((v) => {
      const wcag = v.tags.some((tag) => /^wcag2(1)?a{1,2}$/.test(tag));
      return wcag || v.impact === 'critical' || v.impact === 'serious';
    })
    .map(({ tags: _tags, ...rest }) => ({
      ...rest,
      nodes: rest.targets.length,
      targets: rest.targets.slice(0, 5),
    }));
}

/** Node count of the findings (what "axe violations per screen" counts). */
export function nodeCount(findings: AxeFinding[]): number {
  return findings.reduce((sum, f) => sum + f.nodes, 0);
}

/** Fails with axe-core's findings on the page at rest, as "rule: targets" lines, if any. */
export async function expectAxeClean(page: Page, where: string): Promise<void> {
  // At rest: the pointer off whatever the test last clicked, so its hover colours (which axe
  // would read as the control's colours) do not decide the check by where the row landed.
  await page.mouse.move(0, 0);
  const findings = await axeFindings(page);
  expect(
    findings.map((f) => `${f.rule}: ${f.targets.join(', ')}`),
    `axe-core on ${where}`,
  ).toEqual([]);
}
