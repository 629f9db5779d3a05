import { readdirSync } from 'node:fs';
import os from 'node:os';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/*
 * Hostile workbooks, generated here rather than committed: a zip is written by hand so an
 * entry can declare any size, and a huge entry costs almost nothing to build — one piece is
 * deflated with a full flush (no back-references past it), so the same compressed bytes
 * repeated N times are a valid deflate stream of that piece repeated N times.
 */

/** An entry's content: text before, one piece repeated `times`, text after. */
export interface HostileEntry {
  name: string;
  head: string;
  piece?: string;
  times?: number;
  tail?: string;
  /** What the zip says the entry unpacks to; the real size when absent. */
  declaredSize?: number;
}

const flushed = (text: string) =>
  deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_FULL_FLUSH, level: 9 });

function entryData(e: HostileEntry) {
  const head = Buffer.from(e.head);
  const piece = Buffer.from(e.piece ?? '');
  const tail = Buffer.from(e.tail ?? '');
  const times = e.times ?? 0;
  let crc = crc32(head);
  for (let i = 0; i < times; i++) crc = crc32(piece, crc);
  crc = crc32(tail, crc);
  const repeated = piece.length && times ? flushed(e.piece!) : Buffer.alloc(0);
  const compressed = Buffer.concat([
    flushed(e.head),
    ...Array.from({ length: times }, () => repeated),
    deflateRawSync(tail, { level: 9 }),
  ]);
  return { compressed, crc, size: head.length + piece.length * times + tail.length };
}

/** A zip (deflate, no data descriptors) of the entries, in the order given. */
export function zipOf(entries: HostileEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const { compressed, crc, size } = entryData(e);
    const declared = e.declaredSize ?? size;
    const name = Buffer.from(e.name);
    // Both headers carry the same run from `at`: CRC-32, compressed size, size, name length.
    const writeSizes = (header: Buffer, at: number) => {
      header.writeUInt32LE(crc >>> 0, at);
      header.writeUInt32LE(compressed.length, at + 4);
      header.writeUInt32LE(declared, at + 8);
      header.writeUInt16LE(name.length, at + 12);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    writeSizes(local, 14);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    writeSizes(central, 16);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The parts every workbook has, around a first sheet and (optionally) shared strings. */
export function workbookOf(
  sheet: Omit<HostileEntry, 'name'>,
  sharedStrings?: Omit<HostileEntry, 'name'>,
): Buffer {
  const hasStrings = sharedStrings !== undefined;
  return zipOf([
    {
      name: '[Content_Types].xml',
      head: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${hasStrings ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
    },
    {
      name: '_rels/.rels',
      head: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      head: `${XML}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Employees" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      head: `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>${hasStrings ? `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    },
    // The sheet before the shared strings, as ExcelJS's streaming writer orders them.
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
    ...(hasStrings ? [{ name: 'xl/sharedStrings.xml', ...sharedStrings }] : []),
  ]);
}

const SHEET_HEAD = `${XML}<worksheet xmlns="${NS}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';
const MB = 1024 * 1024;

/** Shared strings that unpack to ~`mb` MB (sizes declared honestly): 1 KB texts. */
export function sharedStringsBomb(mb = 480): Buffer {
  const piece = `<si><t>${'x'.repeat(1024 - 16)}</t></si>`.repeat(1024);
  const times = Math.round((mb * MB) / piece.length);
  return workbookOf(
    { head: `${SHEET_HEAD}<row r="1"><c r="A1" t="s"><v>0</v></c></row>`, tail: SHEET_TAIL },
    { head: `${XML}<sst xmlns="${NS}">`, piece, times, tail: '</sst>' },
  );
}

/** A sheet that unpacks to ~`mb` MB while its zip entry declares 1 MB. */
export function understatedSheetBomb(mb = 1536): Buffer {
  const piece = ' '.repeat(MB);
  return workbookOf(
    { head: SHEET_HEAD, piece, times: mb, tail: SHEET_TAIL, declaredSize: MB },
    { head: `${XML}<sst xmlns="${NS}"><si><t>Name</t></si>`, tail: '</sst>' },
  );
}

/** Elements nested `depth` deep (a multiple of 1,000) in a row: 3 bytes each unpacked. */
export function deepNestingBomb(depth = 5_000_000): Buffer {
  return workbookOf({
    head: `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c>`,
    piece: '<a>'.repeat(1000),
    times: Math.ceil(depth / 1000),
    tail: `${'</a>'.repeat(10)}</row>${SHEET_TAIL}`,
  });
}

/**
 * A header row, then `cells` empty (styled) cells: rows of 10,000, each cell the next column
 * and each row the next row (references are optional in a sheet).
 */
export function emptyCellsBomb(cells = 1_000_000): Buffer {
  return workbookOf({
    head: `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>`,
    piece: `<row>${'<c s="1"/>'.repeat(10_000)}</row>`,
    times: Math.ceil(cells / 10_000),
    tail: SHEET_TAIL,
  });
}

/** Files ExcelJS's reader parks in the temp dir (the `tmp` package's names) of this process. */
export function tempFilesOfThisProcess(): string[] {
  return readdirSync(os.tmpdir()).filter((name) => name.startsWith(`tmp-${process.pid}-`));
}
