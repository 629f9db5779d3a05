import { Button, EmptyState } from '@mantine/core';
import { createLevelBody, type Level } from '@salary/shared/levels/levels.contract';
import { IconHierarchy2, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadFailed } from '../../components/load-failed.tsx';
import { NameFormModal, type NameValues } from '../../components/name-form-modal.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { SectionPanel } from '../../components/section-panel.tsx';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useCreateLevel } from './api/create-level.ts';
import { useUpdateLevel } from './api/update-level.ts';
import { LevelsTable } from './levels-table.tsx';

/** Settings → Levels (spec §2): add and rename only; levels are never deleted. */
export default function LevelsSection() {
  const canManage = useCanManageSettings();
  const toast = useToast();
  const levels = useLevels({ refetchOnMount: 'always' });
  useLoadErrorToast(levels.error, 'Failed to fetch levels');
  const createLevel = useCreateLevel();
  const updateLevel = useUpdateLevel();
  const [modal, setModal] = useState<{ opened: boolean; editing: Level | null }>({
    opened: false,
    editing: null,
  });

  const closeModal = () => setModal((current) => ({ ...current, opened: false }));

  const save = async (values: NameValues) => {
    if (modal.editing) {
      await updateLevel.mutateAsync({ id: modal.editing.id, body: values });
      toast.success('Level updated successfully');
    } else {
      await createLevel.mutateAsync(values);
      toast.success('Level created successfully');
    }
    closeModal();
  };

  const body = () => {
    if (levels.isPending) return <SectionLoader />;
    if (levels.isError && !levels.data)
      return (
        <LoadFailed
          title="Could not load levels"
          onRetry={() => levels.refetch()}
          retrying={levels.isFetching}
        >
          Check your connection and try again.
        </LoadFailed>
      );
    if (levels.data.length === 0) {
      return (
        <EmptyState
          py="xl"
          size="sm"
          withIndicatorBackground
          icon={<IconHierarchy2 size={22} stroke={1.6} />}
          title="No levels yet"
          description={
            canManage
              ? 'Add the levels used within every grade.'
              : 'Levels appear here once someone with edit rights adds them.'
          }
        />
      );
    }
    return (
      <LevelsTable
        levels={levels.data}
        onEdit={canManage ? (level) => setModal({ opened: true, editing: level }) : undefined}
      />
    );
  };

  return (
    <SectionPanel
      title="Levels"
      description="Steps within a grade, listed in the order they were added."
      actions={
        canManage ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setModal({ opened: true, editing: null })}
          >
            Add Level
          </Button>
        ) : null
      }
    >
      {body()}
      {canManage ? (
        <NameFormModal
          opened={modal.opened}
          title={modal.editing ? 'Edit Level' : 'Add Level'}
          schema={createLevelBody}
          initialName={modal.editing?.name ?? ''}
          failureMessage={modal.editing ? 'Failed to update level' : 'Failed to create level'}
          onSubmit={save}
          onClose={closeModal}
        />
      ) : null}
    </SectionPanel>
  );
}
