import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { measureDated } from './dated.ts';
import { createBenchDatabase } from './generate.ts';
import { startBenchApp } from './lib/bench-app.ts';

const size = Number(process.argv[2] ?? 100000);
const url = process.argv[3] ?? '/api/pay-transparency?year=2025';
const bench = await createBenchDatabase({ employees: size });
const app = await startBenchApp(bench.database, { dataDir: bench.dataDir });
await measureDated(app, bench.database.db, size, 1, 'pglite', new Set());
const get = async () => {
  const t = performance.now();
  const r = await app.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${app.token}` } });
  console.log(r.statusCode, Math.round(performance.now() - t), 'ms');
};
await get();
await get();
await get();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
await get();
const { profile } = await session.post('Profiler.stop');
writeFileSync('/tmp/year.cpuprofile', JSON.stringify(profile));
console.log(JSON.stringify((globalThis as any).C));
await app.close();
await bench.dispose();
