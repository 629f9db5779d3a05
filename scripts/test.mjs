#!/usr/bin/env node
// `npm test`: every test — pure packages, the server on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set), web components, and browser tests in the system Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const e2eOnly = args.includes('--e2e-only');
const passThrough = args.filter((a) => a !== '--e2e-only');

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `\nChromium not found at ${chromium}; the browser tests need it.\n` +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      '(or point CHROMIUM_PATH at an existing Chromium or Chrome binary).\n',
  );
  process.exit(1);
}

// The pay statement tests read the PDF back with poppler's pdftotext / pdftoppm.
const pdfTools = spawnSync('pdftotext', ['-v'], { stdio: 'ignore' });
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

// The browser tests run against the built app, exactly as `npm start` serves it.
run('npm', ['run', 'build', '--silent']);
if (process.env.TEST_DATABASE_URL)
  console.log(`Server tests also run on PostgreSQL (${process.env.TEST_DATABASE_URL}).`);

// A run the caller narrowed to some projects is one vitest run, as asked.
const picksProjects = passThrough.some((a) => a === '--project' || a.startsWith('--project='));
if (e2eOnly || picksProjects) {
  run('npx', ['vitest', 'run', ...(e2eOnly ? ['--project', 'e2e'] : []), ...passThrough]);
  process.exit(0);
}

/*
 * The whole suite is two vitest runs side by side. The browser files run one at a time (they
 * share one server and its data), and vitest runs such a project only after every other one,
 * on one worker while the second core idled: ~40% of the whole run on the 2-core machines
 * this runs on. Side by side, each run has one core: the browser files in order, and the
 * unit, server, web and bench files one at a time beside them.
 */
function runAlongside(vitestArgs, prefix) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...vitestArgs], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
        to.write(`${prefix}${line}\n`),
      );
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// A file filter may match files of one run only: the other then has nothing to run.
const filtered = passThrough.length > 0 ? ['--passWithNoTests'] : [];
const codes = await Promise.all([
  runAlongside(['--project', '!e2e', '--maxWorkers=1', ...filtered, ...passThrough], ''),
  runAlongside(['--project', 'e2e', ...filtered, ...passThrough], '[browser] '),
]);
if (codes.some((code) => code !== 0)) {
  console.error(
    `\nnpm test failed: ${codes[0] === 0 ? '' : 'unit/server/web/bench run failed; '}${codes[1] === 0 ? '' : 'browser run failed'}`,
  );
  process.exit(1);
}
console.log('\nnpm test: every run passed (unit, server, web and bench; browser).');
