import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { EmployeeView } from '@salary/shared/employees/employee.contract';
import { BROTLI_OPTIONS, GZIP_OPTIONS } from '../../plugins/compression.ts';

export type ListEncoding = 'br' | 'gzip';

/** Lists shorter than this are left to the compression plugin (or sent as they are). */
const MIN_ROWS = 50;
/** Rows serialized per chunk: one chunk is encoded while the next is serialized. */
const CHUNK_ROWS = 2000;

/** The encoding to answer a list with, or undefined to answer it as the app always did. */
export function listEncoding(acceptEncoding: string | undefined, rows: number): ListEncoding | undefined {
  if (!acceptEncoding || rows < MIN_ROWS) return undefined;
  return negotiate<ListEncoding>(acceptEncoding, ['br', 'gzip']) ?? undefined;
}

/**
 * The list's envelope, `ok(list)` as JSON — byte for byte what Fastify would send — compressed.
 * Rows are serialized a chunk at a time while zlib (in the thread pool) compresses the chunk
 * before, so compressing costs little beyond serializing.
 */
async function encode(list: readonly EmployeeView[], encoding: ListEncoding): Promise<Buffer> {
  const stream =
    encoding === 'br'
      ? zlib.createBrotliCompress({
          params: { ...BROTLI_OPTIONS.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: list.length * 450 },
        })
      : zlib.createGzip(GZIP_OPTIONS);
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.once('end', resolve);
    stream.once('error', reject);
  });
  const written = (text: string) =>
    new Promise<void>((resolve, reject) =>
      stream.write(text, (error) => (error ? reject(error) : resolve())),
    );
  let previous = written('{"success":true,"message":"OK","error":null,"data":[');
  for (let start = 0; start < list.length; start += CHUNK_ROWS) {
    let text = start === 0 ? '' : ',';
    const end = Math.min(list.length, start + CHUNK_ROWS);
    for (let i = start; i < end; i++) text += (i === start ? '' : ',') + JSON.stringify(list[i]);
    await previous;
    previous = written(text);
  }
  await previous;
  stream.end(']}');
  await ended;
  return Buffer.concat(out);
}

/**
 * Compressed answers of the priced list, kept for as long as the list itself is (the service
 * caches it per database snapshot and hands out the same array): a list read again costs no
 * compression, and a list the service drops takes its bytes with it.
 */
export function createListWire() {
  const encoded = new WeakMap<readonly EmployeeView[], Map<ListEncoding, Promise<Buffer>>>();
  return {
    bytes(list: readonly EmployeeView[], encoding: ListEncoding): Promise<Buffer> {
      const forList = encoded.get(list) ?? new Map<ListEncoding, Promise<Buffer>>();
      encoded.set(list, forList);
      let pending = forList.get(encoding);
      if (!pending) {
        pending = encode(list, encoding);
        forList.set(encoding, pending);
        pending.catch(() => forList.delete(encoding));
      }
      return pending;
    },
  };
}
