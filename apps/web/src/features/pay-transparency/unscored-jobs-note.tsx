import { Alert, List } from '@mantine/core';
import type { PayReport } from '@salary/shared/pay-transparency/pay-transparency.contract';

/**
 * The job evaluation view's jobs without a score: their employees are in no category (nothing is
 * guessed), so the report names them and how many they are.
 */
export function UnscoredJobsNote({ jobs }: { jobs: NonNullable<PayReport['unscoredJobs']> }) {
  if (jobs.length === 0) return null;
  const people = jobs.reduce((n, j) => n + j.headcount, 0);
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Jobs without a job evaluation score"
      data-testid="unscored-jobs"
    >
      {people === 1 ? '1 employee is' : `${people} employees are`} in no category of this view: their job and
      position have no score (Settings → Job Evaluation).
      <List size="sm" mt="xs">
        {jobs.map((j) => (
          <List.Item key={j.name}>
            {j.name}: {j.headcount} {j.headcount === 1 ? 'employee' : 'employees'}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
