import { type Cents, roundToCents } from '@salary/shared/common/money';
import { nameKey } from './name-book.model.ts';

/*
 * The export's hidden Row Key: what the row was when it was exported. The import reads it to
 * tell a real edit from a stale row (the employee's version moved on), a row that no longer
 * lines up with its ID (sorted without the ID column: its name and job now carry another ID's
 * fingerprint) and another installation's file. Plain text, so a spreadsheet program keeps it
 * through .xlsx and .xls.
 */

const PREFIX = 'ss1';

export interface RowKey {
  installation: string;
  id: number;
  version: number;
  /** A short hash of the name and job the row carried. */
  fingerprint: string;
  /** The Calculated Salary / Total Cost cells as exported, in cents (null: column absent or blank). */
  salaryCents: number | null;
  costCents: number | null;
}

/** FNV-1a, 32 bits, base 36: short and stable, not a secret. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** The name and job as a row shows them, compared trimmed and in any case. */
export const fingerprint = (name: string, job: string) => hash(`${nameKey(name)}\u0000${nameKey(job)}`);

/** A money cell (or figure) as whole cents for the key; none when it is not a number. */
export const cellCents = (value: number | null | undefined): Cents | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : roundToCents(value);

export function encodeRowKey(key: RowKey): string {
  return [
    PREFIX,
    key.installation,
    key.id,
    key.version,
    key.fingerprint,
    key.salaryCents ?? '',
    key.costCents ?? '',
  ].join(':');
}

/** A key's cents field (already whole cents, as written): empty is null. */
const centsField = (text: string | undefined) => (text === undefined || text === '' ? null : Number(text));

/** The key in a cell, or null when the cell holds none (a hand-made file, a new row). */
export function decodeRowKey(text: string): RowKey | null {
  const parts = text.trim().split(':');
  if (parts.length !== 7 || parts[0] !== PREFIX) return null;
  const [, installation, id, version, fp, salary, cost] = parts;
  const key: RowKey = {
    installation: installation!,
    id: Number(id),
    version: Number(version),
    fingerprint: fp!,
    salaryCents: centsField(salary),
    costCents: centsField(cost),
  };
  const whole = (n: number | null) => n === null || Number.isSafeInteger(n);
  if (!Number.isSafeInteger(key.id) || !Number.isSafeInteger(key.version)) return null;
  if (!whole(key.salaryCents) || !whole(key.costCents)) return null;
  return key;
}

/** IDs as runs, `1-200,205,207-300`: an unfiltered export's thousands of IDs in a few characters. */
export function encodeIdRuns(ids: number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < ids.length; ) {
    let j = i;
    while (j + 1 < ids.length && ids[j + 1] === ids[j]! + 1) j++;
    runs.push(j === i ? `${ids[i]}` : `${ids[i]}-${ids[j]}`);
    i = j + 1;
  }
  return runs.join(',');
}

export function decodeIdRuns(text: string): number[] {
  const ids: number[] = [];
  for (const run of text.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(run.trim());
    if (!m) continue;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    // A hand-edited run cannot make the import count to a billion.
    if (to < from || to - from > 10_000_000) continue;
    for (let id = from; id <= to; id++) ids.push(id);
  }
  return ids;
}
