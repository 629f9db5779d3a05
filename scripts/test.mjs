#!/usr/bin/env node
// `npm test`: every test — pure packages, the server on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set), web components, and browser tests in the system Chromium.
// `npm test -- --tier <name>` runs one tier (the `test:*` scripts): fast, http, browser, release.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const tierAt = args.indexOf('--tier');
const tier = tierAt >= 0 ? args[tierAt + 1] : undefined;
const passThrough = tierAt >= 0 ? args.filter((_, i) => i !== tierAt && i !== tierAt + 1) : args;
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The vitest projects of each tier (vitest.config.ts defines them). */
const TIERS = {
  // Engine, shared contract, the server's database-free tests, the services on PGlite without
  // the HTTP app (medium), web components.
  fast: ['unit', 'medium', 'web'],
  // The API through the real app: every route's envelope, auth, access matrix, rules, imports.
  http: ['server', ...(withPostgres ? ['server-pg'] : [])],
  // Real Chromium against the built app: journeys, the accessibility sweep, the looks.
  browser: ['e2e'],
  // Real server processes: crash, kill, `npm start`, load, replicas, volume, spreadsheet programs.
  release: ['release', ...(withPostgres ? ['release-pg'] : [])],
};
if (tier !== undefined && !(tier in TIERS)) {
  console.error(`Unknown tier "${tier}"; the tiers are ${Object.keys(TIERS).join(', ')}.`);
  process.exit(1);
}
const needs = (name) => tier === undefined || tier === name;

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (needs('browser') && !existsSync(chromium)) {
  console.error(
    `\nChromium not found at ${chromium}; the browser tests need it.\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      '(or point CHROMIUM_PATH at an existing Chromium or Chrome binary).\n',
  );
  process.exit(1);
}

// The pay statement tests read the PDF back with poppler's pdftotext / pdftoppm.
const pdfTools = needs('http') ? spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }) : {};
if (pdfTools.error) {
  console.error(
    '\npdftotext not found; the pay statement tests read the PDF back with it.\n' +
      'Install it with:  sudo apt-get update && sudo apt-get install -y poppler-utils\n',
  );
  process.exit(1);
}

function run(cmd, cmdArgs) {
  const result = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The browser and release tests run the built app, exactly as `npm start` serves it.
if (needs('browser') || needs('release')) run('npm', ['run', 'build', '--silent']);
if (withPostgres && (needs('http') || needs('release')))
  console.log(`Server tests also run on PostgreSQL (${process.env.TEST_DATABASE_URL}).`);
const projectArgs = (names) => names.flatMap((name) => ['--project', name]);
// A file filter may match files of one run only; the other then has nothing to run.
const filtered = passThrough.length > 0 ? ['--passWithNoTests'] : [];

if (tier !== undefined) {
  run('npx', ['vitest', 'run', ...projectArgs(TIERS[tier]), ...passThrough]);
} else {
  // Every tier. The browser files (two at a time, each worker with its own Chromium and server)
  // are the longest path, so they start at once in their own run beside the others instead of
  // queueing behind them; their lines are prefixed "[browser]". Both runs must pass.
  const others = ['unit', 'medium', 'web', ...TIERS.http, ...TIERS.release, 'bench'];
  const exitOf = (child) => new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  const browser = spawn(
    'npx',
    ['vitest', 'run', ...projectArgs(TIERS.browser), ...filtered, ...passThrough],
    {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Kept to be printed again at the end: interleaved with the other run, a failure's lines
  // would otherwise be lost above the other run's summary in a log that shows only its tail.
  const browserLines = [];
  const printBrowser = (line) => {
    browserLines.push(line);
    process.stdout.write(`[browser] ${line}\n`);
  };
  for (const stream of [browser.stdout, browser.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) printBrowser(line);
    });
    stream.on('end', () => rest && printBrowser(rest));
  }
  // The rest runs at a lower priority (nice 10, inherited by its workers and the servers they
  // start). A browser journey is a chain of short waits on its server and Chromium, and it spends
  // most of its time idle: given the CPU whenever it asks, it keeps its pace, and the rest fills
  // the cores it leaves. At equal priority the two runs fought for two cores and together took
  // longer than one after the other.
  const vitest = ['vitest', 'run', ...projectArgs(others), ...filtered, ...passThrough];
  const canNice = process.platform !== 'win32' && !spawnSync('nice', ['true']).error;
  const rest = spawn(canNice ? 'nice' : 'npx', canNice ? ['-n', '10', 'npx', ...vitest] : vitest, {
    cwd: root,
    env: process.env,
    stdio: 'inherit',
  });
  const [browserCode, restCode] = await Promise.all([exitOf(browser), exitOf(rest)]);
  if (browserCode !== 0) {
    // The failures vitest reports at the end of its run, then its summary, once more.
    const plain = stripVTControlCharacters;
    const failedAt = browserLines.findIndex((line) => /Failed Tests? \d+|Unhandled Error/.test(plain(line)));
    const failing = browserLines.filter((line) => /^\s*(FAIL|×|❯)\s/.test(plain(line)));
    // A CI log may show only its last lines: the details first, then the failing files' list.
    const details = failedAt >= 0 ? browserLines.slice(failedAt, failedAt + 50) : browserLines.slice(-30);
    console.error('\nThe browser run, its failures again:');
    for (const line of [...details, ...new Set(failing)].slice(0, 80)) console.error(`[browser] ${line}`);
    console.error(`\nThe browser tests failed (exit ${browserCode}): see the [browser] lines.`);
  }
  process.exit(browserCode !== 0 ? browserCode : restCode);
}
