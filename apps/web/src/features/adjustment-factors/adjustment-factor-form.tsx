import { Text } from '@mantine/core';
import {
  ADJUSTMENT_TYPES,
  type AdjustmentFactor,
} from '@salary/shared/adjustment-factors/adjustment-factors.contract';
import { useWatch } from 'react-hook-form';
import { FormSelect } from '../../components/form-fields.tsx';
import { FormTextInput } from '../../components/registered-inputs.tsx';
import { IdSelect } from '../../components/rules-kit/id-select.tsx';
import {
  InlineRuleForm,
  type RuleFormProps,
  useInlineRuleForm,
} from '../../components/rules-kit/inline-rule-form.tsx';
import { pickMessages, saveMessages } from '../../components/rules-kit/rule-messages.ts';
import { currencySymbol } from '../../lib/company-format.tsx';
import { useJobs } from '../../lib/salary-rules/get-jobs.ts';
import { usePositions } from '../../lib/salary-rules/get-positions.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useCreateAdjustmentFactor } from './api/create-adjustment-factor.ts';
import { useUpdateAdjustmentFactor } from './api/update-adjustment-factor.ts';
import { ADJUSTMENT_TYPE_LABELS } from './factor-display.ts';
import { factorFormSchema, formValuesFor } from './factor-form-values.ts';

const TYPE_OPTIONS = ADJUSTMENT_TYPES.map((type) => ({ value: type, label: ADJUSTMENT_TYPE_LABELS[type] }));

/** The inline form above the list: a job × position pair, its type and factor. */
export function AdjustmentFactorForm({ editing, onDone }: RuleFormProps<AdjustmentFactor>) {
  const createFactor = useCreateAdjustmentFactor();
  const updateFactor = useUpdateAdjustmentFactor();
  const { form, onSubmit, onPreview, effectiveFromField, impactDialog } = useInlineRuleForm({
    schema: factorFormSchema,
    editing,
    valuesFor: formValuesFor,
    create: (body, effectiveFrom) => createFactor.mutateAsync({ body, effectiveFrom }),
    update: (id, body, effectiveFrom) => updateFactor.mutateAsync({ id, body, effectiveFrom }),
    messages: saveMessages('Adjustment factor'),
    serverFields: ['jobId', 'positionId', 'type', 'factor'],
    onDone,
    impactPath: '/adjustment-factors',
    // A factor out of range is said as it is typed, and again when the type changes.
    mode: 'onChange',
  });
  const { isSubmitting } = form.formState;
  const [jobId, type] = useWatch({ control: form.control, name: ['jobId', 'type'] });
  const jobs = useJobs();
  // Position options load for the chosen job only; without one the select stays disabled.
  const positions = usePositions(jobId ? Number(jobId) : null);
  useLoadErrorToast(jobs.error, 'Failed to fetch jobs');
  useLoadErrorToast(positions.error, 'Failed to fetch positions');
  const isPercentage = type === 'PERCENTAGE';

  const positionPlaceholder = !jobId
    ? 'Select a job first'
    : positions.isPending
      ? 'Loading positions...'
      : positions.data?.length === 0
        ? 'This job has no positions'
        : 'Select position';

  return (
    <InlineRuleForm
      noun="Adjustment Factor"
      description={
        editing
          ? `Changing the factor of ${editing.job.name} / ${editing.position.name}.`
          : 'Raises or lowers the base salary for one job and position.'
      }
      editing={editing !== null}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      onPreview={onPreview}
      onCancel={onDone}
      cols={{ base: 1, sm: 2, lg: 4 }}
      effectiveFrom={effectiveFromField}
    >
      <IdSelect
        control={form.control}
        name="jobId"
        options={jobs.data ?? []}
        {...pickMessages('Job')}
        // Another job's positions are different: the chosen one no longer applies.
        onPick={(value, previous) => {
          if (value !== previous) form.setValue('positionId', null);
        }}
      />
      <IdSelect
        control={form.control}
        name="positionId"
        options={positions.data ?? []}
        disabled={!jobId}
        {...pickMessages('Position')}
        placeholder={positionPlaceholder}
      />
      <FormSelect
        control={form.control}
        name="type"
        label="Adjustment Type"
        required
        allowDeselect={false}
        data={TYPE_OPTIONS}
        // 150 is a fine fixed amount and too much as a percentage, and the reverse for 2.555.
        recheckFields={['factor']}
      />
      <FormTextInput
        control={form.control}
        name="factor"
        label="Adjustment Factor"
        required
        type="number"
        inputMode="decimal"
        // The percent is typed as a whole number of percent; FIXED takes cents.
        min={isPercentage ? -100 : undefined}
        max={isPercentage ? 100 : undefined}
        step={isPercentage ? 1 : 0.01}
        rightSection={
          <Text size="sm" c="dimmed">
            {isPercentage ? '%' : currencySymbol()}
          </Text>
        }
        description={
          isPercentage ? 'Values between -100% and +100%' : 'An amount; negative lowers the salary'
        }
        // The hint goes under the input so the four inputs line up on wide screens.
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        rules={{ valueAsNumber: true }}
      />
      {impactDialog}
    </InlineRuleForm>
  );
}
