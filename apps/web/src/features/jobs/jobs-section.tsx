import { createJobBody, type Job } from '@salary/shared/jobs/jobs.contract';
import { IconBriefcase } from '@tabler/icons-react';
import { NameRulesSection } from '../../components/rules-kit/name-rules-section.tsx';
import { saveMessages } from '../../components/rules-kit/rule-messages.ts';
import type { RuleColumn } from '../../components/rules-kit/rules-table.tsx';
import { useJobs } from '../../lib/salary-rules/get-jobs.ts';
import { useCreateJob } from './api/create-job.ts';
import { useDeleteJob } from './api/delete-job.ts';
import { useUpdateJob } from './api/update-job.ts';

const COLUMNS: RuleColumn<Job>[] = [
  { header: 'Name', kind: 'name', cell: (job) => job.name },
  { header: 'Positions', kind: 'count', cell: (job) => job._count.positions },
];

/** Settings → Jobs: list with position counts; add/edit in a modal, delete after a confirm. */
export default function JobsSection() {
  return (
    <NameRulesSection
      title="Jobs"
      description="Job families; each job has its own positions."
      query={useJobs({ refetchOnMount: 'always' })}
      empty={{
        icon: IconBriefcase,
        manage: 'Add a job to start defining its positions and adjustment factors.',
      }}
      columns={COLUMNS}
      minWidth={320}
      noun="Job"
      schema={createJobBody}
      creating={useCreateJob()}
      updating={useUpdateJob()}
      // A failed job save says only 'Operation failed' when the server gives no reason.
      messages={{
        ...saveMessages('Job'),
        createFailed: 'Operation failed',
        updateFailed: 'Operation failed',
      }}
      deleting={useDeleteJob()}
    />
  );
}
