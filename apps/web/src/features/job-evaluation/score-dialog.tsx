import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type BandRule,
  bandName,
  bandOf,
  CRITERIA,
  CRITERION_LABELS,
  type Score,
  type ScoreInput,
  scoreBody,
  weightedScore,
} from '@salary/shared/job-evaluation/job-evaluation.contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormNumberInput } from '../../components/form-fields.tsx';
import { useServerSubmit } from '../../lib/form-errors.ts';
import { useReloadJobEvaluation } from './api/get-job-evaluation.ts';
import { type ScoreTarget, useSaveScore } from './api/save-score.ts';

export interface Scoring {
  target: ScoreTarget;
  /** "Backend" or "Backend / Senior". */
  name: string;
  /** Its own score (null: a first score; the form starts from `start`). */
  score: Score | null;
  /** The scores the form starts from: its own, else its job's, else all 3. */
  start: Omit<Score, 'version'>;
}

type Values = z.input<typeof scoreBody>;

/** Scores one job or position: four whole numbers 1–5, the weighted score and band shown as typed. */
export function ScoreDialog({
  scoring,
  rule,
  onClose,
}: {
  scoring: Scoring | null;
  rule: BandRule;
  onClose(): void;
}) {
  return (
    <Modal opened={scoring !== null} onClose={onClose} title={scoring ? `Scores of ${scoring.name}` : ''}>
      {scoring ? <ScoreForm scoring={scoring} rule={rule} onDone={onClose} /> : null}
    </Modal>
  );
}

function ScoreForm({ scoring, rule, onDone }: { scoring: Scoring; rule: BandRule; onDone(): void }) {
  const reload = useReloadJobEvaluation();
  const save = useSaveScore();
  const form = useForm<Values, unknown, ScoreInput>({
    resolver: zodResolver(scoreBody),
    mode: 'onChange',
    defaultValues: { ...scoring.start, ...(scoring.score ? { version: scoring.score.version } : {}) },
  });
  const submit = useServerSubmit(form.setError, CRITERIA);
  const watched = form.watch();
  const parsed = scoreBody.safeParse(watched);
  const preview = parsed.success
    ? `Weighted score ${weightedScore(parsed.data, rule).toFixed(2)} · ${bandName(bandOf(parsed.data, rule), rule)}`
    : 'Weighted score: enter four whole numbers from 1 to 5';
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submit(() => save.mutateAsync({ target: scoring.target, scores: values }), {
      saved: `Scores of ${scoring.name} saved`,
      failed: 'Failed to save the scores',
    });
    if (saved) onDone();
    else void reload();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Scores of ${scoring.name}`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Each from 1 (lowest) to 5 (highest).
          {scoring.target.kind === 'position' ? " A position's scores replace its job's." : ''}
        </Text>
        <SimpleGrid cols={2} spacing="md">
          {CRITERIA.map((c) => (
            <FormNumberInput
              key={c}
              control={form.control}
              name={c}
              label={CRITERION_LABELS[c]}
              min={1}
              max={5}
              step={1}
              required
              data-autofocus={c === 'skills' || undefined}
            />
          ))}
        </SimpleGrid>
        <Text size="sm" fw={600} aria-live="polite" data-testid="score-preview">
          {preview}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save scores
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
