import { describe, expect, it } from 'vitest';
import { addDays } from '../src/common/calendar-day.ts';
import { dueOnFor, statusOf } from '../src/pay-requests/pay-requests.contract.ts';

describe('dueOnFor: two calendar months on, clamped to the month end', () => {
  it.each([
    ['2026-01-15', '2026-03-15'],
    ['2025-12-31', '2026-02-28'],
    ['2027-12-31', '2028-02-29'],
    ['2028-12-31', '2029-02-28'],
    ['2099-12-31', '2100-02-28'],

    ['2399-12-31', '2400-02-29'],
    ['2026-10-31', '2026-12-31'],
    ['2026-11-30', '2027-01-30'],
    ['2026-04-30', '2026-06-30'],
    ['0999-11-05', '1000-01-05'],
  ])('%s → %s', (received, due) => {
    expect(dueOnFor(received)).toBe(due);
  });

  it('never goes backwards and always lands 59 to 62 days on, every day of eight years', () => {
    let day = '2024-01-01';
    let previous = dueOnFor(addDays(day, -1));
    for (let i = 0; i < 366 * 8; i++, day = addDays(day, 1)) {
      const due = dueOnFor(day);
      expect(due >= previous, day).toBe(true);
      const gap = (Date.parse(due) - Date.parse(day)) / 86_400_000;
      expect(gap >= 59 && gap <= 62, `${day} → ${due}`).toBe(true);
      previous = due;
    }
  });
});

describe('statusOf', () => {
  it('is open on the due day, overdue the day after, answered once answered', () => {
    const r = { dueOn: '2026-03-15', answeredOn: null };
    expect(statusOf(r, '2026-03-15')).toBe('open');
    expect(statusOf(r, '2026-03-16')).toBe('overdue');
    expect(statusOf({ ...r, answeredOn: '2026-05-01' }, '2026-06-01')).toBe('answered');
  });
});
