import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../lib/token-storage.ts';
import { newUser } from '../test/fixtures.ts';
import { envelope, sendJson, setPageUrl, testServerForFile } from '../test/http-test-server.ts';
import { openStoredSession } from './opening-page.ts';

const server = testServerForFile();

afterEach(() => {
  vi.restoreAllMocks();
});

beforeEach(() => {
  setToken('stored');
  server.handle((_req, res) => sendJson(res, 200, envelope([])));
});

/** Resolves once the opening's own chunk and the promise chain after it have run. */
async function openingSettled(confirmed: Promise<unknown>) {
  await Promise.all([import('./opening-requests.ts'), confirmed]);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('opening the app with a stored session', () => {
  it('asks for the directory of /dashboard and the company record as soon as the session is confirmed', async () => {
    setPageUrl(`${server.origin}/dashboard`);
    const confirmed = Promise.resolve(newUser());
    openStoredSession(new QueryClient(), confirmed);

    await openingSettled(confirmed); // the first import of the opening's chunk takes a while here
    // The company record beside the page's data: every signed-in page formats its figures with it.
    await waitFor(() =>
      expect(server.requests.map((r) => r.path).sort()).toEqual(['/api/company', '/api/employees']),
    );
    expect(server.requests[0]?.headers.authorization).toBe('Bearer stored');
  });

  it("asks for a raise cycle's worksheet beside the company record, for whom may see salaries", async () => {
    setPageUrl(`${server.origin}/raise-cycles/7`);
    const confirmed = Promise.resolve(newUser({ permissions: { showSalary: true } }));
    openStoredSession(new QueryClient(), confirmed);
    await openingSettled(confirmed);
    await waitFor(() =>
      expect(server.requests.map((r) => r.path).sort()).toEqual([
        '/api/company',
        '/api/raise-cycles/7/worksheet',
      ]),
    );

    // Without salaries the page would be refused: only the company record is asked for.
    const client = new QueryClient();
    const asked = vi.spyOn(client, 'prefetchQuery');
    const withoutSalaries = Promise.resolve(newUser({ permissions: { showSalary: false } }));
    openStoredSession(client, withoutSalaries);
    await openingSettled(withoutSalaries);
    expect(asked.mock.calls.map(([options]) => options.queryKey)).toEqual([['company']]);
  });

  it("sends a raise cycle's worksheet read with the session check, and keeps it only for whom may see salaries", async () => {
    setPageUrl(`${server.origin}/raise-cycles/7`);
    const worksheetReads = () => server.requests.filter((r) => r.path === '/api/raise-cycles/7/worksheet');
    const key = ['raise-cycles', 7, 'worksheet'];
    for (const showSalary of [true, false]) {
      server.requests.length = 0;
      let confirm: (user: ReturnType<typeof newUser>) => void = () => {};
      const confirmed = new Promise<ReturnType<typeof newUser>>((resolve) => {
        confirm = resolve;
      });
      const client = new QueryClient();
      openStoredSession(client, confirmed);
      // Out before the session is confirmed, with the stored token.
      await waitFor(() => expect(worksheetReads()).toHaveLength(1));
      expect(worksheetReads()[0]?.headers.authorization).toBe('Bearer stored');
      confirm(newUser({ permissions: { showSalary } }));
      await openingSettled(confirmed);
      if (showSalary) await waitFor(() => expect(client.getQueryData(key)).toEqual([]));
      else await waitFor(() => expect(server.requests.map((r) => r.path)).toContain('/api/company'));
      // Its answer is the page's: never asked for twice; without salaries it is dropped.
      expect(worksheetReads()).toHaveLength(1);
      expect(client.getQueryData(key)).toEqual(showSalary ? [] : undefined);
    }
  });

  it('asks for nothing once the app that opened is gone', async () => {
    setPageUrl(`${server.origin}/dashboard`);
    const confirmed = Promise.resolve(newUser());
    const [gone, open] = [new QueryClient(), new QueryClient()];
    const asked = [vi.spyOn(gone, 'prefetchQuery'), vi.spyOn(open, 'prefetchQuery')];
    openStoredSession(gone, confirmed, () => false);
    openStoredSession(open, confirmed, () => true);

    await openingSettled(confirmed);
    expect(asked.map((spy) => spy.mock.calls.length)).toEqual([0, 2]);
  });

  it('asks for nothing when the session is refused or the page is /login', async () => {
    const clients = [new QueryClient(), new QueryClient()];
    const asked = clients.map((client) => vi.spyOn(client, 'prefetchQuery'));
    setPageUrl(`${server.origin}/dashboard`);
    const refused = Promise.reject(new Error('Invalid or expired token'));
    openStoredSession(clients[0] as QueryClient, refused);
    await openingSettled(refused.catch(() => {}));

    setPageUrl(`${server.origin}/login`);
    const confirmed = Promise.resolve(newUser());
    openStoredSession(clients[1] as QueryClient, confirmed);
    await openingSettled(confirmed);

    expect(asked.map((spy) => spy.mock.calls.length)).toEqual([0, 0]);
  });
});
