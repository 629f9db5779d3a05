import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The release tier: real server processes started, killed with SIGKILL mid-write, loaded,
 * run as replicas; the spreadsheet programs (LibreOffice, Gnumeric) and the volume import.
 * `npm test` runs them; `npm run test:release` runs only them.
 */
const RELEASE = [
  'apps/server/test/crash/**/*.test.ts',
  'apps/server/test/audit/audit-crash.test.ts',
  'apps/server/test/faults/**/*.test.ts',
  'apps/server/test/startup/**/*.test.ts',
  'apps/server/test/load/**/*.test.ts',
  'apps/server/test/excel/excel-volume.routes.test.ts',
  'apps/server/test/excel/excel-spreadsheet-programs.routes.test.ts',
  'apps/server/test/raise-cycles/raise-worksheet-programs.routes.test.ts',
];

/**
 * Server tests that never open a database: part of `npm run test:fast` (the `unit` project),
 * not of the server projects.
 */
const SERVER_WITHOUT_DATABASE = [
  'apps/server/test/architecture/boundaries.test.ts',
  'apps/server/test/architecture/file-names.test.ts',
  'apps/server/test/architecture/money-conversions.test.ts',
  'apps/server/test/calculator/calculation-contract.test.ts',
  'apps/server/test/excel/import-plan.test.ts',
  'apps/server/test/impact/back-pay.calc.test.ts',
  'apps/server/test/excel/import-rows.test.ts',
  'apps/server/test/excel/sheet-reader.test.ts',
  'apps/server/test/excel/xml-scanner.test.ts',
  'apps/server/test/oidc/oidc.config.test.ts',
  'apps/server/test/pay-transparency/adjusted-gap.calc.test.ts',
  'apps/server/test/raise-cycles/raise-worksheet.calc.test.ts',
  'apps/server/test/pay-transparency/pay-gap.property.test.ts',
  'apps/server/test/pay-transparency/pay-year.property.test.ts',
  'apps/server/test/security/derivation-doc.test.ts',
];

/**
 * Server files that run once, on PGlite, and not again on PostgreSQL (`server-pg`,
 * `release-pg`): their subject is not the database — the HTTP layer, validation, who may see
 * what, texts, files and formats — so PostgreSQL behind them checks nothing PGlite did not.
 * Every other server file (queries, constraints, concurrency and replicas, transactions,
 * imports, migrations, crashes) runs on both; a new file does too until it is listed here.
 * docs/testing.md says which run where and why.
 */
const PGLITE_ONLY = [
  // The HTTP layer and the API's description: envelopes, headers, compression, paths, limits.
  'apps/server/test/architecture/openapi.test.ts',
  'apps/server/test/architecture/route-paths.test.ts',
  'apps/server/test/auth/auth.routes.test.ts',
  'apps/server/test/auth/tokens.test.ts',
  'apps/server/test/calculator/calculator.routes.test.ts',
  'apps/server/test/compression/compression.routes.test.ts',
  'apps/server/test/excel/excel-hostile.routes.test.ts',
  'apps/server/test/excel/excel-limits.routes.test.ts',
  'apps/server/test/faults/over-limit-body.test.ts',
  'apps/server/test/insights/breakdown.routes.test.ts',
  'apps/server/test/insights/insights.routes.test.ts',
  'apps/server/test/oidc/oidc.routes.test.ts',
  'apps/server/test/security/headers.test.ts',
  'apps/server/test/security/route-spellings.test.ts',
  // Validation: refused before anything is written.
  'apps/server/test/auth/password-rules.routes.test.ts',
  'apps/server/test/security/bad-input.test.ts',
  'apps/server/test/security/text-hygiene.test.ts',
  'apps/server/test/settings/settings.validation.test.ts',
  // Who may read what: the same rows whatever stores them.
  'apps/server/test/audit/change-words.test.ts',
  'apps/server/test/security/access-matrix.test.ts',
  'apps/server/test/security/leak.test.ts',
  'apps/server/test/security/logs.test.ts',
  'apps/server/test/security/reconstruction.test.ts',
  // Texts, figures worked out in code, files and formats: workbooks, PDFs, the demo's content.
  'apps/server/test/architecture/money-format.test.ts',
  'apps/server/test/audit/change-words-texts.test.ts',
  'apps/server/test/calculator/calculator-pricing.test.ts',
  'apps/server/test/company/company.routes.test.ts',
  'apps/server/test/employees/employee-gender.routes.test.ts',
  'apps/server/test/excel/excel-export-as-of.routes.test.ts',
  'apps/server/test/excel/excel-export.routes.test.ts',
  'apps/server/test/excel/excel-spreadsheet-programs.routes.test.ts',
  'apps/server/test/raise-cycles/raise-worksheet-programs.routes.test.ts',
  'apps/server/test/excel/excel-template.routes.test.ts',
  'apps/server/test/impact/impact-export.test.ts',
  'apps/server/test/insights/breakdown-figures.test.ts',
  'apps/server/test/pay-transparency/demo-report.test.ts',
  'apps/server/test/pay-transparency/pay-transparency.routes.test.ts',
  'apps/server/test/pay-transparency/posting-range.routes.test.ts',
  'apps/server/test/seed/demo.test.ts',
  // PGlite's own: its migrations from old data, buffers, data directory, `npm start`.
  'apps/server/test/**/*.pglite-only.test.ts',
];

