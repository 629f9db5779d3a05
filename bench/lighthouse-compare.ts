import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBenchDatabase } from './generate.ts';
import { type BenchApp, startBenchApp } from './lib/bench-app.ts';
import { WEB_DIST } from './lib/paths.ts';
import {
  LIGHTHOUSE_SCREENS,
  type LighthouseRow,
  launchLighthouseBrowser,
  lighthouseOnce,
  medianRow,
} from './lighthouse.ts';

/*
 * The Lighthouse row alone, for an A/B comparison of web builds on a shared machine: every
 * build is served by its own server over the same 200-employee database, and the runs
 * interleave (run 1 of each build, then run 2 with the builds in the other order, …), so a
 * change in the machine's load falls on both. Each sample records the load average it ran at.
 *
 *   npx tsx bench/lighthouse-compare.ts --build before=/tmp/dist-main --build after=apps/web/dist \
 *     --screens dashboard,calculator,insights --preset mobile --runs 3 --out bench/results/x.json
 *
 * --reports <dir> keeps each run's whole Lighthouse report (its diagnostics: long tasks,
 * bootup time, unused JavaScript) as JSON.
 */

const { values } = parseArgs({
  options: {
    build: { type: 'string', multiple: true },
    screens: { type: 'string', default: 'dashboard,calculator,insights' },
    preset: { type: 'string', default: 'mobile' },
    runs: { type: 'string', default: '3' },
    employees: { type: 'string', default: '200' },
    out: { type: 'string' },
    reports: { type: 'string' },
  },
});

const builds = (values.build?.length ? values.build : [`current=${WEB_DIST}`]).map((spec) => {
  const [name, dir] = spec.includes('=') ? (spec.split('=', 2) as [string, string]) : [spec, spec];
  return { name, dir: path.resolve(dir) };
});
const screens = values.screens.split(',').map((name) => {
  const screen = LIGHTHOUSE_SCREENS.find((s) => s.name === name.trim());
  if (!screen) throw new Error(`Unknown screen ${name}: ${LIGHTHOUSE_SCREENS.map((s) => s.name).join(', ')}`);
  return screen;
});
const presets = values.preset.split(',') as ('mobile' | 'desktop')[];
const runs = Number(values.runs);
const employees = Number(values.employees);

interface Sample extends LighthouseRow {
  build: string;
  run: number;
  /** The 1-minute load average just before the run (2 cores). */
  load1: number;
  at: string;
}

const load1 = () => Math.round(os.loadavg()[0]! * 100) / 100;
const log = (line: string) => process.stderr.write(`${line}\n`);

const bench = await createBenchDatabase({ employees });
const apps: (BenchApp & { build: string })[] = [];
const samples: Sample[] = [];
let version = '';
try {
  for (const build of builds) {
    apps.push({
      ...(await startBenchApp(bench.database, { dataDir: bench.dataDir, listen: true, webDist: build.dir })),
      build: build.name,
    });
  }
  const { browser, close } = await launchLighthouseBrowser();
  try {
    for (let run = 0; run < runs; run++) {
      // Alternate which build goes first, so neither always runs on a warmer (or busier) machine.
      const order = run % 2 ? [...apps].reverse() : apps;
      for (const formFactor of presets) {
        for (const screen of screens) {
          for (const app of order) {
            const load = load1();
            const { row, lhr } = await lighthouseOnce({
              browser,
              baseUrl: app.baseUrl!,
              token: app.token,
              screen,
              formFactor,
            });
            version = lhr.lighthouseVersion;
            const sample = {
              ...row,
              build: app.build,
              run: run + 1,
              load1: load,
              at: new Date().toISOString(),
            };
            samples.push(sample);
            log(
              `run ${run + 1} ${formFactor} ${screen.path} ${app.build}: score ${row.score}, TBT ${row.totalBlockingTimeMs} ms, LCP ${row.largestContentfulPaintMs} ms, DOM ${row.domSize}, CPU blocking ${row.cpuBlockingMs} ms, load ${load}`,
            );
            if (values.reports) {
              mkdirSync(values.reports, { recursive: true });
              writeFileSync(
                path.join(values.reports, `${app.build}-${formFactor}-${screen.name}-${run + 1}.json`),
                JSON.stringify(lhr),
              );
            }
          }
        }
      }
    }
  } finally {
    await close();
  }
} finally {
  for (const app of apps) await app.close();
  await bench.dispose();
}

const medians = builds.flatMap((build) =>
  presets.flatMap((formFactor) =>
    screens.map((screen) => {
      const mine = samples.filter(
        (s) => s.build === build.name && s.formFactor === formFactor && s.screen === screen.path,
      );
      const loads = mine.map((s) => s.load1).sort((a, b) => a - b);
      return { build: build.name, ...medianRow(mine), load1: { min: loads[0], max: loads.at(-1) } };
    }),
  ),
);
const result = {
  lighthouseVersion: version,
  employees,
  runs,
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model },
  builds,
  medians,
  samples,
};
for (const m of medians) {
  log(
    `median ${m.formFactor} ${m.screen} ${m.build}: score ${m.score}, TBT ${m.totalBlockingTimeMs} ms, LCP ${m.largestContentfulPaintMs} ms, DOM ${m.domSize}, CPU blocking ${m.cpuBlockingMs} ms (load ${m.load1.min}–${m.load1.max})`,
  );
}
if (values.out) writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);
