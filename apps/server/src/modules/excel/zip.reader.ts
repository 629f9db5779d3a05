import { crc32, createInflateRaw } from 'node:zlib';
import { formatBytes } from './workbook.limits.ts';

/*
 * The entries of a zip held in memory (an upload is at most IMPORT_MAX_BYTES), read from its
 * central directory, each unpacked on demand through a counting stream. What the zip
 * declares is never trusted: the real inflated bytes are counted as they come, an entry
 * that unpacks to more than it declares is refused at once, and so is a workbook whose
 * parts, together, unpack to more than the import's budget. Nothing touches the disk.
 */

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

/**
 * Why a zip cannot be read: `damaged` (not a zip we read), `understated` (an entry unpacks to
 * more than it declares) or `budget` (the parts together unpack to more than allowed).
 */
export class ZipRefusal extends Error {
  constructor(
    readonly reason: 'damaged' | 'understated' | 'budget',
    message: string,
  ) {
    super(message);
  }
}

const damaged = (message: string) => new ZipRefusal('damaged', message);

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** A field at its maximum means the real value is in a ZIP64 record: > 4 GB or > 65,535 entries. */
const ZIP64_16 = 0xffff;
const ZIP64_32 = 0xffffffff;
const CHUNK = 64 * 1024;

/** The central directory's entries; null when there is no well-formed one. */
export function zipEntries(bytes: Buffer): ZipEntry[] | null {
  if (bytes.length < 22) return null;
  const floor = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= floor; i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  if (count === ZIP64_16 || offset === ZIP64_32) return null;
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL) return null;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const end = offset + 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
    if (end > bytes.length) return null;
    entries.push({
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
      flags: bytes.readUInt16LE(offset + 8),
      method: bytes.readUInt16LE(offset + 10),
      crc: bytes.readUInt32LE(offset + 16),
      compressedSize: bytes.readUInt32LE(offset + 20),
      declaredSize: bytes.readUInt32LE(offset + 24),
      localOffset: bytes.readUInt32LE(offset + 42),
    });
    offset = end;
  }
  return entries;
}

/** The sum of the sizes the zip declares (a cheap first check; the real bytes are counted later). */
export function declaredSize(entries: ZipEntry[]): number {
  return entries.reduce(
    (sum, e) => sum + (e.declaredSize === ZIP64_32 ? Number.POSITIVE_INFINITY : e.declaredSize),
    0,
  );
}

/** Real inflated bytes across every entry read from one zip, against one budget. */
export class UnzipBudget {
  used = 0;
  constructor(
    readonly maxBytes: number,
    private readonly overMessage: string,
  ) {}

  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.maxBytes) throw new ZipRefusal('budget', this.overMessage);
  }
}

function compressedData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL)
    throw damaged(`${entry.name} has no local header`);
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw damaged(`${entry.name} runs past the end of the file`);
  return bytes.subarray(start, end);
}

/**
 * The entry's bytes as they unpack, a chunk (≤ 64 KB) at a time. Stops, and frees the
 * inflater, as soon as the entry passes its declared size or the budget is spent; checks the
 * size and the CRC at the end.
 */
export async function* entryChunks(
  bytes: Buffer,
  entry: ZipEntry,
  budget: UnzipBudget,
): AsyncGenerator<Buffer> {
  if (entry.flags & 0x1) throw damaged(`${entry.name} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8)
    throw damaged(`${entry.name} uses compression ${entry.method}`);
  const data = compressedData(bytes, entry);
  let size = 0;
  let crc = 0;
  const take = (chunk: Buffer) => {
    size += chunk.length;
    if (size > entry.declaredSize)
      throw new ZipRefusal(
        'understated',
        `${entry.name} unpacks to more than the ${formatBytes(entry.declaredSize)} it declares`,
      );
    budget.take(chunk.length);
    crc = crc32(chunk, crc);
  };
  if (entry.method === 0) {
    for (let i = 0; i < data.length; i += CHUNK) {
      const chunk = data.subarray(i, i + CHUNK);
      take(chunk);
      yield chunk;
    }
  } else {
    const inflater = createInflateRaw({ chunkSize: CHUNK });
    inflater.end(data);
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        take(chunk);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof ZipRefusal) throw error;
      throw damaged(`${entry.name} does not inflate`);
    } finally {
      inflater.destroy();
    }
  }
  if (size !== entry.declaredSize || crc >>> 0 !== entry.crc)
    throw damaged(`${entry.name} does not match its declared size or checksum`);
}
