import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALOGS, SCREENS, type Screen, type Seeded, useSeed } from './a11y/screens.ts';
import { adminApi, adminCredentials, createUser, expectOk } from './support/api.ts';
import { type AxeFinding, axeFindings, nodeCount } from './support/axe.ts';
import {
  MOBILE,
  motionless,
  screenshot,
  trackRequests,
  useBrowser,
  type Viewport,
  WIDTHS,
} from './support/browser.ts';
import { htmlcsErrors } from './support/htmlcs.ts';
import { RESULTS_DIR } from './support/paths.ts';
import { profileNames, seedEmployees, seedRules } from './support/seed-employees.ts';
import { seedFactor } from './support/seed-rules.ts';

const browser = useBrowser();
let seeded: Seeded;

/** One line per screen and width in test-results/axe-counts.tsv, for the before/after note. */
async function record(name: string, width: number, findings: AxeFinding[]): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const rules = findings.map((f) => `${f.rule}:${f.nodes}`).join(' ');
  await appendFile(
    path.join(RESULTS_DIR, 'axe-counts.tsv'),
    `${name}\t${width}\t${nodeCount(findings)}\t${rules}\n`,
  );
}

function summary(findings: AxeFinding[]): string[] {
  return findings.map((f) => `${f.rule} (${f.impact}, ${f.nodes}): ${f.help} — ${f.targets.join(' | ')}`);
}

/** The screen in the width's one page (signed in, or not for the login screen), reloaded. */
async function openScreen(screen: Screen, viewport: Viewport): Promise<Page> {
  const page = await browser.keptPage(screen.anonymous ? null : adminCredentials(), viewport);
  const networkQuiet = trackRequests(page);
  await page.goto(screen.path.replace('{employeeId}', String(seeded.employeeId)));
  await page.getByRole('heading', { name: screen.heading, exact: true }).first().waitFor();
  await screen.ready?.(page, seeded);
  await networkQuiet();
  await motionless(page);
  return page;
}

beforeAll(async () => {
  const rules = await seedRules(6500);
  await seedFactor({
    jobId: rules.job.id,
    positionId: rules.positions[0].id,
    factor: 0.1,
    type: 'PERCENTAGE',
  });
  // Both kinds of factor, so both type badges are measured (the fixed one once failed contrast
  // while a run that happened to hold only percentages passed).
  await seedFactor({ jobId: rules.job.id, positionId: rules.positions[1].id, factor: 150, type: 'FIXED' });
  const [employee] = await seedEmployees(rules, [
    { name: 'Zoë Müller' },
    { name: 'Ada Lovelace' },
    // Three women and three men on the same pay: a pay transparency category below 5%.
    ...(['FEMALE', 'MALE'] as const).flatMap((gender) =>
      [1, 2, 3].map((n) => ({ name: `Equal Pay ${gender} ${n}`, gender })),
    ),
  ]);
  await createUser({ name: 'Axe Reader', permissions: ['showSettings'] });
  // One worker request overdue and one answered: both states of the register are measured.
  const admin = await adminApi();
  const id = (employee as { id: number }).id;
  expectOk(
    await admin.post('/pay-transparency/requests', { employeeId: id, receivedOn: '2025-01-10' }),
    'Recording a request',
  );
  expectOk(
    await admin.post('/pay-transparency/requests', {
      employeeId: id,
      receivedOn: '2025-03-03',
      answeredOn: '2025-04-01',
    }),
    'Recording an answered request',
  );
  seeded = { employeeId: (employee as { id: number }).id, ...profileNames(rules) };
  useSeed(seeded);
});

describe.each(WIDTHS)('axe-core at %s px', (width, viewport) => {
  it.each(SCREENS.map((s) => [s.name, s] as const))(
    '%s has no WCAG 2.1 A/AA violations',
    async (name, screen) => {
      const page = await openScreen(screen, viewport);
      const findings = await axeFindings(page);
      await record(name, viewport.width, findings);
      await screenshot(page, `axe-${name}-${width}`);
      expect(summary(findings)).toEqual([]);
      expect(await htmlcsErrors(page), 'HTML_CodeSniffer (WCAG2AA) errors').toEqual([]);
    },
  );

  it.each(
    DIALOGS.filter((d) => !d.only || (d.only === 'mobile' && viewport === MOBILE)).map(
      (d) => [d.name, d] as const,
    ),
  )('open %s has no WCAG 2.1 A/AA violations', async (name, dialog) => {
    const screen = SCREENS.find((s) => s.path === dialog.path) as Screen;
    const page = await openScreen(screen, viewport);
    await dialog.open(page);
    const findings = await axeFindings(page);
    await record(`dialog: ${name}`, viewport.width, findings);
    expect(summary(findings)).toEqual([]);
  });
});
