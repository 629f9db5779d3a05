import { Button, EmptyState } from '@mantine/core';
import { createGradeBody, type Grade } from '@salary/shared/grades/grades.contract';
import { IconPlus, IconStairs } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadFailed } from '../../components/load-failed.tsx';
import { NameFormModal, type NameValues } from '../../components/name-form-modal.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { SectionPanel } from '../../components/section-panel.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useGrades } from '../../lib/salary-rules/get-grades.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useCreateGrade } from './api/create-grade.ts';
import { useReorderGrades } from './api/reorder-grades.ts';
import { useUpdateGrade } from './api/update-grade.ts';
import { type MoveDirection, swapGradeOrder } from './grade-order.ts';
import { GradesTable } from './grades-table.tsx';

/** Settings → Grades (spec §2): grades by order, moved up/down one place at a time; no delete. */
export default function GradesSection() {
  const canManage = useCanManageSettings();
  const toast = useToast();
  const grades = useGrades({ refetchOnMount: 'always' });
  useLoadErrorToast(grades.error, 'Failed to fetch grades');
  const createGrade = useCreateGrade();
  const updateGrade = useUpdateGrade();
  const reorderGrades = useReorderGrades();
  const [modal, setModal] = useState<{ opened: boolean; editing: Grade | null }>({
    opened: false,
    editing: null,
  });

  const closeModal = () => setModal((current) => ({ ...current, opened: false }));

  const save = async (values: NameValues) => {
    if (modal.editing) {
      await updateGrade.mutateAsync({ id: modal.editing.id, body: { name: values.name } });
      toast.success('Grade updated successfully');
    } else {
      await createGrade.mutateAsync({ name: values.name });
      toast.success('Grade created successfully');
    }
    closeModal();
  };

  const move = async (index: number, direction: MoveDirection) => {
    const pairs = grades.data ? swapGradeOrder(grades.data, index, direction) : null;
    if (!pairs) return;
    try {
      await reorderGrades.mutateAsync({ grades: pairs });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to reorder grades'));
    }
  };

  const body = () => {
    if (grades.isPending) return <SectionLoader />;
    if (grades.isError && !grades.data)
      return (
        <LoadFailed
          title="Could not load grades"
          onRetry={() => grades.refetch()}
          retrying={grades.isFetching}
        >
          Check your connection and try again.
        </LoadFailed>
      );
    if (grades.data.length === 0) {
      return (
        <EmptyState
          py="xl"
          size="sm"
          withIndicatorBackground
          icon={<IconStairs size={22} stroke={1.6} />}
          title="No grades yet"
          description={
            canManage
              ? 'Add grades from the lowest to the highest; you can reorder them later.'
              : 'Grades appear here once someone with edit rights adds them.'
          }
        />
      );
    }
    return (
      <GradesTable
        grades={grades.data}
        actions={
          canManage
            ? {
                onMove: move,
                onEdit: (grade) => setModal({ opened: true, editing: grade }),
                moving: reorderGrades.isPending,
              }
            : undefined
        }
      />
    );
  };

  return (
    <SectionPanel
      title="Grades"
      description="Seniority grades, listed by their order."
      actions={
        canManage ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setModal({ opened: true, editing: null })}
          >
            Add Grade
          </Button>
        ) : null
      }
    >
      {body()}
      {canManage ? (
        <NameFormModal
          opened={modal.opened}
          title={modal.editing ? 'Edit Grade' : 'Add Grade'}
          schema={createGradeBody}
          initialName={modal.editing?.name ?? ''}
          failureMessage={modal.editing ? 'Failed to update grade' : 'Failed to create grade'}
          onSubmit={save}
          onClose={closeModal}
        />
      ) : null}
    </SectionPanel>
  );
}
