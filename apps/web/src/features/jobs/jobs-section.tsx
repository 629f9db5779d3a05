import { createJobBody, type Job } from '@salary/shared/jobs/jobs.contract';
import { IconBriefcase } from '@tabler/icons-react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { NameFormModal } from '../../components/rules-kit/name-form-modal.tsx';
import { RowIconActions } from '../../components/rules-kit/row-actions.tsx';
import { RulesEmpty, RulesSection } from '../../components/rules-kit/rules-section.tsx';
import { type RuleColumn, RulesTable } from '../../components/rules-kit/rules-table.tsx';
import { useRuleDelete } from '../../components/rules-kit/use-rule-delete.ts';
import { useRuleModal } from '../../components/rules-kit/use-rule-modal.ts';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useJobs } from '../../lib/salary-rules/get-jobs.ts';
import { useCreateJob } from './api/create-job.ts';
import { useDeleteJob } from './api/delete-job.ts';
import { useUpdateJob } from './api/update-job.ts';

const COLUMNS: RuleColumn<Job>[] = [
  { header: 'Name', kind: 'name', cell: (job) => job.name },
  { header: 'Positions', kind: 'count', cell: (job) => job._count.positions },
];

/** Settings → Jobs (spec §2): list with position counts; add/edit in a modal, delete after a confirm. */
export default function JobsSection() {
  const canManage = useCanManageSettings();
  const jobs = useJobs({ refetchOnMount: 'always' });
  const createJob = useCreateJob();
  const updateJob = useUpdateJob();
  const modal = useRuleModal<Job, { name: string }>({
    create: createJob.mutateAsync,
    update: (id, body) => updateJob.mutateAsync({ id, body }),
    created: 'Job created successfully',
    updated: 'Job updated successfully',
  });
  const remove = useRuleDelete<Job>({
    mutation: useDeleteJob(),
    deleted: 'Job deleted successfully',
    failed: 'Failed to delete job',
  });

  return (
    <>
      <RulesSection
        title="Jobs"
        description="Job families; each job has its own positions."
        add={canManage ? { label: 'Add Job', onClick: modal.openAdd } : null}
        query={jobs}
        what="jobs"
        failureMessage="Failed to fetch jobs"
        empty={
          <RulesEmpty
            icon={IconBriefcase}
            title="No jobs yet"
            description={
              canManage
                ? 'Add a job to start defining its positions and adjustment factors.'
                : 'Jobs appear here once someone with edit rights adds them.'
            }
          />
        }
      >
        {(rows) => (
          <RulesTable
            rows={rows}
            columns={COLUMNS}
            minWidth={320}
            actions={
              canManage
                ? (job) => (
                    <RowIconActions
                      name={job.name}
                      onEdit={() => modal.openEdit(job)}
                      onDelete={() => remove.ask(job)}
                    />
                  )
                : undefined
            }
          />
        )}
      </RulesSection>
      {canManage ? (
        <>
          <NameFormModal
            opened={modal.opened}
            title={modal.editing ? 'Edit Job' : 'Add Job'}
            schema={createJobBody}
            defaultValues={{ name: modal.editing?.name ?? '' }}
            failureMessage="Operation failed"
            onSubmit={modal.save}
            onClose={modal.close}
          />
          <ConfirmDialog
            title="Delete job"
            message="Are you sure you want to delete this job?"
            {...remove.confirmProps}
          />
        </>
      ) : null}
    </>
  );
}
