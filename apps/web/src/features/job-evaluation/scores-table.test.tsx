import { MantineProvider } from '@mantine/core';
import type { EvaluatedJob } from '@salary/shared/job-evaluation/job-evaluation.contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme.ts';
import { fixedMediaQuery } from '../../test/media-query.ts';
import { backendJob } from './evaluation-fixtures.ts';
import { ScoresTable } from './scores-table.tsx';

const JOBS: EvaluatedJob[] = [
  backendJob({
    id: 11,
    name: 'Senior',
    score: { skills: 5, effort: 5, responsibility: 5, workingConditions: 5, version: 1 },
    weighted: 5,
    band: { key: 'band-4', name: 'Score 4.0–5.0' },
    from: 'position',
  }),
];

const phone = (matches: boolean) =>
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => fixedMediaQuery(query, matches));

afterEach(() => vi.restoreAllMocks());

const draw = (canEdit: boolean) => {
  const onEdit = vi.fn();
  const onRemove = vi.fn();
  render(
    <MantineProvider theme={theme}>
      <ScoresTable jobs={JOBS} canEdit={canEdit} onEdit={onEdit} onRemove={onRemove} />
    </MantineProvider>,
  );
  return { onEdit, onRemove };
};

describe('the scores table', () => {
  it('hands the row, its own score and where to start to the edit and remove actions', async () => {
    const { onEdit, onRemove } = draw(true);
    await userEvent.click(screen.getByRole('button', { name: 'Edit scores of Backend / Senior' }));
    expect(onEdit).toHaveBeenCalledWith(
      { kind: 'position', id: 11 },
      'Backend / Senior',
      JOBS[0]!.positions[0]!.score,
      JOBS[0]!.positions[0]!.score,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove scores of Backend' }));
    expect(onRemove).toHaveBeenCalledWith({ kind: 'job', id: 1 }, 'Backend', JOBS[0]!.score);
  });

  it('shows no actions to a reader', () => {
    draw(false);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('is a list of cards on a phone, each with its scores, weighted score and band', () => {
    phone(true);
    draw(true);
    const list = screen.getByRole('list', { name: 'Job evaluation scores' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent('Senior');
    expect(cards[1]).toHaveTextContent('Skills 5 · Effort 5 · Responsibility 5 · Working conditions 5');
    expect(cards[1]).toHaveTextContent('Weighted 5.00');
    expect(cards[1]).toHaveTextContent('Score 4.0–5.0');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
