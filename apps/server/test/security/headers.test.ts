import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS } from '../../src/plugins/security-headers.plugin.ts';
import { buildTestApp, type TestContext } from '../support/helper.ts';

/*
 * Security headers: helmet's values, computed once (the same as @fastify/helmet computes per
 * response), the API description under the app's own CSP, and HSTS only over https.
 */

let t: TestContext;
let proxied: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
  proxied = await buildTestApp({ trustProxy: true });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

async function helmetReference(): Promise<Record<string, string>> {
  const bare = Fastify();
  // @fastify/helmet bundles its own copy of helmet's types; the options are the same object.
  await bare.register(fastifyHelmet, HELMET_OPTIONS as never);
  bare.get('/', async () => ({ ok: true }));
  const res = await bare.inject({ url: '/' });
  await bare.close();
  const skip = new Set(['content-type', 'content-length', 'date', 'connection']);
  return Object.fromEntries(
    Object.entries(res.headers)
      .filter(([k]) => !skip.has(k))
      .map(([k, v]) => [k, String(v)]),
  );
}

describe('helmet headers, precomputed', () => {
  it('sends exactly the headers @fastify/helmet computes for the same options (HSTS aside)', async () => {
    const { 'strict-transport-security': hsts, ...reference } = await helmetReference();
    expect(hsts).toBeTruthy();
    expect(Object.keys(reference).length).toBeGreaterThan(8);
    for (const url of ['/api/health', '/api/docs/json', '/login']) {
      const res = await t.call({ method: 'GET', url });
      for (const [name, value] of Object.entries(reference))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('the API description', () => {
  it('runs under the same CSP as the app: self-hosted assets only, no frames', async () => {
    const app = await t.call({ method: 'GET', url: '/api/health' });
    const csp = String(app.headers['content-security-policy']);
    for (const url of [
      '/api/docs',
      '/api/docs/static/index.html',
      '/api/docs/static/swagger-initializer.js',
    ]) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(400);
      expect(res.headers['content-security-policy'], url).toBe(csp);
    }
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('https:');
  });

  it('loads no script from elsewhere', async () => {
    const page = await t.call({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(page.body).not.toMatch(/<script(?![^>]*src=)/);
    expect(page.body).not.toMatch(/src="https?:/);
  });
});

describe('HSTS', () => {
  const HSTS = 'strict-transport-security';
  /** GET /api/health from `app`, saying it came over `proto` as a proxy would (none: nothing said). */
  const health = (app: TestContext, proto?: string) =>
    app.call({ method: 'GET', url: '/api/health', headers: proto ? { 'x-forwarded-proto': proto } : {} });

  it('is not sent over plain http', async () => {
    expect((await health(t)).headers[HSTS]).toBeUndefined();
  });

  it('is not sent because a client claims https when no proxy is trusted', async () => {
    expect((await health(t, 'https')).headers[HSTS]).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over https', async () => {
    expect((await health(proxied, 'https')).headers[HSTS]).toBe('max-age=31536000; includeSubDomains');
    expect((await health(proxied, 'http')).headers[HSTS]).toBeUndefined();
  });
});

describe('headers of the built web app', () => {
  let web: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'salary-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Salary System</title>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1);');
    web = await buildTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('keeps every page header on documents, and only what a file needs on fingerprinted assets', async () => {
    const asset = await web.call({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    // Pages — the fallback for client routes, index.html itself, and crafted paths that only
    // look like assets — keep the CSP and frame protection.
    for (const url of [
      '/dashboard',
      '/index.html',
      '/assets/..%2Fdashboard',
      '/assets/x/..%2F..%2Fsettings',
    ]) {
      const page = await web.call({ method: 'GET', url });
      expect(page.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});
