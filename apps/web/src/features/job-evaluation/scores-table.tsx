import { Badge, Button, Group, Table, Text } from '@mantine/core';
import {
  CRITERIA,
  CRITERION_LABELS,
  type EvaluatedJob,
  type EvaluatedPosition,
  type Score,
} from '@salary/shared/job-evaluation/job-evaluation.contract';
import type { ScoreTarget } from './api/save-score.ts';

export interface ScoresTableProps {
  jobs: EvaluatedJob[];
  canEdit: boolean;
  onEdit(target: ScoreTarget, name: string, own: Score | null, start: Score | null): void;
  onRemove(target: ScoreTarget, name: string, own: Score): void;
}

type Row = (EvaluatedJob | EvaluatedPosition) & { from?: EvaluatedPosition['from'] };

/** Every job, its positions under it: the four scores, the weighted score and band, and the actions. */
export function ScoresTable({ jobs, canEdit, onEdit, onRemove }: ScoresTableProps) {
  if (jobs.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No jobs yet: add them under Settings → Jobs.
      </Text>
    );
  const line = (row: Row, target: ScoreTarget, name: string, shown: string, inherited: Score | null) => {
    const own = row.score;
    return (
      <Table.Tr key={`${target.kind}-${target.id}`} data-row={name}>
        <Table.Th
          scope="row"
          fw={target.kind === 'job' ? 700 : 400}
          pl={target.kind === 'job' ? undefined : 'xl'}
        >
          {shown}
          {target.kind === 'position' && row.from === 'job' ? (
            <Text span size="xs" c="dimmed" display="block">
              uses the job's scores
            </Text>
          ) : null}
        </Table.Th>
        {CRITERIA.map((c) => (
          <Table.Td key={c} ta="center" c={own ? undefined : 'dimmed'}>
            {own ? own[c] : inherited ? inherited[c] : '—'}
          </Table.Td>
        ))}
        <Table.Td ta="center">{row.weighted === null ? '—' : row.weighted.toFixed(2)}</Table.Td>
        <Table.Td>
          {row.band ? (
            <Badge variant="light" radius="sm" tt="none">
              {row.band.name}
            </Badge>
          ) : (
            <Text span size="sm" c="dimmed">
              Not scored
            </Text>
          )}
        </Table.Td>
        {canEdit ? (
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-sm"
                variant="subtle"
                aria-label={`Edit scores of ${name}`}
                onClick={() => onEdit(target, name, own, own ?? inherited)}
              >
                {own ? 'Edit' : 'Score'}
              </Button>
              {own ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red.9"
                  aria-label={`Remove scores of ${name}`}
                  onClick={() => onRemove(target, name, own)}
                >
                  Remove
                </Button>
              ) : null}
            </Group>
          </Table.Td>
        ) : null}
      </Table.Tr>
    );
  };
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Job evaluation scores">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Job / position</Table.Th>
            {CRITERIA.map((c) => (
              <Table.Th key={c} scope="col" ta="center">
                {CRITERION_LABELS[c]}
              </Table.Th>
            ))}
            <Table.Th scope="col" ta="center">
              Weighted score
            </Table.Th>
            <Table.Th scope="col">Band</Table.Th>
            {canEdit ? <Table.Th scope="col">Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.flatMap((job) => [
            line(job, { kind: 'job', id: job.id }, job.name, job.name, null),
            ...job.positions.map((p) =>
              line(p, { kind: 'position', id: p.id }, `${job.name} / ${p.name}`, p.name, job.score),
            ),
          ])}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
