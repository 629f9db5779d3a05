import { Stack, Text } from '@mantine/core';
import type { Score } from '@salary/shared/job-evaluation/job-evaluation.contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadingOrFailed } from '../../components/load-failed.tsx';
import { SectionPanel } from '../../components/section-panel.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useCanManageSettings } from '../../lib/permissions.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useJobEvaluation, useReloadJobEvaluation } from './api/get-job-evaluation.ts';
import { type ScoreTarget, useRemoveScore } from './api/save-score.ts';
import { EvaluationSettingsForm } from './evaluation-settings-form.tsx';
import { ScoreDialog, type Scoring } from './score-dialog.tsx';
import { ScoresTable } from './scores-table.tsx';

const THREES = { skills: 3, effort: 3, responsibility: 3, workingConditions: 3 };

/**
 * Settings → Job evaluation: each job and position scored on skills, effort, responsibility and
 * working conditions; the weights and band width. The bands are the Pay Transparency report's
 * "Job evaluation score" categories.
 */
export default function JobEvaluationSection() {
  const evaluation = useJobEvaluation();
  useLoadErrorToast(evaluation.error, 'Failed to load the job evaluation');
  const canManage = useCanManageSettings();
  const toast = useToast();
  const remove = useRemoveScore();
  const reload = useReloadJobEvaluation();
  const [scoring, setScoring] = useState<Scoring | null>(null);
  const [removing, setRemoving] = useState<{ target: ScoreTarget; name: string; own: Score } | null>(null);
  const data = evaluation.data;

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync({ target: removing.target, version: removing.own.version });
      toast.success(`Scores of ${removing.name} removed`);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to remove the scores'));
      void reload();
    } finally {
      setRemoving(null);
    }
  };

  if (!data)
    return (
      <SectionPanel title="Job evaluation">
        <LoadingOrFailed title="Job evaluation not loaded" query={evaluation}>
          The job evaluation could not be loaded.
        </LoadingOrFailed>
      </SectionPanel>
    );
  const rule = { weights: data.settings.weights, bandWidth: data.settings.bandWidth };
  return (
    <Stack gap="lg">
      <SectionPanel
        title="Job evaluation"
        description="Work of equal value, on objective and gender-neutral criteria: each job, or a position of it, scored from 1 to 5 on skills, effort, responsibility and working conditions. A position's scores replace its job's."
      >
        <Stack gap="md">
          {canManage ? null : (
            <Text size="sm" c="dimmed">
              You can view the scores. Changing them needs the Edit/Delete Settings permission.
            </Text>
          )}
          <ScoresTable
            jobs={data.jobs}
            canEdit={canManage}
            onEdit={(target, name, own, start) => {
              const { version: _v, ...scores } = start ?? { ...THREES, version: 0 };
              setScoring({ target, name, score: own, start: scores });
            }}
            onRemove={(target, name, own) => setRemoving({ target, name, own })}
          />
        </Stack>
      </SectionPanel>
      <SectionPanel
        title="Weights and bands"
        description="How much each criterion counts, and how wide each category of the Pay Transparency report's job evaluation view is."
      >
        <EvaluationSettingsForm key={data.settings.version} current={data.settings} readOnly={!canManage} />
      </SectionPanel>
      <ScoreDialog scoring={scoring} rule={rule} onClose={() => setScoring(null)} />
      <ConfirmDialog
        opened={removing !== null}
        message="Are you sure you want to remove these scores?"
        item={removing?.name}
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
