import { createLevelBody, type Level } from '@salary/shared/levels/levels.contract';
import { IconHierarchy2 } from '@tabler/icons-react';
import { NameFormModal } from '../../components/rules-kit/name-form-modal.tsx';
import { RowIconActions } from '../../components/rules-kit/row-actions.tsx';
import { RulesEmpty, RulesSection } from '../../components/rules-kit/rules-section.tsx';
import { type RuleColumn, RulesTable } from '../../components/rules-kit/rules-table.tsx';
import { useRuleModal } from '../../components/rules-kit/use-rule-modal.ts';
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
  const modal = useRuleModal<Level, { name: string }>({
    create: createLevel.mutateAsync,
    update: (id, body) => updateLevel.mutateAsync({ id, body }),
    created: 'Level created successfully',
    updated: 'Level updated successfully',
  });

  return (
    <>
      <RulesSection
        title="Levels"
        description="Steps within a grade, listed in the order they were added."
        add={canManage ? { label: 'Add Level', onClick: modal.openAdd } : null}
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
      >
        {(rows) => (
          <RulesTable
            rows={rows}
            columns={COLUMNS}
            minWidth={280}
            actions={
              canManage
                ? (level) => <RowIconActions name={level.name} onEdit={() => modal.openEdit(level)} />
                : undefined
            }
          />
        )}
      </RulesSection>
      {canManage ? (
        <NameFormModal
          opened={modal.opened}
          title={modal.editing ? 'Edit Level' : 'Add Level'}
          schema={createLevelBody}
          defaultValues={{ name: modal.editing?.name ?? '' }}
          failureMessage={modal.editing ? 'Failed to update level' : 'Failed to create level'}
          onSubmit={modal.save}
          onClose={modal.close}
        />
      ) : null}
    </>
  );
}
