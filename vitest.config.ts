import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * One runner for every test: pure packages, the server on PGlite (and on PostgreSQL when
 * TEST_DATABASE_URL is set), web components in jsdom, and browser tests in real Chromium.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core
    // machines this runs on, so every file ran one after another (~38 min). Two workers run the
    // server and web files side by side (the browser files stay one at a time, below); each
    // server file has its own database (a PGlite copy, or a PostgreSQL database cloned from
    // the template), so files never share state.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          // A net for a hang, not a speed check: some files take ~30 s on a slow, busy machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          env: { TEST_DB_KIND: 'pglite' },
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-pg',
                include: ['apps/server/test/**/*.test.ts'],
                exclude: ['apps/server/test/**/*.pglite-only.test.ts'],
                environment: 'node',
                globalSetup: ['apps/server/test/support/global-setup.ts'],
                testTimeout: 60_000,
                hookTimeout: 60_000,
                env: { TEST_DB_KIND: 'postgres' },
              },
            },
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
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One Chromium per file; two cores leave no room for more.
          maxWorkers: 1,
          fileParallelism: false,
          // A page that is a beat slower to settle on a busy machine is given Playwright's 5 s
          // rather than expect.poll's 1 s; a passing poll never waits longer.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
