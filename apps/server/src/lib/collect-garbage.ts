import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

/**
 * One full collection, now: for memory that only a collection gives back and that the
 * process would otherwise keep until its next one (a closed PGlite instance's WebAssembly
 * memory, db/client.ts; an import's finished slices, excel.service.ts). V8 hands out `gc`
 * to contexts created once the flag is set, so a new context fetches it (once).
 */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
