import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeList } from '../support/employee-reads.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';
import { IMPORT_HEADER, importFile, upload, xlsOf } from './excel-files.ts';
import {
  deepNestingBomb,
  emptyCellsBomb,
  sharedStringsBomb,
  tempFilesOfThisProcess,
  understatedSheetBomb,
} from './hostile-files.ts';

/*
 * Hostile uploads against the real app with its default limits (20 MB upload, 100,000 rows):
 * each is refused with a 4xx that says why, the process stays within ~300 MB of where it
 * was, nothing is written, and no temp file is left — also when the client goes away.
 */

const MB = 1024 * 1024;
const MAX_GROWTH = 300 * MB;

let t: TestContext;
/** Import handlers that have settled: Fastify publishes it even when the client has gone. */
const settled: string[] = [];
const onSettled = (message: unknown) => {
  const { request } = message as { request: { url: string } };
  if (request.url.startsWith('/api/employees/import')) settled.push(request.url);
};

beforeAll(async () => {
  subscribe('tracing:fastify.request.handler:asyncEnd', onSettled);
  t = await buildTestApp();
});
afterAll(async () => {
  unsubscribe('tracing:fastify.request.handler:asyncEnd', onSettled);
  await t.close();
});

/** Runs `work`, sampling this process's RSS every few ms; answers its result and the growth. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; growth: number }> {
  const idle = process.memoryUsage.rss();
  let peak = idle;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  try {
    const value = await work();
    return { value, growth: Math.max(peak, process.memoryUsage.rss()) - idle };
  } finally {
    clearInterval(timer);
  }
}

const employeeCount = async () => (await employeeList(t)).length;

describe('hostile .xlsx uploads', () => {
  it.each([
    [
      'shared strings that unpack to ~480 MB (sizes declared honestly)',
      () => sharedStringsBomb(480),
      /shared strings hold more than 40 MB of text, the most an import reads/,
    ],
    [
      'a sheet of 1.5 GB whose zip entry declares 1 MB',
      () => understatedSheetBomb(1536),
      /damaged: xl\/worksheets\/sheet1\.xml unpacks to more than the 1 MB it declares/,
    ],
    ['XML nested 5,000,000 levels deep', () => deepNestingBomb(5_000_000), /XML nests deeper than 64 levels/],
    [
      'a header and a million empty cells',
      () => emptyCellsBomb(1_000_000),
      /^Missing columns: Job, Position/,
    ],
  ])(
    '%s: 400 saying why, memory bounded, no temp file',
    { timeout: 60_000 },
    async (_label, make, message) => {
      const bytes = make();
      expect(bytes.length).toBeLessThan(2 * MB);
      const tempBefore = tempFilesOfThisProcess();
      const { value: res, growth } = await measured(() => importFile(t, bytes));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      expect(res.envelope.success).toBe(false);
      expect(res.envelope.message).toMatch(message);
      expect(growth, `grew ${Math.round(growth / MB)} MB`).toBeLessThan(MAX_GROWTH);
      expect(tempFilesOfThisProcess()).toEqual(tempBefore);
      expect(await employeeCount()).toBe(0);
    },
  );
});

describe('hostile .xls uploads', () => {
  it('a legacy .xls over half the upload limit: 400 before it is parsed', { timeout: 60_000 }, async () => {
    // Real cells, then padding: an .xls is parsed whole, at many times its size in memory.
    const bytes = Buffer.concat([xlsOf([IMPORT_HEADER]), Buffer.alloc(11 * MB)]);
    const { value: res, growth } = await measured(() => importFile(t, bytes, { filename: 'employees.xls' }));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.envelope.message).toBe(
      'A legacy .xls file may be at most 10 MB; save it as .xlsx to import a larger one',
    );
    expect(growth, `grew ${Math.round(growth / MB)} MB`).toBeLessThan(MAX_GROWTH);
    expect(await employeeCount()).toBe(0);
  });
});

describe('a client that goes away', () => {
  /** Sends the upload's headers and `fraction` of its body on a raw socket, then closes it. */
  async function abandon(bytes: Buffer, fraction: number): Promise<void> {
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const { payload, headers } = upload(bytes);
    const before = settled.length;
    const socket = connect(address.port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.write(
      'POST /api/employees/import HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Authorization: Bearer ${t.adminToken}\r\nContent-Type: ${headers['content-type']}\r\n` +
        `Content-Length: ${payload.length}\r\n\r\n`,
    );
    const sent = Math.floor(payload.length * fraction);
    await new Promise<void>((resolve) => socket.write(payload.subarray(0, sent), () => resolve()));
    socket.destroy();
    await expect.poll(() => settled.length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(before);
  }

  it('mid-upload: nothing written, no temp file', { timeout: 60_000 }, async () => {
    const tempBefore = tempFilesOfThisProcess();
    await abandon(understatedSheetBomb(1536), 0.5);
    expect(tempFilesOfThisProcess()).toEqual(tempBefore);
    expect(await employeeCount()).toBe(0);
  });

  it('after the upload, while the file is read: no temp file', { timeout: 60_000 }, async () => {
    const tempBefore = tempFilesOfThisProcess();
    await abandon(sharedStringsBomb(480), 1);
    expect(tempFilesOfThisProcess()).toEqual(tempBefore);
    expect(await employeeCount()).toBe(0);
  });
});
