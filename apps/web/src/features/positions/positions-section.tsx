import { Button, EmptyState, Select, Stack } from '@mantine/core';
import type { Job } from '@salary/shared/jobs/jobs.contract';
import type { Position } from '@salary/shared/positions/positions.contract';
import { IconArrowRight, IconBriefcaseOff, IconPlus, IconSitemap } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { SectionPanel } from '../../components/section-panel.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useJobs } from '../../lib/salary-rules/get-jobs.ts';
import { usePositions } from '../../lib/salary-rules/get-positions.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useDeletePosition } from './api/delete-position.ts';
import { PositionFormModal } from './position-form-modal.tsx';
import { type PositionActionHandlers, PositionsTable } from './positions-table.tsx';

/** The picked job while it still exists, else the first one (spec §2: first job by default). */
function currentJobId(jobs: Job[] | undefined, picked: number | null): number | null {
  if (!jobs || jobs.length === 0) return null;
  return jobs.some((job) => job.id === picked) ? picked : jobs[0]!.id;
}

function NoJobs() {
  return (
    <EmptyState
      py="xl"
      size="sm"
      withIndicatorBackground
      icon={<IconBriefcaseOff size={22} stroke={1.6} />}
      title="No Jobs Found"
      description="Please add jobs before managing positions."
    >
      <EmptyState.Actions>
        <Button
          component={Link}
          to="/settings/jobs"
          variant="light"
          rightSection={<IconArrowRight size={16} />}
        >
          Go to Jobs
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

function PositionsList({ jobId, actions }: { jobId: number; actions?: PositionActionHandlers }) {
  const positions = usePositions(jobId, { refetchOnMount: 'always' });
  useLoadErrorToast(positions.error, 'Failed to fetch positions');

  if (positions.isPending) return <SectionLoader />;
  if (positions.isError && !positions.data) {
    return (
      <LoadFailed
        title="Could not load positions"
        onRetry={() => positions.refetch()}
        retrying={positions.isFetching}
      >
        Check your connection and try again.
      </LoadFailed>
    );
  }
  if (positions.data.length === 0) {
    return (
      <EmptyState
        py="xl"
        size="sm"
        withIndicatorBackground
        icon={<IconSitemap size={22} stroke={1.6} />}
        title="No positions found for this job"
        description={actions ? 'Use Add Position to create the first one.' : undefined}
      />
    );
  }
  return <PositionsTable positions={positions.data} actions={actions} />;
}

/** Settings → Positions (spec §2): the positions of one job at a time; add/edit in a modal. */
export default function PositionsSection() {
  const canManage = useCanManageSettings();
  const toast = useToast();
  const jobs = useJobs({ refetchOnMount: 'always' });
  useLoadErrorToast(jobs.error, 'Failed to fetch jobs');
  const deletePosition = useDeletePosition();
  const [pickedJobId, setPickedJobId] = useState<number | null>(null);
  const [modal, setModal] = useState<{ opened: boolean; editing: Position | null }>({
    opened: false,
    editing: null,
  });
  const [pendingDelete, setPendingDelete] = useState<Position | null>(null);
  const jobId = currentJobId(jobs.data, pickedJobId);
  const hasJobs = jobId !== null;

  const closeModal = () => setModal((current) => ({ ...current, opened: false }));

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deletePosition.mutateAsync(pendingDelete.id);
      toast.success('Position deleted successfully');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete position'));
    } finally {
      setPendingDelete(null);
    }
  };

  const body = () => {
    if (jobs.isPending) return <SectionLoader />;
    if (jobs.isError && !jobs.data)
      return (
        <LoadFailed title="Could not load jobs" onRetry={() => jobs.refetch()} retrying={jobs.isFetching}>
          Check your connection and try again.
        </LoadFailed>
      );
    if (!hasJobs) return <NoJobs />;
    return (
      <Stack gap="md">
        <Select
          label="Job"
          searchable
          allowDeselect={false}
          nothingFoundMessage="No job matches"
          maw={{ base: '100%', sm: 320 }}
          data={jobs.data.map((job) => ({ value: String(job.id), label: job.name }))}
          value={String(jobId)}
          onChange={(value) => setPickedJobId(value === null ? null : Number(value))}
        />
        <PositionsList
          jobId={jobId}
          actions={
            canManage
              ? {
                  onEdit: (position) => setModal({ opened: true, editing: position }),
                  onDelete: setPendingDelete,
                }
              : undefined
          }
        />
      </Stack>
    );
  };

  return (
    <SectionPanel
      title="Positions"
      description="Positions within each job."
      actions={
        canManage && hasJobs ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setModal({ opened: true, editing: null })}
          >
            Add Position
          </Button>
        ) : null
      }
    >
      {body()}
      {canManage ? (
        <>
          <PositionFormModal
            opened={modal.opened}
            editing={modal.editing}
            jobs={jobs.data ?? []}
            defaultJobId={jobId}
            onSaved={(position) => {
              // Show the job the position now belongs to, so the saved row is in view.
              setPickedJobId(position.jobId);
              closeModal();
            }}
            onClose={closeModal}
          />
          <ConfirmDialog
            opened={pendingDelete !== null}
            title="Delete position"
            message="Are you sure you want to delete this position?"
            loading={deletePosition.isPending}
            onConfirm={confirmDelete}
            onCancel={() => setPendingDelete(null)}
          />
        </>
      ) : null}
    </SectionPanel>
  );
}