/** A server project on one database: the medium tier, the API tier, or the release tier. */
function serverProject(
  name: string,
  kind: 'pglite' | 'postgres',
  include: string[],
  exclude: string[],
  { isolate = true } = {},
) {
  return {
    test: {
      name,
      include,
      exclude,
      // Without isolation a worker loads the app's modules once, not once per file (their
      // loading was over a third of the API tier's time). Each file still opens its own
      // database and builds its own app; nothing a file keeps in a module may change what
      // another file's test answers.
      isolate,
      environment: 'node' as const,
      globalSetup: ['apps/server/test/support/global-setup.ts'],
      // A net for a hang, not a speed check. `npm test` runs these at a lower priority beside the
      // browser files: on a busy 2-core machine a file's setup (its app, a seeded company) has
      // waited over 60 s for a core while each takes a few seconds alone.
      testTimeout: 240_000,
      hookTimeout: 240_000,
      env: { TEST_DB_KIND: kind },
    },
  };
}

const SERVER_TESTS = ['apps/server/test/**/*.test.ts'];

/**
 * The medium tier: the services built by the composition root on a PGlite copy of the
 * template, called without the HTTP app (test/support/medium.ts) — queries and rules whose
 * subject is not the HTTP layer. Part of `npm run test:fast`; on PostgreSQL those not in
 * PGLITE_ONLY run with the rest of `server-pg`. A file listed here builds no app
 * (test/support/medium.ts).
 */
const MEDIUM = [
  'apps/server/test/architecture/money-format.test.ts',
  'apps/server/test/audit/change-words-texts.test.ts',
  'apps/server/test/calculator/calculator-pricing.test.ts',
  'apps/server/test/employees/employees-search.test.ts',
  'apps/server/test/excel/import-pay.test.ts',
  'apps/server/test/impact/back-pay-model.test.ts',
  'apps/server/test/insights/breakdown-figures.test.ts',
  'apps/server/test/insights/insights-figures.test.ts',
  'apps/server/test/insights/pay-as-of-figures.test.ts',
  'apps/server/test/pay-transparency/demo-report.test.ts',
  'apps/server/test/pay-transparency/pay-year-figures.test.ts',
  'apps/server/test/pay-transparency/pay-year-days.test.ts',
];

/** Projects whose files each take minutes: real server processes, the bench. */
const SLOW_PROJECTS = new Set(['release', 'release-pg', 'bench']);

