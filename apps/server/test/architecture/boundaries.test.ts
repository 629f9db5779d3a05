import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The house rules' boundaries, read from the import lines of every source file:
 * - on the server, only repositories (`*.repository.ts`) and `src/db/` use Drizzle or
 *   the schema; routes and services reach the database through a repository;
 * - on the server, every repository is built in the composition root (`services.ts`) and
 *   every write's transaction is opened by the unit of work (`lib/unit-of-work.ts`): no other
 *   code calls a `create…Repository` or `.transaction(` (docs/decisions/0019-unit-of-work.md);
 * - a web feature (`apps/web/src/features/<a>/`) never imports another feature;
 * - no server source file imports itself through others (no import cycle), and no two
 *   modules (`src/modules/<a>/`) import each other (MUTUAL_MODULES would list an exception).
 * Tests under apps/server/test may use the schema directly (factories, row counts).
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER_SRC = path.join(ROOT, 'apps/server/src');
const DB_DIR = path.join(SERVER_SRC, 'db');
const FEATURES = path.join(ROOT, 'apps/web/src/features');

/**
 * Files allowed to break the Drizzle rule today, each with its reason. Keep it short: a
 * listed file that no longer needs its place fails the test too.
 */
const DRIZZLE_EXCEPTIONS: Record<string, string> = {};

/**
 * Modules that still import each other, each with its reason. Keep it short (today: none): a
 * listed pair that no longer does fails the test too. Where two slices need each other, the
 * one below names what it needs in a file of its own and services.ts hands it in: the
 * employees' service asks pricing through employees/employee-pricing.model.ts and the audit through
 * employees/employee-audit.model.ts; the users' service asks auth's sessions through
 * users/user-sessions.model.ts (and the password rule is lib/passwords.ts).
 */
