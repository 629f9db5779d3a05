import pg from 'pg';

const settle = () => undefined;

/**
 * The pool's connections (`new pg.Pool({ Client: SerialClient })`): statements given to one
 * connection while another of its statements runs wait here, not in the driver. pg 8 queues
 * them itself but warns ("Calling client.query() when the client is already executing a query
 * is deprecated and will be removed in pg@9.0"), and the app sends some of a transaction's
 * statements together: reads in `Promise.all`, the import's write beside its audit rows. Same
 * order, same results, one statement at a time as before; calls with a callback or a
 * submittable (the pool's own `pool.query`) pass straight through.
 */
export class SerialClient extends pg.Client {
  #tail: Promise<unknown> = Promise.resolve();

  // biome-ignore lint/suspicious/noExplicitAny: pg's `query` has a dozen overloads; this one takes them all
  override query(...args: any[]): any {
    const first = args[0] as { submit?: unknown } | null | undefined;
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const run = (super.query as (...a: any[]) => any).bind(this);
    if (typeof args[args.length - 1] === 'function' || typeof first?.submit === 'function')
      return run(...args);
    const next = this.#tail.then(() => run(...args));
    this.#tail = next.then(settle, settle);
    return next;
  }
}
