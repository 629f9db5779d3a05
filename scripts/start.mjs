#!/usr/bin/env node
// `npm start`: builds the web app and the server when a build is missing or older than its
// sources, then runs the built server — plain JavaScript, node alone, no compiler at run time.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, newestMtime, spawnServer } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');

const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'packages/shared/src',
  'packages/salary-engine/src',
];
const sourceTime = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourceTime) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await ensureServerBuild();

const server = spawnServer({}, { stdio: 'inherit', args: process.argv.slice(2) });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
