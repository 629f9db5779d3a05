import { describe, expect, it } from 'vitest';
import { swapGradeOrder } from './list-order.ts';

/** A list of grades with ids counting up from firstId and the order values given. */
const withOrders = (orders: number[], firstId = 1) => orders.map((order, i) => ({ id: firstId + i, order }));

const grades = withOrders([0, 1, 2], 10);

describe('swapGradeOrder', () => {
  it.each([
    {
      name: 'moves a grade up by swapping order values with the one above, sending every pair',
      list: grades,
      index: 1,
      direction: 'up',
      after: [1, 0, 2],
    },
    {
      name: 'moves a grade down by swapping with the one below',
      list: grades,
      index: 1,
      direction: 'down',
      after: [0, 2, 1],
    },
    {
      name: 'keeps gaps in the order values: only the two neighbours trade theirs',
      list: withOrders([3, 7, 20]),
      index: 2,
      direction: 'up',
      after: [3, 20, 7],
    },
    {
      name: 'renumbers first when two grades share an order, so the move still happens',
      list: withOrders([0, 1, 1]),
      index: 2,
      direction: 'up',
      after: [0, 2, 1],
    },
  ] as const)('$name', ({ list, index, direction, after }) => {
    expect(swapGradeOrder(list, index, direction)).toEqual(withOrders([...after], list[0]?.id));
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
