import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  CRITERIA,
  CRITERION_LABELS,
  type EvaluationSettings,
  type EvaluationSettingsInput,
  type EvaluationSettingsValues,
  evaluationSettingsBody,
} from '@salary/shared/job-evaluation/job-evaluation.contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { FormNumberInput } from '../../components/form-fields.tsx';
import { useServerSubmit } from '../../lib/form-errors.ts';
import { useReloadJobEvaluation } from './api/get-job-evaluation.ts';
import { useSaveEvaluationSettings } from './api/save-evaluation-settings.ts';

const FIELDS = [...CRITERIA.map((c) => `weights.${c}`), 'weights', 'bandWidth'];

/** The weights of the four criteria and the band width, saved with the version read. */
export function EvaluationSettingsForm({
  current,
  readOnly,
}: {
  current: EvaluationSettings;
  readOnly: boolean;
}) {
  const reload = useReloadJobEvaluation();
  const save = useSaveEvaluationSettings();
  const form = useForm<EvaluationSettingsValues, unknown, EvaluationSettingsInput>({
    resolver: zodResolver(evaluationSettingsBody),
    defaultValues: { weights: current.weights, bandWidth: current.bandWidth, version: current.version },
  });
  const submit = useServerSubmit(form.setError, FIELDS);
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submit(() => save.mutateAsync(values), {
      saved: 'Job evaluation settings saved',
      failed: 'Failed to save the job evaluation settings',
    });
    if (!saved) void reload();
  });
  const view = { readOnly, variant: readOnly ? ('filled' as const) : ('default' as const) };
  const weightsError = form.formState.errors.weights?.root?.message ?? form.formState.errors.weights?.message;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Weights and bands">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The weighted score is the average of the four scores, each counted as many times as its weight.
          Categories are bands of that score from 1.0, each as wide as the band width.
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md" maw={900}>
          {CRITERIA.map((c) => (
            <FormNumberInput
              key={c}
              control={form.control}
              name={`weights.${c}`}
              label={`${CRITERION_LABELS[c]} weight`}
              min={0}
              max={100}
              step={0.5}
              {...view}
            />
          ))}
          <FormNumberInput
            control={form.control}
            name="bandWidth"
            label="Band width"
            description="Score points, 0.1 to 4.0"
            min={0.1}
            max={4}
            step={0.1}
            {...view}
          />
        </SimpleGrid>
        {weightsError ? (
          <Text size="sm" c="red.9" role="alert">
            {weightsError}
          </Text>
        ) : null}
        {readOnly ? null : (
          <Group>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
              Save weights
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
