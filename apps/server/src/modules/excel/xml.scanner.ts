import { StringDecoder } from 'node:string_decoder';

/*
 * A streaming XML scanner for the few parts of an .xlsx the import reads, built so that no
 * input can make it hold much: it keeps at most one tag (≤ 64 KB) across chunks, hands text
 * over only where the reader asked for it (and the reader caps that), keeps no stack of open
 * elements beyond a depth count (refused past 64 levels), and refuses a DOCTYPE (no entity
 * expansion). Element names lose their namespace prefix (`x:row` → `row`).
 */

export type Attributes = Record<string, string>;

export interface XmlHandler {
  open(name: string, attributes: Attributes, selfClosing: boolean): void;
  close(name: string): void;
  /** Character data; called only while `capturing` is true. */
  text(text: string): void;
  capturing: boolean;
}

export class XmlRefusal extends Error {
  constructor(
    readonly reason: 'damaged' | 'nesting',
    message: string,
  ) {
    super(message);
  }
}

export const MAX_XML_DEPTH = 64;
const MAX_TAG = 64 * 1024;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const localName = (qualified: string) => {
  const colon = qualified.indexOf(':');
  return colon < 0 ? qualified : qualified.slice(colon + 1);
};

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/**
 * `name="value"` pairs of a tag's body after its name (single or double quotes), read with
 * indexOf and char codes: a regex per attribute was a sixth of reading a 100,000-row sheet.
 * Text that is not a pair (a stray word, a name without a quoted value) is passed over.
 */
function parseAttributes(source: string, from: number, to: number): Attributes {
  const attributes: Attributes = {};
  let i = from;
  while (i < to) {
    const eq = source.indexOf('=', i);
    if (eq < 0 || eq >= to) break;
    let nameEnd = eq;
    while (nameEnd > i && isSpace(source.charCodeAt(nameEnd - 1))) nameEnd--;
    let nameStart = nameEnd;
    while (nameStart > i) {
      const c = source.charCodeAt(nameStart - 1);
      if (isSpace(c) || c === 61 /* = */ || c === 47 /* / */) break;
      nameStart--;
    }
    let q = eq + 1;
    while (q < to && isSpace(source.charCodeAt(q))) q++;
    const quote = source.charCodeAt(q);
    if (quote !== 34 && quote !== 39) {
      i = q;
      continue;
    }
    const close = source.indexOf(quote === 34 ? '"' : "'", q + 1);
    if (close < 0 || close >= to) break;
    if (nameStart < nameEnd)
      attributes[localName(source.slice(nameStart, nameEnd))] = decodeEntities(source.slice(q + 1, close));
    i = close + 1;
  }
  return attributes;
}

/** Index of the `>` closing the tag opened at `from` (quotes respected), or -1. */
function tagEnd(buffer: string, from: number): number {
  let i = from;
  for (;;) {
    const gt = buffer.indexOf('>', i);
    if (gt < 0) return -1;
    // A quote before it: its value may hold a `>`; jump past the value and look again.
    let quote = -1;
    for (let k = i; k < gt; k++) {
      const c = buffer.charCodeAt(k);
      if (c === 34 || c === 39) {
        quote = k;
        break;
      }
    }
    if (quote < 0) return gt;
    const close = buffer.indexOf(buffer[quote]!, quote + 1);
    if (close < 0) return -1;
    i = close + 1;
  }
}

type Skipping = { until: '-->' | '?>' | ']]>'; text: boolean } | null;

export class XmlScanner {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private depth = 0;
  private skipping: Skipping = null;

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: Buffer): void {
    this.scan(this.pending + this.decoder.write(chunk));
  }

  end(): void {
    this.scan(this.pending + this.decoder.end());
    if (this.pending.trim() || this.skipping)
      throw new XmlRefusal('damaged', 'the XML ends in the middle of a tag');
  }

  private emitText(text: string) {
    if (this.handler.capturing && text) this.handler.text(decodeEntities(text));
  }

  private scan(buffer: string): void {
    const h = this.handler;
    let i = 0;
    this.pending = '';
    while (i < buffer.length) {
      if (this.skipping) {
        const { until, text } = this.skipping;
        const end = buffer.indexOf(until, i);
        if (end < 0) {
          // Keep the last characters: the terminator may be split across chunks.
          const keep = Math.max(i, buffer.length - (until.length - 1));
          if (text && h.capturing) h.text(buffer.slice(i, keep));
          this.pending = buffer.slice(keep);
          return;
        }
        if (text && h.capturing) h.text(buffer.slice(i, end));
        this.skipping = null;
        i = end + until.length;
        continue;
      }
      const lt = buffer.indexOf('<', i);
      if (lt < 0) {
        // Text up to the end: an entity may be split, so keep a short tail when capturing.
        const amp = h.capturing ? buffer.lastIndexOf('&') : -1;
        const cut = amp >= i && buffer.length - amp < 12 ? amp : buffer.length;
        this.emitText(buffer.slice(i, cut));
        this.pending = buffer.slice(cut);
        return;
      }
      if (lt > i && h.capturing) this.emitText(buffer.slice(i, lt));
      i = lt;
      if (buffer.length - i < 9 && buffer.indexOf('>', i) < 0) {
        this.pending = buffer.slice(i);
        return;
      }
      const next = buffer.charCodeAt(i + 1);
      if (next === 33 /* ! */) {
        if (buffer.startsWith('<!--', i)) {
          this.skipping = { until: '-->', text: false };
          i += 4;
          continue;
        }
        if (buffer.startsWith('<![CDATA[', i)) {
          this.skipping = { until: ']]>', text: true };
          i += 9;
          continue;
        }
        throw new XmlRefusal('damaged', 'the XML declares a DOCTYPE');
      }
      if (next === 63 /* ? */) {
        this.skipping = { until: '?>', text: false };
        i += 2;
        continue;
      }
      const end = tagEnd(buffer, i + 1);
      if (end < 0) {
        if (buffer.length - i > MAX_TAG) throw new XmlRefusal('damaged', 'a tag is longer than 64 KB');
        this.pending = buffer.slice(i);
        return;
      }
      if (next === 47 /* / */) {
        this.depth -= 1;
        h.close(localName(buffer.slice(i + 2, end).trim()));
      } else {
        const selfClosing = buffer.charCodeAt(end - 1) === 47; /* / */
        const bodyEnd = selfClosing ? end - 1 : end;
        let nameEnd = i + 1;
        while (nameEnd < bodyEnd && !isSpace(buffer.charCodeAt(nameEnd))) nameEnd++;
        const name = localName(buffer.slice(i + 1, nameEnd));
        const attributes = nameEnd < bodyEnd ? parseAttributes(buffer, nameEnd, bodyEnd) : {};
        if (!selfClosing && ++this.depth > MAX_XML_DEPTH)
          throw new XmlRefusal('nesting', `elements nest deeper than ${MAX_XML_DEPTH} levels`);
        h.open(name, attributes, selfClosing);
        if (selfClosing) h.close(name);
      }
      i = end + 1;
    }
  }
}
