/*
 * The current names of jobs, positions, grades and levels as lookups, built once per
 * import (and listed by the template), so no row costs a query.
 */

export interface ReferenceNames {
  jobs: Array<{ id: number; name: string }>;
  positions: Array<{ id: number; name: string; jobId: number }>;
  grades: Array<{ id: number; name: string }>;
  levels: Array<{ id: number; name: string }>;
  /** The company's today, the day a row's hire and career start days derive its years at. */
  asOf: string;
  /** The hours a week a new employee takes when its row gives none (optional: 40). */
  standardWeeklyHours?: number;
}

/** Names → ids. */
export interface NameBook {
  jobs: Map<string, { id: number; name: string }>;
  /** Keyed by `${jobId}:${name key}`: a position belongs to one job. */
  positions: Map<string, number>;
  /** Every position name of any job, to tell "no such position" from "not of this job". */
  anyPosition: Set<string>;
  grades: Map<string, number>;
  levels: Map<string, number>;
  asOf: string;
}

/** Names match trimmed and case-insensitively, as the database's unique indexes compare them. */
export const nameKey = (name: string) => name.normalize('NFC').trim().toLowerCase();

export function buildNameBook(refs: ReferenceNames): NameBook {
  const byName = (rows: Array<{ id: number; name: string }>) => {
    const map = new Map<string, number>();
    for (const r of rows) if (!map.has(nameKey(r.name))) map.set(nameKey(r.name), r.id);
    return map;
  };
  return {
    jobs: new Map(refs.jobs.map((j) => [nameKey(j.name), j])),
    positions: new Map(refs.positions.map((p) => [`${p.jobId}:${nameKey(p.name)}`, p.id])),
    anyPosition: new Set(refs.positions.map((p) => nameKey(p.name))),
    grades: byName(refs.grades),
    levels: byName(refs.levels),
    asOf: refs.asOf,
  };
}
