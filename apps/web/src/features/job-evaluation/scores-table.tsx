import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  CRITERIA,
  CRITERION_LABELS,
  type EvaluatedJob,
  type EvaluatedPosition,
  type Score,
} from '@salary/shared/job-evaluation/job-evaluation.contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { IconAction } from '../../components/icon-action.tsx';
import type { ScoreTarget } from './api/save-score.ts';

export interface ScoresTableProps {
  jobs: EvaluatedJob[];
  canEdit: boolean;
  onEdit(target: ScoreTarget, name: string, own: Score | null, start: Score | null): void;
  onRemove(target: ScoreTarget, name: string, own: Score): void;
}

/** One line of the table (or card on a phone): a job, or a position under it. */
interface Entry {
  target: ScoreTarget;
  /** "Backend" or "Backend / Senior": what the actions and dialogs name. */
  name: string;
  /** What the line shows: the job's or the position's own name. */
  shown: string;
  row: EvaluatedJob | EvaluatedPosition;
  /** The job's own score, which a position without one uses. */
  inherited: Score | null;
}

const entriesOf = (jobs: EvaluatedJob[]): Entry[] =>
  jobs.flatMap((job) => [
    { target: { kind: 'job', id: job.id }, name: job.name, shown: job.name, row: job, inherited: null },
    ...job.positions.map(
      (p): Entry => ({
        target: { kind: 'position', id: p.id },
        name: `${job.name} / ${p.name}`,
        shown: p.name,
        row: p,
        inherited: job.score,
      }),
    ),
  ]);

const usesJob = (e: Entry) => 'from' in e.row && e.row.from === 'job';
const shownScore = (e: Entry, c: (typeof CRITERIA)[number]) =>
  e.row.score ? e.row.score[c] : e.inherited ? e.inherited[c] : '—';

function BandOf({ entry }: { entry: Entry }) {
  return entry.row.band ? (
    <Badge variant="light" radius="sm" tt="none">
      {entry.row.band.name}
    </Badge>
  ) : (
    <Text span size="sm" c="dimmed">
      Not scored
    </Text>
  );
}

function Actions({
  entry,
  onEdit,
  onRemove,
}: { entry: Entry } & Pick<ScoresTableProps, 'onEdit' | 'onRemove'>) {
  const own = entry.row.score;
  return (
    <Group gap={4} wrap="nowrap">
      <IconAction
        label={`Edit scores of ${entry.name}`}
        icon={<IconPencil size={18} stroke={1.6} />}
        onClick={() => onEdit(entry.target, entry.name, own, own ?? entry.inherited)}
      />
      {own ? (
        <IconAction
          label={`Remove scores of ${entry.name}`}
          color="red"
          icon={<IconTrash size={18} stroke={1.6} />}
          onClick={() => onRemove(entry.target, entry.name, own)}
        />
      ) : null}
    </Group>
  );
}

/** Every job, its positions under it: the four scores, the weighted score and band, and the actions. */
export function ScoresTable({ jobs, canEdit, onEdit, onRemove }: ScoresTableProps) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  if (jobs.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No jobs yet: add them under Settings → Jobs.
      </Text>
    );
  const entries = entriesOf(jobs);
  if (phone)
    return (
      <Stack
        gap="xs"
        component="ul"
        aria-label="Job evaluation scores"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {entries.map((e) => (
          <Paper
            key={`${e.target.kind}-${e.target.id}`}
            component="li"
            withBorder
            p="sm"
            ml={e.target.kind === 'job' ? 0 : 'md'}
            data-row={e.name}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={e.target.kind === 'job' ? 700 : 500}>{e.shown}</Text>
              {canEdit ? <Actions entry={e} onEdit={onEdit} onRemove={onRemove} /> : null}
            </Group>
            <Text size="sm" c={e.row.score ? undefined : 'dimmed'}>
              {CRITERIA.map((c) => `${CRITERION_LABELS[c]} ${shownScore(e, c)}`).join(' · ')}
            </Text>
            {usesJob(e) ? (
              <Text size="xs" c="dimmed">
                uses the job's scores
              </Text>
            ) : null}
            <Group gap="xs" mt={4}>
              <Text size="sm">Weighted {e.row.weighted === null ? '—' : e.row.weighted.toFixed(2)}</Text>
              <BandOf entry={e} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
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
          {entries.map((e) => (
            <Table.Tr key={`${e.target.kind}-${e.target.id}`} data-row={e.name}>
              <Table.Th
                scope="row"
                fw={e.target.kind === 'job' ? 700 : 400}
                pl={e.target.kind === 'job' ? undefined : 'xl'}
              >
                {e.shown}
                {usesJob(e) ? (
                  <Text span size="xs" c="dimmed" display="block">
                    uses the job's scores
                  </Text>
                ) : null}
              </Table.Th>
              {CRITERIA.map((c) => (
                <Table.Td key={c} ta="center" c={e.row.score ? undefined : 'dimmed'}>
                  {shownScore(e, c)}
                </Table.Td>
              ))}
              <Table.Td ta="center">{e.row.weighted === null ? '—' : e.row.weighted.toFixed(2)}</Table.Td>
              <Table.Td>
                <BandOf entry={e} />
              </Table.Td>
              {canEdit ? (
                <Table.Td>
                  <Actions entry={e} onEdit={onEdit} onRemove={onRemove} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
