import { describe, expect, it } from 'vitest';
import { ruleChangeWords, ruleValueFrom } from './rule-change-words.ts';

/* A base salary's scheduled change in words, its band's fields included. */

describe("a base salary's change in words", () => {
  it("says the band's moves in the grid's words", () => {
    const moves = [
      { field: 'bandSpread', before: null, after: 15 },
      { field: 'bandMax', before: null, after: 5200 },
    ];
    expect(ruleChangeWords('baseSalary', moves)).toBe(
      'Band spread ±10% (default) → ±15%; Band maximum from the spread → $5,200.00',
    );
    // Under the cell: what changes that day, as the amount stays.
    expect(ruleValueFrom('baseSalary', moves)).toBe(
      'Band spread ±10% (default) → ±15%; Band maximum from the spread → $5,200.00',
    );
  });

  it('still says the amount first when it moves', () => {
    const moves = [
      { field: 'amount', before: 5000, after: 5150 },
      { field: 'bandMin', before: 4800, after: null },
    ];
    expect(ruleValueFrom('baseSalary', moves)).toBe('$5,150.00');
    expect(ruleChangeWords('baseSalary', moves)).toBe(
      'Amount $5,000.00 → $5,150.00; Band minimum $4,800.00 → from the spread',
    );
  });
});
