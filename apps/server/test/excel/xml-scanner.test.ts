import { describe, expect, it } from 'vitest';
import { type Attributes, XmlRefusal, XmlScanner } from '../../src/modules/excel/xml.scanner.ts';

/*
 * The scanner the .xlsx reader is built on, read with indexOf and char codes (no regex per
 * tag or attribute). What any XML writer may produce must read the same in any chunking:
 * either quote, spaces around `=`, `>` and entities inside values, prefixes, comments, CDATA.
 */

type Event = ['open', string, Attributes, boolean] | ['close', string] | ['text', string];

function scan(xml: string, chunk: number, capture = true): Event[] {
  const events: Event[] = [];
  const scanner = new XmlScanner({
    capturing: capture,
    open: (name, attributes, selfClosing) => events.push(['open', name, attributes, selfClosing]),
    close: (name) => events.push(['close', name]),
    text: (text) => {
      const last = events.at(-1);
      // Text may arrive in pieces across chunks: joined, it is what the file holds.
      if (last?.[0] === 'text') last[1] += text;
      else events.push(['text', text]);
    },
  });
  const bytes = Buffer.from(xml, 'utf8');
  for (let i = 0; i < bytes.length; i += chunk) scanner.write(bytes.subarray(i, i + chunk));
  scanner.end();
  return events;
}

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<x:worksheet xmlns:x="urn:x"><!-- a comment with <c> in it -->
  <row r = "2" spans='1:3'  x:hidden="0"><c r="A2" t="s" s="1"><v>12</v></c>
  <c r='B2' t="inlineStr"><is><t>a &lt;b&gt; &amp; “ü” &#x1F600;</t></is></c>
  <c r="C2" note="1 > 0 &amp; 'q'" other='say "hi" > then'/><c r="D2"><v><![CDATA[<raw> & text]]></v></c>
  <c r="E2" empty="" t="n"  ><v>3.5</v></c></row></x:worksheet>`;

describe('XmlScanner', () => {
  const whole = scan(XML, XML.length * 4);

  it('reads names without prefixes, attributes in either quote with spaces around =, values with > and entities', () => {
    const opens = whole.filter((e) => e[0] === 'open');
    expect(opens.map((e) => e[1])).toEqual([
      'worksheet',
      'row',
      'c',
      'v',
      'c',
      'is',
      't',
      'c',
      'c',
      'v',
      'c',
      'v',
    ]);
    expect(opens[1]![2]).toEqual({ r: '2', spans: '1:3', hidden: '0' });
    expect(opens[2]![2]).toEqual({ r: 'A2', t: 's', s: '1' });
    expect(opens[7]).toEqual(['open', 'c', { r: 'C2', note: "1 > 0 & 'q'", other: 'say "hi" > then' }, true]);
    expect(opens[10]![2]).toEqual({ r: 'E2', empty: '', t: 'n' });
    expect(whole.filter((e) => e[0] === 'text' && e[1].trim()).map((e) => e[1])).toEqual([
      '12',
      'a <b> & “ü” 😀',
      '<raw> & text',
      '3.5',
    ]);
  });

  it('reads the same whatever the chunks (split tags, values, entities and multi-byte characters)', () => {
    for (const size of [1, 2, 3, 5, 7, 13, 64]) expect(scan(XML, size)).toEqual(whole);
  });

  it('hands over no text while the reader is not capturing', () => {
    expect(scan(XML, 16, false).some((e) => e[0] === 'text' && e[1].trim())).toBe(false);
  });

  it('refuses a DOCTYPE and a file that ends inside a tag', () => {
    expect(() => scan('<!DOCTYPE x [<!ENTITY a "b">]><x/>', 8)).toThrow(XmlRefusal);
    expect(() => scan('<x><c r="A1', 4)).toThrow(/ends in the middle of a tag/);
  });
});
