import { createLevelBody, type Level } from '@salary/shared/levels/levels.contract';
import { IconHierarchy2 } from '@tabler/icons-react';
import { NameRulesSection } from '../../components/rules-kit/name-rules-section.tsx';
import type { RuleColumn } from '../../components/rules-kit/rules-table.tsx';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
import { useCreateLevel } from './api/create-level.ts';
import { useUpdateLevel } from './api/update-level.ts';

const COLUMNS: RuleColumn<Level>[] = [{ header: 'Name', kind: 'name', cell: (level) => level.name }];

/** Settings → Levels (spec §2): add and rename only; levels are never deleted. */
export default function LevelsSection() {
  return (
    <NameRulesSection
      title="Levels"
      description="Steps within a grade, listed in the order they were added."
      query={useLevels({ refetchOnMount: 'always' })}
      empty={{ icon: IconHierarchy2, manage: 'Add the levels used within every grade.' }}
      columns={COLUMNS}
      minWidth={280}
      noun="Level"
      schema={createLevelBody}
      creating={useCreateLevel()}
      updating={useUpdateLevel()}
    />
  );
}
