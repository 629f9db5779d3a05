import { Button, Select, Stack } from '@mantine/core';
import type { Job } from '@salary/shared/jobs/jobs.contract';
import { createPositionBody, type Position } from '@salary/shared/positions/positions.contract';
import { IconArrowRight, IconBriefcaseOff, IconSitemap } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { IdSelect } from '../../components/rules-kit/id-select.tsx';
import { NameFormModal } from '../../components/rules-kit/name-form-modal.tsx';
import { RowIconActions } from '../../components/rules-kit/row-actions.tsx';
import { deleteMessages } from '../../components/rules-kit/rule-messages.ts';
import { RuleListBody, RulesEmpty, RulesPanel } from '../../components/rules-kit/rules-section.tsx';
import { type RuleColumn, RulesTable } from '../../components/rules-kit/rules-table.tsx';
import { useRuleModal } from '../../components/rules-kit/use-rule-modal.tsx';
import { useConfirmedDelete } from '../../components/use-confirmed-delete.ts';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useJobs } from '../../lib/salary-rules/get-jobs.ts';
import { usePositions } from '../../lib/salary-rules/get-positions.ts';
import { useCreatePosition } from './api/create-position.ts';
import { useDeletePosition } from './api/delete-position.ts';
import { useUpdatePosition } from './api/update-position.ts';

const COLUMNS: RuleColumn<Position>[] = [
  { header: 'Name', kind: 'name', cell: (position) => position.name },
  { header: 'Job', kind: 'muted', cell: (position) => position.job.name },
];

/** The picked job while it still exists, else the first one (first job by default). */
function currentJobId(jobs: Job[] | undefined, picked: number | null): number | null {
  if (!jobs || jobs.length === 0) return null;
  return jobs.some((job) => job.id === picked) ? picked : jobs[0]!.id;
}

function NoJobs() {
  return (
    <RulesEmpty
      icon={IconBriefcaseOff}
      title="No Jobs Found"
      description="Please add jobs before managing positions."
    >
      <Button
        component={Link}
        to="/settings/jobs"
        variant="light"
        rightSection={<IconArrowRight size={16} />}
      >
        Go to Jobs
      </Button>
    </RulesEmpty>
  );
}

interface PositionsListProps {
  jobId: number;
  canManage: boolean;
  actions?(position: Position): ReactNode;
}

function PositionsList({ jobId, canManage, actions }: PositionsListProps) {
  const positions = usePositions(jobId, { refetchOnMount: 'always' });
  return (
    <RuleListBody
      query={positions}
      what="positions"
      failureMessage="Failed to fetch positions"
      empty={
        <RulesEmpty
          icon={IconSitemap}
          title="No positions found for this job"
          description={canManage ? 'Use Add Position to create the first one.' : undefined}
        />
      }
    >
      {(rows) => <RulesTable rows={rows} columns={COLUMNS} minWidth={320} actions={actions} />}
    </RuleListBody>
  );
}

/** Settings → Positions: the positions of one job at a time; add/edit in a modal. */
export default function PositionsSection() {
  const canManage = useCanManageSettings();
  const jobs = useJobs({ refetchOnMount: 'always' });
  const createPosition = useCreatePosition();
  const updatePosition = useUpdatePosition();
  const [pickedJobId, setPickedJobId] = useState<number | null>(null);
  const modal = useRuleModal<Position, Parameters<typeof createPosition.mutateAsync>[0], Position>({
    create: createPosition.mutateAsync,
    update: (id, body) => updatePosition.mutateAsync({ id, body }),
    created: 'Position created successfully',
    updated: 'Position updated successfully',
    // Show the job the position now belongs to, so the saved row is in view.
    onSaved: (position) => setPickedJobId(position.jobId),
  });
  const { confirmTitle, confirmMessage, ...deleted } = deleteMessages('Position');
  const remove = useConfirmedDelete<Position>({
    mutation: useDeletePosition(),
    itemName: (position) => position.name,
    ...deleted,
  });
  const jobId = currentJobId(jobs.data, pickedJobId);
  const modalJobId = modal.editing?.jobId ?? jobId;

  return (
    <>
      <RulesPanel
        title="Positions"
        description="Positions within each job."
        add={canManage && jobId !== null ? { label: 'Add Position', onClick: modal.openAdd } : null}
      >
        <RuleListBody query={jobs} what="jobs" failureMessage="Failed to fetch jobs" empty={<NoJobs />}>
          {(jobList) => (
            <Stack gap="md">
              {/* Positions' own: one job's positions at a time. */}
              <Select
                label="Job"
                searchable
                allowDeselect={false}
                nothingFoundMessage="No job matches"
                maw={{ base: '100%', sm: 320 }}
                data={jobList.map((job) => ({ value: String(job.id), label: job.name }))}
                value={String(jobId)}
                onChange={(value) => setPickedJobId(value === null ? null : Number(value))}
              />
              <PositionsList
                jobId={jobId ?? jobList[0]!.id}
                canManage={canManage}
                actions={
                  canManage
                    ? (position) => (
                        <RowIconActions
                          name={position.name}
                          onEdit={() => modal.openEdit(position)}
                          onDelete={() => remove.ask(position)}
                        />
                      )
                    : undefined
                }
              />
            </Stack>
          )}
        </RuleListBody>
      </RulesPanel>
      {canManage ? (
        <>
          <NameFormModal
            opened={modal.opened}
            title={modal.editing ? 'Edit Position' : 'Add Position'}
            schema={createPositionBody}
            // The job a new position starts in is the one picked on the screen.
            defaultValues={{
              jobId: modalJobId === null ? null : String(modalJobId),
              name: modal.editing?.name ?? '',
            }}
            failureMessage={modal.editing ? 'Failed to update position' : 'Failed to create position'}
            serverFields={['jobId', 'name']}
            fields={(form) => (
              <IdSelect
                control={form.control}
                name="jobId"
                label="Job"
                options={jobs.data ?? []}
                nothingFoundMessage="No job matches"
              />
            )}
            onSubmit={modal.save}
            onClose={modal.close}
          />
          <ConfirmDialog title={confirmTitle} message={confirmMessage} {...remove.confirmProps} />
          {modal.staleDialog}
        </>
      ) : null}
    </>
  );
}
