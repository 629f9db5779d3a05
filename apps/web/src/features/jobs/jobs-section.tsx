import { Button, EmptyState } from '@mantine/core';
import { createJobBody, type Job } from '@salary/shared/jobs/jobs.contract';
import { IconBriefcase, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { NameFormModal, type NameValues } from '../../components/name-form-modal.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { SectionPanel } from '../../components/section-panel.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useJobs } from '../../lib/salary-rules/get-jobs.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useCreateJob } from './api/create-job.ts';
import { useDeleteJob } from './api/delete-job.ts';
import { useUpdateJob } from './api/update-job.ts';
import { JobsTable } from './jobs-table.tsx';

/** Settings → Jobs (spec §2): list with position counts; add/edit in a modal, delete after a confirm. */
export default function JobsSection() {
  const canManage = useCanManageSettings();
  const toast = useToast();
  const jobs = useJobs({ refetchOnMount: 'always' });
  useLoadErrorToast(jobs.error, 'Failed to fetch jobs');
  const createJob = useCreateJob();
  const updateJob = useUpdateJob();
  const deleteJob = useDeleteJob();
  // `editing` outlives `opened` so the title does not flip while the modal fades out.
  const [modal, setModal] = useState<{ opened: boolean; editing: Job | null }>({
    opened: false,
    editing: null,
  });
  const [pendingDelete, setPendingDelete] = useState<Job | null>(null);

  const closeModal = () => setModal((current) => ({ ...current, opened: false }));

  const save = async (values: NameValues) => {
    if (modal.editing) {
      await updateJob.mutateAsync({ id: modal.editing.id, body: values });
      toast.success('Job updated successfully');
    } else {
      await createJob.mutateAsync(values);
      toast.success('Job created successfully');
    }
    closeModal();
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deleteJob.mutateAsync(pendingDelete.id);
      toast.success('Job deleted successfully');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete job'));
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
    if (jobs.data.length === 0) {
      return (
        <EmptyState
          py="xl"
          size="sm"
          withIndicatorBackground
          icon={<IconBriefcase size={22} stroke={1.6} />}
          title="No jobs yet"
          description={
            canManage
              ? 'Add a job to start defining its positions and adjustment factors.'
              : 'Jobs appear here once someone with edit rights adds them.'
          }
        />
      );
    }
    return (
      <JobsTable
        jobs={jobs.data}
        actions={
          canManage
            ? { onEdit: (job) => setModal({ opened: true, editing: job }), onDelete: setPendingDelete }
            : undefined
        }
      />
    );
  };

  return (
    <SectionPanel
      title="Jobs"
      description="Job families; each job has its own positions."
      actions={
        canManage ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setModal({ opened: true, editing: null })}
          >
            Add Job
          </Button>
        ) : null
      }
    >
      {body()}
      {canManage ? (
        <>
          <NameFormModal
            opened={modal.opened}
            title={modal.editing ? 'Edit Job' : 'Add Job'}
            schema={createJobBody}
            initialName={modal.editing?.name ?? ''}
            failureMessage="Operation failed"
            onSubmit={save}
            onClose={closeModal}
          />
          <ConfirmDialog
            opened={pendingDelete !== null}
            title="Delete job"
            message="Are you sure you want to delete this job?"
            loading={deleteJob.isPending}
            onConfirm={confirmDelete}
            onCancel={() => setPendingDelete(null)}
          />
        </>
      ) : null}
    </SectionPanel>
  );
}
