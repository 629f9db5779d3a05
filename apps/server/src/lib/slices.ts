import { setImmediate } from 'node:timers/promises';

/** Items between two turns of the event loop (see `inSlices`). */
const SLICE = 2_000;

/**
 * Calls `each` for every item, letting the event loop turn after every `size` of them; stops
 * early when `each` answers `false`. A long loop over an import's 100,000 employees then lets
 * the statements already sent to the database go out, and the next ones follow (a driver
 * sends and receives only between turns), instead of leaving the database idle until the
 * loop ends. The loop itself stays synchronous between turns: no promise per item.
 */
export async function inSlices<T>(
  items: Iterable<T>,
  each: (item: T) => unknown,
  size = SLICE,
): Promise<void> {
  let n = 0;
  for (const item of items) {
    if (each(item) === false) return;
    if (++n % size === 0) await setImmediate();
  }
}
