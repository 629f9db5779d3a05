import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_HEADER, importRow, xlsxOf } from '../excel/excel-files.ts';
import { useScratchServer } from '../support/scratch-server.ts';
import { startServer } from '../support/server-process.ts';

/*
 * PGlite's data directory on a small filesystem of its own (a tmpfs the test mounts; it is
 * skipped, saying so, where mounting is not allowed). Filled up, a write answers 507 in
 * words and saves nothing, reads go on, and once space is freed the same server writes again.
 */

const mountTmpfs = (at: string) =>
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', at], { stdio: 'ignore' });
/*
 * Whether a small filesystem can be mounted here, tried and undone at once on a directory of its
 * own: collecting this file (`vitest list`, a name filter) runs no hook, so nothing may stay
 * behind. The tests' own mount is made before the first of them and undone after the last.
 */
let canMount = false;
const probe = mkdtempSync(path.join(os.tmpdir(), 'salary-disk-probe-'));
try {
  mountTmpfs(probe);
  execFileSync('umount', [probe]);
  canMount = true;
} catch {
  console.info('disk-full: skipped, a small filesystem cannot be mounted here (mounting needs root)');
} finally {
  rmSync(probe, { recursive: true, force: true });
}
const mountPoint = path.join(os.tmpdir(), `salary-disk-full-${process.pid}-${Date.now()}`);
const dataDir = path.join(mountPoint, 'data');
const filler = path.join(mountPoint, 'filler');

describe.skipIf(!canMount)('a full disk (PGlite)', () => {
  // Registered before the scratch server's hooks, so the data dir is there when it starts.
  beforeAll(() => {
    mkdirSync(mountPoint);
    mountTmpfs(mountPoint);
    mkdirSync(dataDir, { recursive: true });
  });
  const scratch = useScratchServer({
    name: 'disk-full',
    admin: { email: 'disk-admin@example.com', password: 'disk-password-1' },
    env: { DATA_DIR: dataDir },
  });
  afterAll(async () => {
    await scratch.server?.stop();
    execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  /** Writes the filler file until the filesystem refuses another byte. */
  function fillDisk() {
    const fd = openSync(filler, 'w');
    const block = Buffer.alloc(256 * 1024, 1);
    try {
      for (;;) writeSync(fd, block);
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      closeSync(fd);
    }
  }

  it('an import on a full disk answers 507 in words, reads go on, and it imports once space is freed', {
    timeout: 240_000,
  }, async () => {
    const company = await scratch.newCompany('Disk');
    const rows = Array.from({ length: 20_000 }, (_, i) => importRow(company, { Name: `Disk person ${i}` }));
    const file = await xlsxOf([IMPORT_HEADER, ...rows]);
    const importIt = () => scratch.importFile(file);

    fillDisk();
    const full = await importIt();
    expect(full.status, JSON.stringify(full.body)).toBe(507);
    expect(full.body.message).toBe("The server's disk is full; nothing was saved.");
    const read = await scratch.api<unknown[]>('GET', '/employees');
    expect(read.status).toBe(200);
    expect(read.body.data).toHaveLength(0);
    expect((await scratch.api('GET', '/health')).status).toBe(200);

    rmSync(filler);
    const freed = await importIt();
    expect(freed.status, JSON.stringify(freed.body)).toBe(200);
    expect((await scratch.api<unknown[]>('GET', '/employees')).body.data).toHaveLength(20_000);
  });

  it('a start on a full disk that cannot open the database says so, naming the data directory', {
    timeout: 240_000,
  }, async () => {
    const before = (await scratch.api<unknown[]>('GET', '/employees')).body.data.length;
    await scratch.server.stop();
    fillDisk();
    const failed = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: 'disk-full-secret-that-is-long-enough-1234',
    }).then(
      async (server) => {
        await server.stop();
        return 'it started';
      },
      (error: Error) => error.message,
    );
    expect(failed).toContain(`Salary System could not open its database in ${dataDir}`);
    expect(failed).toContain('its disk is not full');
    rmSync(filler);
    // Space freed, the same data opens whole.
    await scratch.start();
    expect((await scratch.api<unknown[]>('GET', '/employees')).body.data).toHaveLength(before);
  });
});
