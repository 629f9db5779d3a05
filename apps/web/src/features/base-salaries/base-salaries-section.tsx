import { Box, EmptyState, Stack } from '@mantine/core';
import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { IconCoin } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { SectionPanel } from '../../components/section-panel.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useDeleteBaseSalary } from './api/delete-base-salary.ts';
import { useBaseSalaries } from './api/get-base-salaries.ts';
import { BaseSalariesCards } from './base-salaries-cards.tsx';
import { BaseSalariesTable } from './base-salaries-table.tsx';
import { BaseSalaryForm } from './base-salary-form.tsx';

/** Settings → Base Salaries (spec §2): inline create/edit form above the grade × level list. */
export default function BaseSalariesSection() {
  const canManage = useCanManageSettings();
  const toast = useToast();
  const baseSalaries = useBaseSalaries();
  useLoadErrorToast(baseSalaries.error, 'Failed to fetch data');
  const deleteBaseSalary = useDeleteBaseSalary();
  const [editing, setEditing] = useState<BaseSalary | null>(null);
  const [pendingDelete, setPendingDelete] = useState<BaseSalary | null>(null);

  const startEdit = (row: BaseSalary) => {
    setEditing(row);
    // The form sits above the list; on a long list the user would not see it switch.
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deleteBaseSalary.mutateAsync(pendingDelete.id);
      toast.success('Base salary deleted successfully');
      if (editing?.id === pendingDelete.id) setEditing(null);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete base salary'));
    } finally {
      setPendingDelete(null);
    }
  };

  const list = () => {
    if (baseSalaries.isPending) return <SectionLoader />;
    if (baseSalaries.isError && !baseSalaries.data) {
      return (
        <LoadFailed
          title="Could not load base salaries"
          onRetry={() => baseSalaries.refetch()}
          retrying={baseSalaries.isFetching}
        >
          Check your connection and try again.
        </LoadFailed>
      );
    }
    if (baseSalaries.data.length === 0) {
      return (
        <EmptyState
          py="xl"
          size="sm"
          withIndicatorBackground
          icon={<IconCoin size={22} stroke={1.6} />}
          title="No base salaries yet"
          description={
            canManage
              ? 'Pick a grade and a level above and set their base salary.'
              : 'Base salaries appear here once someone with edit rights sets them.'
          }
        />
      );
    }
    const actions = canManage
      ? { editingId: editing?.id ?? null, onEdit: startEdit, onDelete: setPendingDelete }
      : undefined;
    return (
      <>
        <Box visibleFrom="sm">
          <BaseSalariesTable baseSalaries={baseSalaries.data} actions={actions} />
        </Box>
        <Box hiddenFrom="sm">
          <BaseSalariesCards baseSalaries={baseSalaries.data} actions={actions} />
        </Box>
      </>
    );
  };

  return (
    <Stack gap="lg">
      {canManage ? (
        <BaseSalaryForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      ) : null}
      <SectionPanel title="Base Salaries" description="The starting salary for each grade and level.">
        {list()}
      </SectionPanel>
      {canManage ? (
        <ConfirmDialog
          opened={pendingDelete !== null}
          title="Delete base salary"
          message="Are you sure you want to delete this base salary?"
          loading={deleteBaseSalary.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setPendingDelete(null)}
        />
      ) : null}
    </Stack>
  );
}
