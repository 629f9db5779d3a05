import type pg from 'pg';

const settle = () => undefined;

/**
 * Statements given to one connection while another of its statements runs wait here, not in
 * the driver. pg 8 queues them itself but warns ("Calling client.query() when the client is
 * already executing a query is deprecated and will be removed in pg@9.0"), and the app sends
 * some of a transaction's statements together: reads in `Promise.all`, the import's write
 * beside its audit rows. Same order, same results, one statement at a time as before; calls
 * with a callback or a submittable (the pool's own `pool.query`) pass straight through.
 */
export function serializeQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let tail: Promise<unknown> = Promise.resolve();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | null | undefined;
    if (typeof args[args.length - 1] === 'function' || typeof first?.submit === 'function')
      return query(...args);
    const run = tail.then(() => query(...args));
    tail = run.then(settle, settle);
    return run;
  };
}
