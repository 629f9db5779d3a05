import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme.ts';
import { UnscoredJobsNote } from './unscored-jobs-note.tsx';

describe('the job evaluation view’s unscored jobs', () => {
  it('names each job with its headcount and says how many are in no category', () => {
    render(
      <MantineProvider theme={theme}>
        <UnscoredJobsNote
          jobs={[
            { name: 'Gamma', headcount: 3 },
            { name: 'Support', headcount: 1 },
          ]}
        />
      </MantineProvider>,
    );
    const note = screen.getByTestId('unscored-jobs');
    expect(note).toHaveTextContent('Jobs without a job evaluation score');
    expect(note).toHaveTextContent('4 employees are in no category of this view');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Gamma: 3 employees',
      'Support: 1 employee',
    ]);
  });

  it('says nothing when every job is scored', () => {
    const { container } = render(
      <MantineProvider theme={theme}>
        <UnscoredJobsNote jobs={[]} />
      </MantineProvider>,
    );
    expect(container.querySelector('[data-testid="unscored-jobs"]')).toBeNull();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
