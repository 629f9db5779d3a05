import { type BaseSalary, createBaseSalaryBody } from '@salary/shared/base-salaries/base-salaries.contract';
import type { z } from 'zod';
import { FormTextInput } from '../../components/registered-inputs.tsx';
import { IdSelect } from '../../components/rules-kit/id-select.tsx';
import {
  InlineRuleForm,
  type RuleFormProps,
  useInlineRuleForm,
} from '../../components/rules-kit/inline-rule-form.tsx';
import { pickMessages, saveMessages } from '../../components/rules-kit/rule-messages.ts';
import { currencySymbol } from '../../lib/company-format.tsx';
import { useGrades } from '../../lib/salary-rules/get-grades.ts';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useCreateBaseSalary } from './api/create-base-salary.ts';
import { useUpdateBaseSalary } from './api/update-base-salary.ts';

type BaseSalaryFormValues = z.input<typeof createBaseSalaryBody>;

/**
 * Selects hold ids as strings (the shared schema turns them back into numbers); an empty amount
 * is NaN, which the schema reports as 'Base Salary Amount is required'.
 */
function valuesFor(editing: BaseSalary | null): BaseSalaryFormValues {
  return editing
    ? { gradeId: String(editing.gradeId), levelId: String(editing.levelId), amount: editing.amount }
    : { gradeId: null, levelId: null, amount: Number.NaN };
}

/** The inline form above the list: a grade × level pair and its amount. */
export function BaseSalaryForm({ editing, onDone }: RuleFormProps<BaseSalary>) {
  const grades = useGrades();
  const levels = useLevels();
  useLoadErrorToast(grades.error, 'Failed to fetch grades');
  useLoadErrorToast(levels.error, 'Failed to fetch levels');
  const createBaseSalary = useCreateBaseSalary();
  const updateBaseSalary = useUpdateBaseSalary();
  const { form, onSubmit, onPreview, effectiveFromField, impactDialog } = useInlineRuleForm({
    schema: createBaseSalaryBody,
    editing,
    valuesFor,
    create: (body, effectiveFrom) => createBaseSalary.mutateAsync({ body, effectiveFrom }),
    update: (id, body, effectiveFrom) => updateBaseSalary.mutateAsync({ id, body, effectiveFrom }),
    messages: saveMessages('Base salary'),
    serverFields: ['gradeId', 'levelId', 'amount'],
    onDone,
    impactPath: '/base-salary',
  });
  const { isSubmitting } = form.formState;

  return (
    <InlineRuleForm
      noun="Base Salary"
      description={
        editing
          ? `Changing the base salary of ${editing.grade.name} / ${editing.level.name}.`
          : 'One base salary per grade and level.'
      }
      editing={editing !== null}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      onPreview={onPreview}
      onCancel={onDone}
      cols={{ base: 1, sm: 3 }}
      effectiveFrom={effectiveFromField}
    >
      <IdSelect
        control={form.control}
        name="gradeId"
        options={grades.data ?? []}
        {...pickMessages('Grade')}
      />
      <IdSelect
        control={form.control}
        name="levelId"
        options={levels.data ?? []}
        {...pickMessages('Level')}
      />
      <FormTextInput
        control={form.control}
        name="amount"
        label="Base Salary Amount"
        required
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        leftSection={currencySymbol()}
        rules={{ valueAsNumber: true }}
      />
      {impactDialog}
    </InlineRuleForm>
  );
}
