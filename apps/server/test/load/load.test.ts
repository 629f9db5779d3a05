import { describe, expect, it } from 'vitest';
import { useScratchServer } from '../support/scratch-server.ts';
import { runLoad } from './load-run.ts';

const ADMIN = { email: 'load-admin@example.com', password: 'load-admin-password' };
const scratch = useScratchServer({ name: 'load', admin: ADMIN, env: { DEMO: '1' } });

describe('load', () => {
  it('serves 50 signed-in users mixing list, calculate, update and settings for 10 s without an error', {
    timeout: 180_000,
  }, async () => {
    const result = await runLoad({ baseURL: scratch.server.baseURL, admin: ADMIN, users: 50, seconds: 10 });
    console.log(
      `load: ${result.requests} requests, ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
    );
    expect(result.requests).toBeGreaterThan(50);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
  });
});
