import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { type BaseSalary, createBaseSalaryBody } from '@salary/shared/base-salaries/base-salaries.contract';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SectionPanel } from '../../components/section-panel.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { useGrades } from '../../lib/salary-rules/get-grades.ts';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useCreateBaseSalary } from './api/create-base-salary.ts';
import { useUpdateBaseSalary } from './api/update-base-salary.ts';

type BaseSalaryFormValues = z.input<typeof createBaseSalaryBody>;
type BaseSalaryFormOutput = z.output<typeof createBaseSalaryBody>;

const SERVER_FIELDS = ['gradeId', 'levelId', 'amount'];

/**
 * Selects hold ids as strings (the shared schema turns them back into numbers); an empty amount
 * is NaN, which the schema reports as 'Base Salary Amount is required'.
 */
function valuesFor(editing: BaseSalary | null): BaseSalaryFormValues {
  return editing
    ? { gradeId: String(editing.gradeId), levelId: String(editing.levelId), amount: editing.amount }
    : { gradeId: null, levelId: null, amount: Number.NaN };
}

interface BaseSalaryFormProps {
  /** The base salary being edited, or null to add one. Remount (key) the form when it changes. */
  editing: BaseSalary | null;
  /** Leaves edit mode (after an update or Cancel Edit). */
  onDone(): void;
}

/** The inline form above the list (spec §2): create mode, or edit mode with 'Cancel Edit'. */
export function BaseSalaryForm({ editing, onDone }: BaseSalaryFormProps) {
  const toast = useToast();
  const grades = useGrades();
  const levels = useLevels();
  useLoadErrorToast(grades.error, 'Failed to fetch grades');
  useLoadErrorToast(levels.error, 'Failed to fetch levels');
  const createBaseSalary = useCreateBaseSalary();
  const updateBaseSalary = useUpdateBaseSalary();
  const form = useForm<BaseSalaryFormValues, unknown, BaseSalaryFormOutput>({
    resolver: zodResolver(createBaseSalaryBody),
    defaultValues: valuesFor(editing),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (editing) {
        await updateBaseSalary.mutateAsync({ id: editing.id, body: values });
        toast.success('Base salary updated successfully');
        onDone();
      } else {
        await createBaseSalary.mutateAsync(values);
        toast.success('Base salary created successfully');
        form.reset(valuesFor(null));
      }
    } catch (error) {
      applyServerFieldErrors(error, form.setError, SERVER_FIELDS);
      toast.error(
        errorMessage(error, editing ? 'Failed to update base salary' : 'Failed to create base salary'),
      );
    }
  });

  const idSelect = (name: 'gradeId' | 'levelId', label: string, options: { id: number; name: string }[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          required
          searchable
          allowDeselect={false}
          placeholder={`Select ${label.toLowerCase()}`}
          nothingFoundMessage={`No ${label.toLowerCase()} found`}
          data={options.map((option) => ({ value: String(option.id), label: option.name }))}
          value={typeof field.value === 'string' ? field.value : null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={errors[name]?.message}
        />
      )}
    />
  );

  return (
    <SectionPanel
      title={editing ? 'Edit Base Salary' : 'Add Base Salary'}
      description={
        editing
          ? `Changing the base salary of ${editing.grade.name} / ${editing.level.name}.`
          : 'One base salary per grade and level.'
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit base salary' : 'Add base salary'}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {idSelect('gradeId', 'Grade', grades.data ?? [])}
          {idSelect('levelId', 'Level', levels.data ?? [])}
          <TextInput
            label="Base Salary Amount"
            required
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            leftSection="$"
            error={errors.amount?.message}
            {...form.register('amount', { valueAsNumber: true })}
          />
        </SimpleGrid>
        <Group gap="sm" mt="md">
          <Button type="submit" loading={isSubmitting}>
            {editing ? 'Update Base Salary' : 'Add Base Salary'}
          </Button>
          {editing ? (
            <Button variant="default" onClick={onDone} disabled={isSubmitting}>
              Cancel Edit
            </Button>
          ) : null}
        </Group>
      </form>
    </SectionPanel>
  );
}
