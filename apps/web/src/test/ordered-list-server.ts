import { screen } from '@testing-library/react';
import { beforeEach } from 'vitest';
import { newUser } from './fixtures.ts';
import { envelope, sendJson, setPageUrl, type TestServer, testServerForFile } from './http-test-server.ts';
import { serveSignedIn } from './sign-in.ts';

export interface OrderedRow {
  id: number;
  name: string;
  order: number;
  version: number;
}

/**
 * A list with an order of its own (grades, levels) on its Settings page, for a signed-in
 * manager of settings, served by the file's test server: before each test `names` in that order
 * (ids from 1), GET answered in order, each reorder recorded and applied, each delete applied.
 * A test sets `served.failReorder` for a 500 without a reason, or `served.deleteRefusal` for a
 * delete's 409 message.
 */
export function serveOrderedListForFile(list: 'grades' | 'levels', noun: string, names: string[]) {
  const server = testServerForFile();
  const served = {
    rows: [] as OrderedRow[],
    reorders: [] as unknown[],
    failReorder: false,
    deleteRefusal: null as string | null,
  };
  beforeEach(() => {
    Object.assign(served, {
      rows: names.map((name, i): OrderedRow => ({ id: i + 1, name, order: i, version: 1 })),
      reorders: [],
      failReorder: false,
      deleteRefusal: null,
    });
    serveOrderedList(server, list, noun, served);
  });
  /** The body of a reorder that leaves the rows (ids from 1) with these order values. */
  const reorderBody = (orders: number[]) => ({ [list]: orders.map((order, i) => ({ id: i + 1, order })) });
  return { server, served, reorderBody };
}

function serveOrderedList(
  server: TestServer,
  list: 'grades' | 'levels',
  noun: string,
  served: { rows: OrderedRow[]; reorders: unknown[]; failReorder: boolean; deleteRefusal: string | null },
) {
  const url = `/api/${list}`;
  setPageUrl(`${server.origin}/settings/${list}`);
  serveSignedIn(
    server,
    newUser({ permissions: { showSettings: true, manageSettings: true } }),
    (req, res) => {
      if (req.method === 'GET' && req.path === url)
        return sendJson(res, 200, envelope([...served.rows].sort((a, b) => a.order - b.order)));
      if (req.method === 'POST' && req.path === `${url}/reorder`) {
        if (served.failReorder)
          return sendJson(res, 500, { success: false, message: '', error: null, data: null });
        const body = JSON.parse(req.body) as Record<string, { id: number; order: number }[]>;
        served.reorders.push(body);
        for (const pair of body[list]!) served.rows.find((r) => r.id === pair.id)!.order = pair.order;
        return sendJson(res, 200, envelope(served.rows));
      }
      if (req.method === 'DELETE' && req.path.startsWith(`${url}/`)) {
        if (served.deleteRefusal)
          return sendJson(res, 409, {
            success: false,
            message: served.deleteRefusal,
            error: 'CONFLICT',
            data: null,
          });
        const id = Number(req.path.split('/').pop());
        served.rows = served.rows.filter((r) => r.id !== id);
        return sendJson(res, 200, envelope(null, `${noun} deleted successfully`));
      }
      sendJson(res, 404, { success: false, message: 'Not found', error: 'NOT_FOUND', data: null });
    },
  );
}

/** The names in the table's rows, top to bottom (the header row left out). */
export const listedNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);