const MUTUAL_MODULES: Record<string, string> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const COMMENTS = /\/\*[\s\S]*?\*\/|(^|[^:\\'"`])\/\/.*$/gm;
const SPECIFIERS = [
  /\b(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Every module a file imports or re-exports, statically or dynamically. */
export function importsOf(source: string): string[] {
  const code = source.replace(COMMENTS, '$1');
  return SPECIFIERS.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1]!));
}

const isDrizzle = (specifier: string) => specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');
const resolvesInto = (file: string, specifier: string, dir: string) =>
  specifier.startsWith('.') && path.resolve(path.dirname(file), specifier).startsWith(dir + path.sep);

/**
 * Drizzle itself, or anything in src/db but the handle: `db/client.ts` (`Db`, opening,
 * migrating) is passed around, since services open the transactions their repositories run in.
 */
const reachesDrizzle = (file: string, specifier: string) =>
  isDrizzle(specifier) ||
  (resolvesInto(file, specifier, DB_DIR) &&
    path.resolve(path.dirname(file), specifier).replace(/\.ts$/, '') !== path.join(DB_DIR, 'client'));

/** "file: import" lines for every server file that reaches Drizzle or the schema outside a repository. */
export function drizzleViolations(files: { file: string; source: string }[]): string[] {
  return files.flatMap(({ file, source }) => {
    if (file.endsWith('.repository.ts') || file.startsWith(DB_DIR + path.sep)) return [];
    if (path.relative(SERVER_SRC, file) in DRIZZLE_EXCEPTIONS) return [];
    return importsOf(source)
      .filter((s) => reachesDrizzle(file, s))
      .map((s) => `${path.relative(ROOT, file)}: imports '${s}' (only *.repository.ts and src/db/ may)`);
  });
}

/** Where repositories are built and transactions opened, each with its reason. */
const BUILDS_AND_OPENS: Record<string, string> = {
  'services.ts': 'the composition root builds every repository',
  'lib/unit-of-work.ts': 'the one place a write opens its transaction',
  'server.ts': 'start-up: the first administrator, before the app is built',
};

/** "file: call" lines for every server file outside those that builds a repository or opens a transaction. */
export function unitOfWorkViolations(files: { file: string; source: string }[]): string[] {
  return files.flatMap(({ file, source }) => {
    const relative = path.relative(SERVER_SRC, file);
    if (file.endsWith('.repository.ts') || file.startsWith(DB_DIR + path.sep)) return [];
    if (relative in BUILDS_AND_OPENS || relative.startsWith(`seed${path.sep}`)) return [];
    const code = source.replace(COMMENTS, '$1');
    return [...code.matchAll(/\bcreate\w+Repository\(|\.transaction\(/g)].map(
      (m) => `${path.relative(ROOT, file)}: calls ${m[0]} (only services.ts and lib/unit-of-work.ts may)`,
    );
  });
}

/** "file: import" lines for every web feature file that imports another feature. */
export function featureViolations(files: { file: string; source: string }[]): string[] {
  return files.flatMap(({ file, source }) => {
    const own = path.relative(FEATURES, file).split(path.sep)[0];
    return importsOf(source)
      .filter((s) => s.startsWith('.'))
      .map((s) => ({ s, target: path.relative(FEATURES, path.resolve(path.dirname(file), s)) }))
      .filter(({ target }) => !target.startsWith('..') && target.split(path.sep)[0] !== own)
      .map(
        ({ s, target }) =>
          `${path.relative(ROOT, file)}: imports '${s}' from feature "${target.split(path.sep)[0]}" (features never import each other)`,
      );
  });
}

/** Relative imports of each file, resolved to files (`.ts` named or not). */
function importGraph(files: { file: string; source: string }[]): Map<string, string[]> {
  const known = new Set(files.map((f) => f.file));
  const resolve = (from: string, s: string) => {
    const target = path.resolve(path.dirname(from), s);
    return [target, `${target}.ts`, `${target}.tsx`].find((t) => known.has(t));
  };
  return new Map(
    files.map(({ file, source }) => [
      file,
      importsOf(source)
        .filter((s) => s.startsWith('.'))
        .map((s) => resolve(file, s))
        .filter((t): t is string => t !== undefined),
    ]),
  );
}

/** Each import cycle among the files, as "a -> b -> a" (relative to ROOT), once per cycle found. */
export function importCycles(files: { file: string; source: string }[]): string[] {
  const graph = importGraph(files);
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open')
        cycles.push(
          [...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(ROOT, f)).join(' -> '),
        );
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/** "a <-> b" for every two modules under `modulesDir` that import each other (a before b). */
export function mutualModules(files: { file: string; source: string }[], modulesDir: string): string[] {
  const moduleOf = (file: string) => {
    const relative = path.relative(modulesDir, file);
    return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
  };
  const edges = new Set<string>();
  for (const [file, targets] of importGraph(files)) {
    const from = moduleOf(file);
    for (const target of targets) {
      const to = moduleOf(target);
      if (from && to && from !== to) edges.add(`${from} -> ${to}`);
    }
  }
  return [...edges]
    .map((edge) => edge.split(' -> ') as [string, string])
    .filter(([a, b]) => a < b && edges.has(`${b} -> ${a}`))
    .map(([a, b]) => `${a} <-> ${b}`)
    .sort();
}

const read = (files: string[]) => files.map((file) => ({ file, source: readFileSync(file, 'utf8') }));

describe('architecture boundaries', () => {
  it('reads the import forms the code uses', () => {
    const source = [
      "import { sql } from 'drizzle-orm';",
      "import type { Db } from '../db/client.ts';",
      "export { jobs } from '../../db/schema.ts';",
      "import {\n  a,\n  b,\n} from './multi-line.ts';",
      "import './side-effect.ts';",
      "const lazy = await import('./lazy.ts');",
      "// import { x } from 'commented-out';",
      "/* import { y } from 'block-commented'; */",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      'drizzle-orm',
      '../db/client.ts',
      '../../db/schema.ts',
      './multi-line.ts',
      './side-effect.ts',
      './lazy.ts',
    ]);
  });

  it('names the file and the import that breaks a rule', () => {
    const service = path.join(SERVER_SRC, 'modules/jobs/jobs.service.ts');
    const feature = path.join(FEATURES, 'employees/employee-form.tsx');
    expect(
      drizzleViolations([
        {
          file: service,
          source: "import { eq } from 'drizzle-orm';\nimport { jobs } from '../../db/schema.ts';",
        },
        { file: path.join(SERVER_SRC, 'modules/jobs/jobs.repository.ts'), source: "import 'drizzle-orm';" },
        { file: service, source: "import type { Db } from '../../db/client.ts';" },
      ]),
    ).toEqual([
      "apps/server/src/modules/jobs/jobs.service.ts: imports 'drizzle-orm' (only *.repository.ts and src/db/ may)",
      "apps/server/src/modules/jobs/jobs.service.ts: imports '../../db/schema.ts' (only *.repository.ts and src/db/ may)",
    ]);
    expect(
      featureViolations([
        { file: feature, source: "import { x } from '../settings/api/get-settings.ts';\nimport './own.ts';" },
        { file: feature, source: "import { api } from '../../lib/api-client.ts';" },
      ]),
    ).toEqual([
      `apps/web/src/features/employees/employee-form.tsx: imports '../settings/api/get-settings.ts' from feature "settings" (features never import each other)`,
    ]);
  });

  it('keeps Drizzle and the schema inside repositories and src/db on the server', () => {
    expect(drizzleViolations(read(sourceFiles(SERVER_SRC)))).toEqual([]);
  });

  it('builds repositories only in services.ts and opens transactions only in the unit of work', () => {
    expect(
      unitOfWorkViolations([
        { file: path.join(SERVER_SRC, 'modules/jobs/jobs.service.ts'), source: 'createJobsRepository(db)' },
        {
          file: path.join(SERVER_SRC, 'lib/ordered-list.service.ts'),
          source: 'db.transaction(async (tx) => 1)',
        },
        { file: path.join(SERVER_SRC, 'services.ts'), source: 'createJobsRepository(db)' },
      ]),
    ).toEqual([
      'apps/server/src/modules/jobs/jobs.service.ts: calls createJobsRepository( (only services.ts and lib/unit-of-work.ts may)',
      'apps/server/src/lib/ordered-list.service.ts: calls .transaction( (only services.ts and lib/unit-of-work.ts may)',
    ]);
    expect(unitOfWorkViolations(read(sourceFiles(SERVER_SRC)))).toEqual([]);
  });

  it('lists only exceptions that are still needed', () => {
    const stale = Object.keys(DRIZZLE_EXCEPTIONS).filter((relative) => {
      const file = path.join(SERVER_SRC, relative);
      let source: string;
      try {
        source = readFileSync(file, 'utf8');
      } catch {
        return true;
      }
      return !importsOf(source).some((s) => reachesDrizzle(file, s));
    });
    expect(stale, 'remove these from DRIZZLE_EXCEPTIONS').toEqual([]);
  });

  it('keeps web features from importing one another', () => {
    expect(featureViolations(read(sourceFiles(FEATURES)))).toEqual([]);
  });

  it('finds import cycles and modules that import each other', () => {
    const modules = path.join(SERVER_SRC, 'modules');
    const file = (relative: string) => path.join(modules, relative);
    const files = [
      { file: file('a/a.service.ts'), source: "import type { B } from '../b/b.service.ts';" },
      { file: file('b/b.service.ts'), source: "import { c } from '../c/c.ts';" },
      { file: file('c/c.ts'), source: "import { a } from '../a/a.service';" },
      { file: file('d/d.ts'), source: "import { b } from '../b/b.service.ts';" },
      { file: file('b/b.model.ts'), source: "import { d } from '../d/d.ts';" },
    ];
    expect(importCycles(files)).toEqual([
      'apps/server/src/modules/a/a.service.ts -> apps/server/src/modules/b/b.service.ts -> apps/server/src/modules/c/c.ts -> apps/server/src/modules/a/a.service.ts',
    ]);
    expect(mutualModules(files, modules)).toEqual(['b <-> d']);
  });

  it('has no import cycle among the server files', () => {
    expect(importCycles(read(sourceFiles(SERVER_SRC)))).toEqual([]);
  });

  it('has no two server modules importing each other but the listed ones', () => {
    const mutual = mutualModules(read(sourceFiles(SERVER_SRC)), path.join(SERVER_SRC, 'modules'));
    expect(mutual.filter((pair) => !(pair in MUTUAL_MODULES))).toEqual([]);
    expect(
      Object.keys(MUTUAL_MODULES).filter((pair) => !mutual.includes(pair)),
      'remove these from MUTUAL_MODULES',
    ).toEqual([]);
  });
});
