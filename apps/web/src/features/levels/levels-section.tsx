import { createLevelBody, type Level } from '@salary/shared/levels/levels.contract';
import { IconHierarchy2 } from '@tabler/icons-react';
import { OrderedNameRulesSection } from '../../components/rules-kit/name-rules-section.tsx';
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
  return (
    <OrderedNameRulesSection
      title="Levels"
      description="Steps within a grade, listed by their order."
      query={useLevels({ refetchOnMount: 'always' })}
      empty={{ icon: IconHierarchy2, manage: 'Add the levels used within every grade.' }}
      columns={COLUMNS}
      minWidth={320}
      noun="Level"
      schema={createLevelBody}
      creating={useCreateLevel()}
      updating={useUpdateLevel()}
      deleting={useDeleteLevel()}
      reordering={useReorderLevels()}
    />
  );
}
