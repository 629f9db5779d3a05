import { Box, EmptyState, Stack } from '@mantine/core';
import type { AdjustmentFactor } from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { IconLayersLinked } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { SectionPanel } from '../../components/section-panel.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { AdjustmentFactorForm } from './adjustment-factor-form.tsx';
import { AdjustmentFactorsCards } from './adjustment-factors-cards.tsx';
import { AdjustmentFactorsTable } from './adjustment-factors-table.tsx';
import { useDeleteAdjustmentFactor } from './api/delete-adjustment-factor.ts';
import { useAdjustmentFactors } from './api/get-adjustment-factors.ts';

/** Settings → Adjustment Factors (spec §2): inline create/edit form above the job × position list. */
export default function AdjustmentFactorsSection() {
  const canManage = useCanManageSettings();
  const toast = useToast();
  const factors = useAdjustmentFactors();
  useLoadErrorToast(factors.error, 'Failed to fetch data');
  const deleteFactor = useDeleteAdjustmentFactor();
  const [editing, setEditing] = useState<AdjustmentFactor | null>(null);
  const [pendingDelete, setPendingDelete] = useState<AdjustmentFactor | null>(null);

  const startEdit = (factor: AdjustmentFactor) => {
    setEditing(factor);
    // The form sits above the list; on a long list the user would not see it switch.
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deleteFactor.mutateAsync(pendingDelete.id);
      toast.success('Adjustment factor deleted successfully');
      if (editing?.id === pendingDelete.id) setEditing(null);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete adjustment factor'));
    } finally {
      setPendingDelete(null);
    }
  };

  const list = () => {
    if (factors.isPending) return <SectionLoader />;
    if (factors.isError && !factors.data) {
      return (
        <LoadFailed
          title="Could not load adjustment factors"
          onRetry={() => factors.refetch()}
          retrying={factors.isFetching}
        >
          Check your connection and try again.
        </LoadFailed>
      );
    }
    if (factors.data.length === 0) {
      return (
        <EmptyState
          py="xl"
          size="sm"
          withIndicatorBackground
          icon={<IconLayersLinked size={22} stroke={1.6} />}
          title="No adjustment factors yet"
          description={
            canManage
              ? 'Without a factor a position earns its plain base salary.'
              : 'Adjustment factors appear here once someone with edit rights adds them.'
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
          <AdjustmentFactorsTable factors={factors.data} actions={actions} />
        </Box>
        <Box hiddenFrom="sm">
          <AdjustmentFactorsCards factors={factors.data} actions={actions} />
        </Box>
      </>
    );
  };

  return (
    <Stack gap="lg">
      {canManage ? (
        <AdjustmentFactorForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      ) : null}
      <SectionPanel
        title="Adjustment Factors"
        description="Percentages or fixed amounts applied to the base salary per job and position."
      >
        {list()}
      </SectionPanel>
      {canManage ? (
        <ConfirmDialog
          opened={pendingDelete !== null}
          title="Delete adjustment factor"
          message="Are you sure you want to delete this adjustment factor?"
          loading={deleteFactor.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setPendingDelete(null)}
        />
      ) : null}
    </Stack>
  );
}
