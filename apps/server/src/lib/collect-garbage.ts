/**
 * One full collection, now: for memory that only a collection gives back and that the
 * process would otherwise keep until its next one (a closed PGlite instance's WebAssembly
 * memory, db/client.ts; an import's finished slices, excel-import.service.ts). V8 hands out `gc`
 * only to a process started with `--expose-gc`, as `npm start` and the tests' and the bench's
 * server processes are (SERVER_NODE_FLAGS, scripts/build-server.mjs); elsewhere (`npm run dev`,
 * the tests' in-process servers) V8 collects on its own schedule and this does nothing.
 */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
