#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch) and Vite's dev server proxying /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn('npx', ['vite', '--host'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
