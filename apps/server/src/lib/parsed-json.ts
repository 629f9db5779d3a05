/** A json column's value: drivers hand json back parsed; accept text too. */
export const parsedJson = <T>(raw: T | string | null | undefined, empty: T): T =>
  raw === null || raw === undefined ? empty : typeof raw === 'string' ? (JSON.parse(raw) as T) : raw;
