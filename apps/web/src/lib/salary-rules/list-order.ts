import type { Grade } from '@salary/shared/grades/grades.contract';

export interface GradeOrderPair {
  id: number;
  order: number;
}

export type MoveDirection = 'up' | 'down';

/** Orders as listed, or 0..n-1 when two grades share one (swapping equal values would move nothing). */
function listedOrders(grades: readonly Pick<Grade, 'order'>[]): number[] {
  const strictlyRising = grades.every((grade, i) => i === 0 || grade.order > grades[i - 1]!.order);
  return grades.map((grade, i) => (strictlyRising ? grade.order : i));
}

/**
 * The body of POST /grades/reorder (or /levels/reorder) for moving the row at `index` one place:
 * the two adjacent rows swap their order values and every {id, order} pair is sent.
 * `grades` must be listed by order (as the list answers). Null when the move would leave the list.
 */
export function swapGradeOrder(
  grades: readonly Pick<Grade, 'id' | 'order'>[],
  index: number,
  direction: MoveDirection,
): GradeOrderPair[] | null {
  const other = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || index >= grades.length || other < 0 || other >= grades.length) return null;
  const orders = listedOrders(grades);
  [orders[index], orders[other]] = [orders[other]!, orders[index]!];
  return grades.map((grade, i) => ({ id: grade.id, order: orders[i]! }));
}
