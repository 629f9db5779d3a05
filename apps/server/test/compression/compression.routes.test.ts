import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployeesRepository } from '../../src/modules/employees/employees.repository.ts';
import { editFormOf } from '../support/employee-forms.ts';
import { placeIn } from '../support/factories.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * What crosses the wire: compressed for clients that ask, exactly as before for those that
 * do not. The web build is a small stand-in written here, shaped as Vite and the precompress
 * plugin leave it (a file, its .br and its .gz).
 */

let t: TestContext;
let web: string;
const ASSET = `/assets/app-Ab12Cd34.js`;
const assetText = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const indexHtml = `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;

function writeBuilt(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

const ROWS = 120;

beforeAll(async () => {
  web = mkdtempSync(path.join(os.tmpdir(), 'salary-web-'));
  mkdirSync(path.join(web, 'assets'));
  writeBuilt(path.join(web, 'index.html'), indexHtml);
  writeBuilt(path.join(web, ASSET), assetText);
  t = await buildTestApp({ webDist: web });
  const c = await t.newCompany(4000);
  await createEmployeesRepository(t.database.db).insertMany(
    Array.from({ length: ROWS }, (_, i) => ({
      name: `Wire Person ${i}`,
      ...placeIn(c),
      yearsExperience: i % 20,
      yearsWithCompany: i % 7,
      offshoreProject: i % 2 === 0,
      actingAsDifferentGrade: false,
      pillar: i % 3 === 0,
      remote: i % 5 === 0,
      customMultiplierIds: [],
    })),
  );
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string, token: string | undefined = t.adminToken) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(acceptEncoding !== undefined ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });
}

describe('the employee list', () => {
  it('is plain JSON, as before, for a client that does not ask for compression', async () => {
    for (const accept of [undefined, 'identity', '']) {
      const res = await get('/api/employees', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect((res.json() as { data: EmployeeView[] }).data).toHaveLength(ROWS);
    }
  });

  it('is brotli or gzip for a client that asks, byte for byte the plain answer inside', async () => {
    const plain = (await get('/api/employees')).rawPayload;
    const br = await get('/api/employees', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.length / 4);
    expect(brotliDecompressSync(br.rawPayload).equals(plain)).toBe(true);

    const gz = await get('/api/employees', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain)).toBe(true);
  });

  it('is never stale: a write changes the compressed answer too', async () => {
    const before = await get('/api/employees', 'br');
    expect((await get('/api/employees', 'br')).rawPayload.equals(before.rawPayload)).toBe(true);
    const first = (JSON.parse(brotliDecompressSync(before.rawPayload).toString()) as { data: EmployeeView[] })
      .data[0]!;
    const renamed = await t.callAsAdmin({
      method: 'PUT',
      url: `/api/employees/${first.id}`,
      payload: editFormOf(first, { name: 'Renamed On The Wire', customMultipliers: '[]' }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await get('/api/employees', 'br');
    const text = brotliDecompressSync(after.rawPayload).toString();
    expect(text).toContain('Renamed On The Wire');
    expect(text).toBe((await get('/api/employees')).body);
  });

  it('each reader gets their own visibility, compressed', async () => {
    const plainUser = await t.createUser();
    const res = await get('/api/employees', 'br', plainUser.token);
    const rows = (JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as { data: EmployeeView[] })
      .data;
    expect(rows).toHaveLength(ROWS);
    expect(rows[0]).not.toHaveProperty('calculatedSalary');
    expect(rows[0]).not.toHaveProperty('accumulatedCost');
  });

  it('as of another day, is byte for byte what today sends where nothing dated differs, plain and compressed', async () => {
    // Nobody here has a dated change, a hire date or a rule change: any past day reads as today.
    const plainUser = await t.createUser({ showSalary: true });
    for (const token of [t.adminToken, plainUser.token]) {
      const today = await get('/api/employees', undefined, token);
      const then = await get('/api/employees?asOf=2020-06-15', undefined, token);
      expect(then.statusCode).toBe(200);
      expect(then.headers['content-type']).toMatch(/^application\/json/);
      expect(then.body).toBe(today.body);
      const br = await get('/api/employees?asOf=2020-06-15', 'br', token);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).equals(today.rawPayload)).toBe(true);
    }
    // Each reader's own visibility: gender for the admin only, salary for both.
    const [admin, user] = [t.adminToken, plainUser.token].map(
      async (token) =>
        (
          JSON.parse((await get('/api/employees?asOf=2020-06-15', undefined, token)).body) as {
            data: EmployeeView[];
          }
        ).data[0],
    );
    expect(await admin).toHaveProperty('gender');
    expect(await user).not.toHaveProperty('gender');
    expect(await user).toHaveProperty('calculatedSalary');
  });
});

describe('other API answers', () => {
  it('are compressed on the fly above 1 KB, for clients that ask only', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/docs/json', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('are sent as they are below 1 KB', async () => {
    const res = await get('/api/health', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('leave the Excel export a plain .xlsx download', async () => {
    const res = await get('/api/employees/export', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('the web app', () => {
  it('sends an asset precompressed, immutable, varying on Accept-Encoding', async () => {
    const br = await get(ASSET, 'gzip, deflate, br', undefined);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(assetText);

    const gz = await get(ASSET, 'gzip', undefined);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(assetText);

    const plain = await get(ASSET, undefined, undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(assetText);
  });

  it('sends index.html for a page, compressed when asked, never cached', async () => {
    const br = await get('/login', 'br', undefined);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/text\/html/);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(indexHtml);

    const plain = await get('/login', undefined, undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(indexHtml);
  });
});
