/**
 * Values read at one database snapshot (`currentSnapshot`, snapshot.repository.ts). A value cached at snapshot S is
 * exact for any later read that finds the database still at S; a newer snapshot finds an
 * empty cache. No stale reads, no invalidation hooks in the writers. Cached values are shared:
 * callers treat them as read-only. The read model (modules/pricing/pricing.read-model.ts) makes them,
 * and makes none when caches are off (CACHES=off).
 */
/*
 * Inside a transaction a snapshot says nothing about what the statements see (its own
 * uncommitted writes, or a preview that will roll back): the cache is for reads on the
 * database only. Its callers keep a unit of work's reads out (they are handed the
 * transaction: see `profileRules` in modules/pricing/pricing.read-model.ts; the employee list never runs
 * in one).
 */
export class SnapshotCache<V> {
  private snapshot: string | undefined;
  private readonly entries = new Map<string, V>();

  constructor(private readonly maxEntries = 10_000) {}

  get(snapshot: string | undefined, key: string): V | undefined {
    if (snapshot === undefined || snapshot !== this.snapshot) return undefined;
    return this.entries.get(key);
  }

  set(snapshot: string, key: string, value: V): void {
    if (snapshot !== this.snapshot) {
      this.snapshot = snapshot;
      this.entries.clear();
    } else if (this.entries.size >= this.maxEntries) {
      this.entries.clear();
    }
    this.entries.set(key, value);
  }
}
