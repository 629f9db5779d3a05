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
  // Every tier, in three Vitest runs, so that what waits and what computes share the two cores:
  // - the browser files (two at a time, each worker with its own Chromium and server), the
  //   longest path, start at once. A journey is a chain of short waits on its server and
  //   Chromium and is idle most of the time: it runs at normal priority, so it keeps its pace;
  // - beside them, at a lower priority (nice 10, inherited by the workers), the tiers that only
  //   compute: engine, shared, medium, web components, the API. They fill the cores the
  //   browser leaves;
  // - when the browser run ends, the release tier and the bench smoke test (real server
  //   processes started, killed and loaded) at normal priority: beside the browser run their
  //   waits on processes stretched several times over.
  // The browser and release runs' lines are prefixed "[browser]" and "[release]". All must pass.
  const canNice = process.platform !== 'win32' && !spawnSync('nice', ['true']).error;
  const exitOf = (child) => new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  const start = (projects, { prefix, nice = 0 }) => {
    const vitest = ['vitest', 'run', ...projectArgs(projects), ...filtered, ...passThrough];
    const [cmd, cmdArgs] =
      canNice && nice ? ['nice', ['-n', String(nice), 'npx', ...vitest]] : ['npx', vitest];
    if (!prefix) return { child: spawn(cmd, cmdArgs, { cwd: root, env: process.env, stdio: 'inherit' }) };
    const child = spawn(cmd, cmdArgs, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Kept to be printed again at the end: interleaved with another run, a failure's lines
    // would otherwise be lost above its summary in a log that shows only its tail.
    const lines = [];
    const print = (line) => {
      lines.push(line);
      process.stdout.write(`${prefix} ${line}\n`);
    };
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const split = (rest + chunk).split('\n');
        rest = split.pop() ?? '';
        for (const line of split) print(line);
      });
      stream.on('end', () => rest && print(rest));
    }
    return { child, prefix, lines };
  };
  /** The failures vitest reports at the end of a prefixed run, then its summary, once more. */
  const reprint = ({ prefix, lines }, code) => {
    const plain = stripVTControlCharacters;
    const failedAt = lines.findIndex((line) => /Failed Tests? \d+|Unhandled Error/.test(plain(line)));
    const failing = lines.filter((line) => /^\s*(FAIL|×|❯)\s/.test(plain(line)));
    // A CI log may show only its last lines: the details first, then the failing files' list.
    const details = failedAt >= 0 ? lines.slice(failedAt, failedAt + 50) : lines.slice(-30);
    console.error(`\nThe ${prefix} run, its failures again:`);
    for (const line of [...details, ...new Set(failing)].slice(0, 80)) console.error(`${prefix} ${line}`);
    console.error(`\nThe ${prefix} tests failed (exit ${code}): see the ${prefix} lines.`);
  };

  const browser = start(TIERS.browser, { prefix: '[browser]' });
  const computing = start(['unit', 'medium', 'web', ...TIERS.http], { nice: 10 });
  // Listened to now: this run may end before the browser run does.
  const computingExit = exitOf(computing.child);
  const browserCode = await exitOf(browser.child);
  const release = start([...TIERS.release, 'bench'], { prefix: '[release]' });
  const [computingCode, releaseCode] = await Promise.all([computingExit, exitOf(release.child)]);
  if (browserCode !== 0) reprint(browser, browserCode);
  if (releaseCode !== 0) reprint(release, releaseCode);
  process.exit([browserCode, releaseCode, computingCode].find((code) => code !== 0) ?? 0);
}
