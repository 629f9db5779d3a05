import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * One file-name rule on the server: a file in modules/<domain>/ is `<subject>.<role>.ts`
 * (`jobs.routes.ts`, `import.plan.ts`, `pay-gap.calc.ts`), so its name says both what it is
 * about and what part it plays; a file in plugins/ is `<name>.plugin.ts`. lib/ and db/ hold
 * the shared pieces named by what they do; the entry files (app.ts, server.ts, config.ts,
 * services.ts, paths.ts) stand alone.
 */

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const SUBJECT_ROLE = /^[a-z0-9]+(-[a-z0-9]+)*\.[a-z]+(-[a-z]+)*\.ts$/;
const PLUGIN = /^[a-z0-9]+(-[a-z0-9]+)*\.plugin\.ts$/;

const filesUnder = (folder: string) =>
  readdirSync(path.join(SRC, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(SRC, path.join(entry.parentPath, entry.name)));

describe('file names', () => {
  it('every module file is <subject>.<role>.ts', () => {
    const files = filesUnder('modules');
    expect(files.length).toBeGreaterThan(90);
    expect(files.filter((file) => !SUBJECT_ROLE.test(path.basename(file)))).toEqual([]);
  });

  it('every plugin file is <name>.plugin.ts', () => {
    const files = filesUnder('plugins');
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((file) => !PLUGIN.test(path.basename(file)))).toEqual([]);
  });
});
