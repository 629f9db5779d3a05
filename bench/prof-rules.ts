import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createRulesRepository } from '../apps/server/src/modules/pricing/rules.repository.ts';
import { measureDated } from './dated.ts';
import { createBenchDatabase } from './generate.ts';
import { startBenchApp } from './lib/bench-app.ts';

const bench = await createBenchDatabase({ employees: Number(process.argv[2] ?? 100000) });
const app = await startBenchApp(bench.database, { dataDir: bench.dataDir });
await measureDated(app, bench.database.db, 100000, 1, 'pglite', new Set());
const db = bench.database.db;
const repo = createRulesRepository(db);
for (let k = 0; k < 4; k++) {
  const t = performance.now();
  await repo.rules(db, '2025-06-01');
  console.log('rules', Math.round(performance.now() - t));
}
const q = db.select({ n: sql`1` }).from(sql`(select 1) as one`);
void q;
const { rulesOn } = await import('../apps/server/src/modules/rule-calendar/rule-versions.repository.ts');
for (const kind of ['BASE_SALARY', 'ADJUSTMENT_FACTOR', 'SETTINGS'] as const) {
  const t = performance.now();
  const r = await db.execute(sql`explain analyze select count(*) from ${rulesOn(kind, '2025-06-01')} x`);
  console.log(kind, Math.round(performance.now() - t));
  console.log(
    (r as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((x) => x['QUERY PLAN']).join('\n'),
  );
}
void PgDialect;
await app.close();
await bench.dispose();
