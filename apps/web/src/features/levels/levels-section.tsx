import { createLevelBody, type Level } from '@salary/shared/levels/levels.contract';
import { IconArrowDown, IconArrowUp, IconHierarchy2 } from '@tabler/icons-react';
import { IconAction } from '../../components/icon-action.tsx';
import { NameRulesSection } from '../../components/rules-kit/name-rules-section.tsx';
import { deleteMessages } from '../../components/rules-kit/rule-messages.ts';
import type { RuleColumn } from '../../components/rules-kit/rules-table.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
import { type MoveDirection, swapGradeOrder } from '../../lib/salary-rules/list-order.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useCreateLevel } from './api/create-level.ts';
import { useDeleteLevel } from './api/delete-level.ts';
import { useReorderLevels } from './api/reorder-levels.ts';
import { useUpdateLevel } from './api/update-level.ts';

const COLUMNS: RuleColumn<Level>[] = [{ header: 'Name', kind: 'name', cell: (level) => level.name }];

/**
 * Settings → Levels: levels by order, moved up/down one place at a time as grades are; a level
 * nothing uses can be deleted (the server names what keeps one alive).
 */
export default function LevelsSection() {
  const toast = useToast();
  const levels = useLevels({ refetchOnMount: 'always' });
  const reorderLevels = useReorderLevels();

  const move = async (index: number, direction: MoveDirection) => {
    const pairs = levels.data ? swapGradeOrder(levels.data, index, direction) : null;
    if (!pairs) return;
    try {
      await reorderLevels.mutateAsync({ levels: pairs });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to reorder levels'));
    }
  };

  return (
    <NameRulesSection
      title="Levels"
      description="Steps within a grade, listed by their order."
      query={levels}
      empty={{ icon: IconHierarchy2, manage: 'Add the levels used within every grade.' }}
      columns={COLUMNS}
      minWidth={320}
      noun="Level"
      schema={createLevelBody}
      creating={useCreateLevel()}
      updating={useUpdateLevel()}
      deleting={{ mutation: useDeleteLevel(), ...deleteMessages('Level') }}
      ownActions={(level, index, rows) => (
        <>
          <IconAction
            label={`Move ${level.name} up`}
            icon={<IconArrowUp size={18} stroke={1.6} />}
            // While a reorder is on its way no other move may start.
            disabled={index === 0 || reorderLevels.isPending}
            onClick={() => move(index, 'up')}
          />
          <IconAction
            label={`Move ${level.name} down`}
            icon={<IconArrowDown size={18} stroke={1.6} />}
            disabled={index === rows.length - 1 || reorderLevels.isPending}
            onClick={() => move(index, 'down')}
          />
        </>
      )}
    />
  );
}
