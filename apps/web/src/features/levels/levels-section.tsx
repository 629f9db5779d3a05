import { createLevelBody, type Level } from '@salary/shared/levels/levels.contract';
import { IconHierarchy2 } from '@tabler/icons-react';
import { useMoveActions } from '../../components/rules-kit/move-actions.tsx';
import { NameRulesSection } from '../../components/rules-kit/name-rules-section.tsx';
import { deleteMessages } from '../../components/rules-kit/rule-messages.ts';
import type { RuleColumn } from '../../components/rules-kit/rules-table.tsx';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
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
  const levels = useLevels({ refetchOnMount: 'always' });
  const moves = useMoveActions(levels.data, useReorderLevels(), 'Failed to reorder levels');

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
      ownActions={moves}
    />
  );
}