/**
 * Longest file first, whatever its project, so that no long file starts last and runs alone at
 * the end while the other worker idles. Vitest's own order runs the projects one after another
 * (by name) and, where it has no durations from a previous run (a fresh `npm ci` has none), puts
 * the largest file first: the release tier's short files — minutes each — came last. Here a
 * file's last duration (Vitest's cache) counts where there is one; otherwise the release and
 * bench files go first, then the rest by size (bytes taken as milliseconds: the right order of
 * magnitude for a server file).
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const estimate = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(config.root, spec.moduleId)}`;
      const last = cache.getFileTestResults(key);
      if (last) return last.duration;
      const size = cache.getFileStats(key)?.size ?? 0;
      return (SLOW_PROJECTS.has(spec.project.name) ? 600_000 : 0) + size;
    };
    const estimates = new Map(files.map((spec) => [spec, estimate(spec)]));
    // A worker serves one project, and one without isolation goes on to its project's next file
    // with the modules loaded rather than starting anew: such a project's files stay together,
    // placed by their sum. Isolated files go by their own estimate.
    const projectTotals = new Map<string, number>();
    for (const [spec, ms] of estimates)
      projectTotals.set(spec.project.name, (projectTotals.get(spec.project.name) ?? 0) + ms);
    const place = (spec: TestSpecification) =>
      spec.project.config.isolate ? estimates.get(spec)! : projectTotals.get(spec.project.name)!;
    return [...files].sort(
      (a, b) =>
        place(b) - place(a) ||
        a.project.name.localeCompare(b.project.name) ||
        estimates.get(b)! - estimates.get(a)!,
    );
  }
}

/**
 * One runner for every test, in tiers (see the README's scripts): pure packages and the
 * server's database-free tests (`unit`), the services on PGlite without the app (`medium`),
 * web components in jsdom (`web`), the API through the
 * real app on PGlite (`server`) and on PostgreSQL when TEST_DATABASE_URL is set (`server-pg`),
 * the process-level release tier (`release`, `release-pg`), and browser tests in real
 * Chromium (`e2e`).
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core
    // machines this runs on, so every file ran one after another. Two workers run the server
    // and web files side by side (the browser files too, each worker on its own server); each server
    // file has its own database (a PGlite copy, or a PostgreSQL database cloned from the
    // template), so files never share state.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', ...SERVER_WITHOUT_DATABASE],
          environment: 'node',
        },
      },
      serverProject('server', 'pglite', SERVER_TESTS, [...RELEASE, ...SERVER_WITHOUT_DATABASE, ...MEDIUM], {
        isolate: false,
      }),
      serverProject('medium', 'pglite', MEDIUM, [], { isolate: false }),
      serverProject('release', 'pglite', RELEASE, []),
      ...(withPostgres
        ? [
            serverProject(
              'server-pg',
              'postgres',
              SERVER_TESTS,
              [...RELEASE, ...SERVER_WITHOUT_DATABASE, ...PGLITE_ONLY],
              { isolate: false },
            ),
            serverProject('release-pg', 'postgres', RELEASE, PGLITE_ONLY),
          ]
        : []),
      {
        test: {
          name: 'bench',
          include: ['bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One module instance per worker (the setup file puts back what a test may leave: the
          // DOM, local storage, the company's format): four times faster than a fresh load of
          // Mantine and React for each file.
          isolate: false,
          setupFiles: ['./src/test/setup.ts'],
          // A hang guard only: on a busy machine a first render (Mantine, jsdom) has taken over 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          // A hang guard, not a speed check: `npm test` runs these beside the other tiers, and on
          // a busy 2-core machine a whole journey (every step waiting on its condition) has taken
          // just over 60 s.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // Two files at a time, each worker with a server and database of its own
          // (e2e/support/global-setup.ts): a browser file spends much of its time waiting on
          // the server and the page, so two overlap on two cores.
          maxWorkers: 2,
          // A hang guard for expect.poll rather than its 1 s: under the whole suite on two cores a
          // full page load has taken over 5 s. A passing poll never waits longer.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
