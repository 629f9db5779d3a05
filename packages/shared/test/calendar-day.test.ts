import { describe, expect, it } from 'vitest';
import { completedYears, daySerial, serialDay } from '../src/common/calendar-day.ts';

/** The day `n` days after 2019-01-01, as `YYYY-MM-DD` (UTC, no time of day). */
const dayAt = (n: number) => new Date(Date.UTC(2019, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * An independent model: walk day by day from `from` to `asOf` and count the anniversaries passed.
 * A year's anniversary is the same month and day, or 1 March when that year has no 29 February.
 */
function yearsByWalking(from: string, asOf: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  let count = 0;
  for (let t = Date.UTC(fy, fm - 1, fd) + 86_400_000; t <= Date.parse(`${asOf}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    const y = d.getUTCFullYear();
    const leap = new Date(Date.UTC(y, 1, 29)).getUTCMonth() === 1;
    const [am, ad] = fm === 2 && fd === 29 && !leap ? [3, 1] : [fm, fd];
    if (d.getUTCMonth() + 1 === am && d.getUTCDate() === ad) count += 1;
  }
  return count;
}

describe('completed years between two days', () => {
  it('equals the day-by-day model across month ends, 29 February and the days around them', () => {
    // Start days: month ends, a leap day, the day before and after it; end days every 7th day
    // for six years, plus every day around each 28 February–1 March.
    const starts = ['2019-01-31', '2019-12-31', '2020-02-28', '2020-02-29', '2020-03-01', '2020-04-30'];
    const ends = new Set<string>();
    for (let n = 0; n < 6 * 366; n += 7) ends.add(dayAt(n));
    for (const y of [2020, 2021, 2022, 2023, 2024, 2025])
      for (const d of [`${y}-02-27`, `${y}-02-28`, `${y}-02-29`, `${y}-03-01`, `${y}-03-02`])
        if (
          !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
          new Date(`${d}T00:00:00Z`).toISOString().startsWith(d)
        )
          ends.add(d);
    let compared = 0;
    for (const from of starts)
      for (const asOf of ends) {
        const expected = asOf < from ? 0 : yearsByWalking(from, asOf);
        expect(completedYears(from, asOf), `${from} → ${asOf}`).toBe(expected);
        compared += 1;
      }
    expect(compared).toBeGreaterThan(1_500);
  });

  it('counts a leap-day joiner’s first year on 1 March of a common year', () => {
    expect(completedYears('2020-02-29', '2021-02-28')).toBe(0);
    expect(completedYears('2020-02-29', '2021-03-01')).toBe(1);
    expect(completedYears('2020-02-29', '2024-02-29')).toBe(4);
  });
});

describe('spreadsheet serials', () => {
  it('turn every day of six years into its serial and back', () => {
    for (let n = 0; n < 6 * 366; n++) expect(serialDay(daySerial(dayAt(n)))).toBe(dayAt(n));
    expect(daySerial('2026-01-01')).toBe(46023);
  });
});
