import { Button, Divider, Paper, Stack } from '@mantine/core';
import type { CalculateBody } from '@salary/shared/calculator/calculator.contract';
import type { Grade } from '@salary/shared/grades/grades.contract';
import type { Job } from '@salary/shared/jobs/jobs.contract';
import type { Level } from '@salary/shared/levels/levels.contract';
import { IconCalculator } from '@tabler/icons-react';
import { memo, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormCheckbox } from '../../components/form-fields.tsx';
import { formatMoney } from '../../lib/company-format.tsx';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { usePositions } from '../../lib/salary-rules/get-positions.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { formatRate } from './calculation-format.ts';
import {
  buildCalculatePayload,
  type CalculatorFormValues,
  type CalculatorOptions,
  type CalculatorProfile,
  type CalculatorSelection,
  calculatorResolver,
  EMPTY_CALCULATOR_FORM,
  isBenefitSelected,
  isCustomMultiplierChecked,
  REQUIRED_FIELDS,
} from './calculator-form-values.ts';
import { OptionCheckboxes } from './option-checkboxes.tsx';
import { ProfileFields } from './profile-fields.tsx';

const PROFILE_FLAGS = [
  { key: 'offshoreProject', label: 'Base on Project' },
  { key: 'actingAsDifferentGrade', label: 'Acting as Different Grade' },
  { key: 'pillar', label: 'Pillar' },
  { key: 'remote', label: 'Remote' },
] as const;

type ProfileFlag = (typeof PROFILE_FLAGS)[number]['key'];

const SERVER_FIELDS = [...REQUIRED_FIELDS, 'yearsExperience', 'yearsWithCompany'];

interface CalculatorFormProps {
  jobs: Job[];
  grades: Grade[];
  levels: Level[];
  options: CalculatorOptions;
  /** Lookups still loading: their selects show it. */
  loading: boolean;
  calculating: boolean;
  /** False without showSalary: the server would refuse (403), so the button says so up front. */
  canCalculate: boolean;
  /**
   * Answers the failure, if any, so the server's field problems can go under the inputs.
   * `profile` names what was calculated ("Backend · Senior · G3 / L2 · 6 years' experience").
   */
  onCalculate(payload: CalculateBody, profile: CalculatedProfile): Promise<unknown>;
  /** Any input changed (the shown result may now be out of date). */
  onEdited?(): void;
}

export interface CalculatedProfile {
  label: string;
  yearsExperience: number;
  yearsWithCompany: number;
}

const nameOf = (list: { id: number; name: string }[], id: unknown) =>
  list.find((item) => item.id === Number(id))?.name ?? '';

const yearsText = (n: number, what: string) => `${n} ${n === 1 ? 'year' : 'years'} ${what}`;

/** Memo: the page re-renders as each list arrives; the form only once the lists it shows change. */
export const CalculatorForm = memo(function CalculatorForm(props: CalculatorFormProps) {
  const { jobs, grades, levels, options, loading, calculating, canCalculate, onCalculate, onEdited } = props;
  const toast = useToast();
  const form = useForm<CalculatorFormValues, unknown, CalculatorProfile>({
    resolver: calculatorResolver,
    defaultValues: EMPTY_CALCULATOR_FORM,
  });
  const [selection, setSelection] = useState<CalculatorSelection>({ benefits: {}, customMultipliers: {} });
  const jobId = form.watch('jobId');
  const positions = usePositions(jobId === null ? null : Number(jobId));

  // Every change after a calculation marks the shown figures out of date.
  const edited = useRef(onEdited);
  edited.current = onEdited;
  useEffect(() => {
    const subscription = form.watch(() => edited.current?.());
    return () => subscription.unsubscribe();
  }, [form]);
  const firstSelection = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the checked benefits or multipliers change.
  useEffect(() => {
    if (firstSelection.current) {
      firstSelection.current = false;
      return;
    }
    edited.current?.();
  }, [selection]);

  const describe = (profile: CalculatorProfile): CalculatedProfile => ({
    label: [
      nameOf(jobs, profile.jobId),
      nameOf(positions.data ?? [], profile.positionId),
      `${nameOf(grades, profile.gradeId)} / ${nameOf(levels, profile.levelId)}`,
      yearsText(profile.yearsExperience, 'of experience'),
      yearsText(profile.yearsWithCompany, 'with the company'),
    ].join(' · '),
    yearsExperience: profile.yearsExperience,
    yearsWithCompany: profile.yearsWithCompany,
  });

  const onSubmit = form.handleSubmit(
    async (profile) => {
      const failure = await onCalculate(
        buildCalculatePayload(profile, options, selection),
        describe(profile),
      );
      // E.g. 400 'Position does not belong to the selected job' under Position.
      if (failure) applyServerFieldErrors(failure, form.setError, SERVER_FIELDS);
    },
    () => toast.error('Please fill in all required fields'),
  );

  const choose = (list: keyof CalculatorSelection) => (key: string, checked: boolean) =>
    setSelection((current) => ({ ...current, [list]: { ...current[list], [key]: checked } }));

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={onSubmit} noValidate aria-label="Salary calculator">
        <Stack gap="lg">
          <ProfileFields form={form} jobs={jobs} grades={grades} levels={levels} loading={loading} />

          <OptionCheckboxes
            legend="Profile"
            options={PROFILE_FLAGS.map((flag) => ({ ...flag, checked: form.watch(flag.key) }))}
            onChange={(key, checked) => form.setValue(key as ProfileFlag, checked)}
          />
          <OptionCheckboxes
            legend="Benefits"
            emptyText="No benefits are configured."
            options={options.benefits.map((b) => ({
              key: b.name,
              label: b.name,
              description:
                b.type === 'PERCENTAGE'
                  ? `${formatRate(b.amount, 'PERCENTAGE')} of gross`
                  : formatMoney(b.amount),
              checked: isBenefitSelected(selection, b.name),
            }))}
            onChange={choose('benefits')}
          />
          <OptionCheckboxes
            legend="Custom Multipliers"
            emptyText="No custom multipliers are configured."
            options={options.customMultipliers.map((m) => ({
              key: m.id,
              label: m.title,
              description: formatRate(m.multiplier, m.type),
              checked: isCustomMultiplierChecked(selection, m.id),
            }))}
            onChange={choose('customMultipliers')}
          />
          <Divider />
          <FormCheckbox
            control={form.control}
            name="applySocialInsurance"
            label="Apply Social Insurance"
            description="Uses the rates from Settings → Social Insurance when it is enabled there."
          />
          <Button
            type="submit"
            size="md"
            leftSection={<IconCalculator size={18} />}
            loading={calculating}
            disabled={!canCalculate}
          >
            Calculate
          </Button>
        </Stack>
      </form>
    </Paper>
  );
});
