import { describe, expect, it } from 'vitest';
import {
  bandCount,
  bandName,
  bandOf,
  type Scores,
  weightedScore,
} from '../src/job-evaluation/job-evaluation.contract.ts';

const EQUAL = { skills: 1, effort: 1, responsibility: 1, workingConditions: 1 };
const s = (skills: number, effort: number, responsibility: number, workingConditions: number): Scores => ({
  skills,
  effort,
  responsibility,
  workingConditions,
});

describe('weighted score and bands', () => {
  it.each([
    // scores, weights, band width → weighted (two decimals, truncated), band, name
    [s(1, 1, 1, 1), EQUAL, 1, 1, 1, 'Score 1.0–1.9'],
    [s(2, 2, 2, 2), EQUAL, 1, 2, 2, 'Score 2.0–2.9'],
    [s(2, 2, 2, 3), EQUAL, 1, 2.25, 2, 'Score 2.0–2.9'],
    [s(5, 5, 5, 5), EQUAL, 1, 5, 4, 'Score 4.0–5.0'],
    [s(4, 4, 4, 5), EQUAL, 1, 4.25, 4, 'Score 4.0–5.0'],
    // 7 ÷ 3 = 2.333…: truncated, never rounded up into the next band.
    [s(3, 2, 2, 5), { ...EQUAL, workingConditions: 0 }, 1, 2.33, 2, 'Score 2.0–2.9'],
    // (2·3 + 0·2 + 1.5·4 + 0.5·1) ÷ 4 = 3.125.
    [
      s(3, 2, 4, 1),
      { skills: 2, effort: 0, responsibility: 1.5, workingConditions: 0.5 },
      0.5,
      3.12,
      5,
      'Score 3.0–3.4',
    ],
    // Weights in hundredths: (0.01·2 + 0.99·1) ÷ 1 = 1.01; a band of 0.1 is named by one value.
    [
      s(2, 1, 1, 1),
      { skills: 0.01, effort: 0.99, responsibility: 0, workingConditions: 0 },
      0.1,
      1.01,
      1,
      'Score 1.0',
    ],
    // Width 0.3: 14 bands, the last 4.9–5.0.
    [s(5, 5, 5, 5), EQUAL, 0.3, 5, 14, 'Score 4.9–5.0'],
    // Width 4.0: one band for everything.
    [s(3, 3, 3, 3), EQUAL, 4, 3, 1, 'Score 1.0–5.0'],
  ])(
    '%j with weights %j and width %d → %d, band %d "%s"',
    (scores, weights, bandWidth, weighted, band, name) => {
      const rule = { weights, bandWidth };
      expect(weightedScore(scores, rule)).toBe(weighted);
      expect(bandOf(scores, rule)).toBe(band);
      expect(bandName(band, rule)).toBe(name);
    },
  );

  it('a score on a band edge falls in the band above', () => {
    const rule = { weights: EQUAL, bandWidth: 0.5 };
    // (2 + 2 + 3 + 3) ÷ 4 = 2.5: band 4 (2.5–2.9), not band 3 (2.0–2.4).
    expect(bandOf(s(2, 2, 3, 3), rule)).toBe(4);
    expect(bandName(4, rule)).toBe('Score 2.5–2.9');
    expect(bandCount(rule)).toBe(8);
  });
});
