import { createLevelBody, type Level } from '@salary/shared/levels/levels.contract';
import { IconHierarchy2 } from '@tabler/icons-react';
import { NameRulesSection } from '../../components/rules-kit/name-rules-section.tsx';
import { RulesEmpty } from '../../components/rules-kit/rules-section.tsx';
import type { RuleColumn } from '../../components/rules-kit/rules-table.tsx';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
import { useCreateLevel } from './api/create-level.ts';
import { useUpdateLevel } from './api/update-level.ts';

const COLUMNS: RuleColumn<Level>[] = [{ header: 'Name', kind: 'name', cell: (level) => level.name }];

/** Settings → Levels (spec §2): add and rename only; levels are never deleted. */
export default function LevelsSection() {
  const canManage = useCanManageSettings();
  const levels = useLevels({ refetchOnMount: 'always' });
  const createLevel = useCreateLevel();
  const updateLevel = useUpdateLevel();
  return (
    <NameRulesSection
      title="Levels"
      description="Steps within a grade, listed in the order they were added."
      canManage={canManage}
      query={levels}
      what="levels"
      failureMessage="Failed to fetch levels"
      empty={
        <RulesEmpty
          icon={IconHierarchy2}
          title="No levels yet"
          description={
            canManage
              ? 'Add the levels used within every grade.'
              : 'Levels appear here once someone with edit rights adds them.'
          }
        />
      }
      columns={COLUMNS}
      minWidth={280}
      noun="Level"
      schema={createLevelBody}
      create={createLevel.mutateAsync}
      update={(id, body) => updateLevel.mutateAsync({ id, body })}
    />
  );
}
