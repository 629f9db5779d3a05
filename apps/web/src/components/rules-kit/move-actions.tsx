import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { errorMessage } from '../../lib/api-error.ts';
import {
  type GradeOrderPair,
  type MoveDirection,
  swapGradeOrder,
} from '../../lib/salary-rules/list-order.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { IconAction } from '../icon-action.tsx';

interface OrderedRow {
  id: number;
  name: string;
  order: number;
}

/**
 * Up/Down on a list with an order of its own (grades, levels): a move swaps two neighbours'
 * orders and sends every pair through `reorder`; a refused one says `failed` (or the server's
 * reason). Answers the row actions for the rules section.
 */
export function useMoveActions<Row extends OrderedRow>(
  rows: Row[] | undefined,
  reorder: { mutateAsync(pairs: GradeOrderPair[]): Promise<unknown>; isPending: boolean },
  failed: string,
) {
  const toast = useToast();
  const move = async (index: number, direction: MoveDirection) => {
    const pairs = rows ? swapGradeOrder(rows, index, direction) : null;
    if (!pairs) return;
    try {
      await reorder.mutateAsync(pairs);
    } catch (error) {
      toast.error(errorMessage(error, failed));
    }
  };

  return (row: Row, index: number, listed: Row[]) => (
    <>
      <IconAction
        label={`Move ${row.name} up`}
        icon={<IconArrowUp size={18} stroke={1.6} />}
        // While a reorder is on its way no other move may start.
        disabled={index === 0 || reorder.isPending}
        onClick={() => move(index, 'up')}
      />
      <IconAction
        label={`Move ${row.name} down`}
        icon={<IconArrowDown size={18} stroke={1.6} />}
        disabled={index === listed.length - 1 || reorder.isPending}
        onClick={() => move(index, 'down')}
      />
    </>
  );
}
