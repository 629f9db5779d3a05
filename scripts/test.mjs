#!/usr/bin/env node
// `npm test`: every test — pure packages, the server on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set), web components, and browser tests in the system Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
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
run('npx', ['vitest', 'run', ...(e2eOnly ? ['--project', 'e2e'] : []), ...passThrough]);
