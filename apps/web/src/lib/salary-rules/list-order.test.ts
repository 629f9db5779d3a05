import { describe, expect, it } from 'vitest';
import { swapGradeOrder } from './list-order.ts';

const grades = [
  { id: 10, order: 0 },
  { id: 11, order: 1 },
  { id: 12, order: 2 },
];

describe('swapGradeOrder', () => {
  it('moves a grade up by swapping order values with the one above, sending every pair', () => {
    expect(swapGradeOrder(grades, 1, 'up')).toEqual([
      { id: 10, order: 1 },
      { id: 11, order: 0 },
      { id: 12, order: 2 },
    ]);
  });

  it('moves a grade down by swapping with the one below', () => {
    expect(swapGradeOrder(grades, 1, 'down')).toEqual([
      { id: 10, order: 0 },
      { id: 11, order: 2 },
      { id: 12, order: 1 },
    ]);
  });

  it('keeps gaps in the order values: only the two neighbours trade theirs', () => {
    const gapped = [
      { id: 1, order: 3 },
      { id: 2, order: 7 },
      { id: 3, order: 20 },
    ];
    expect(swapGradeOrder(gapped, 2, 'up')).toEqual([
      { id: 1, order: 3 },
      { id: 2, order: 20 },
      { id: 3, order: 7 },
    ]);
  });

  it('renumbers first when two grades share an order, so the move still happens', () => {
    const tied = [
      { id: 1, order: 0 },
      { id: 2, order: 1 },
      { id: 3, order: 1 },
    ];
    expect(swapGradeOrder(tied, 2, 'up')).toEqual([
      { id: 1, order: 0 },
      { id: 2, order: 2 },
      { id: 3, order: 1 },
    ]);
  });

  it('refuses to move the first grade up or the last one down', () => {
    expect(swapGradeOrder(grades, 0, 'up')).toBeNull();
    expect(swapGradeOrder(grades, 2, 'down')).toBeNull();
    expect(swapGradeOrder(grades, 5, 'up')).toBeNull();
    expect(swapGradeOrder([], 0, 'down')).toBeNull();
  });

  it('does not touch the list it was given', () => {
    const copy = structuredClone(grades);
    swapGradeOrder(grades, 0, 'down');
    expect(grades).toEqual(copy);
  });
});
