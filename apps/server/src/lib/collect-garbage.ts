import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full collection, now: for memory that only a collection gives back and that an idle
 * server would otherwise keep until its next one (a closed PGlite instance's WebAssembly
 * memory, db/client.ts). Start-up only. V8 hands out `gc` to contexts created once the flag
 * is set, so a new context fetches it.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
