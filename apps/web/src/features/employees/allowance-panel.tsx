import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  ALLOWANCE_TYPE_LABELS,
  ALLOWANCE_TYPES,
  type AllowanceView,
  allowanceSchema,
} from '@salary/shared/employees/allowance.contract';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormNumberInput, FormSelect } from '../../components/form-fields.tsx';
import { FormTextInput } from '../../components/registered-inputs.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { formatMoney } from '../../lib/company-format.tsx';
import { savedToast } from '../../lib/dated/effective-day.ts';
import { applyServerFieldErrors } from '../../lib/form-errors.ts';
import { usePermission } from '../../lib/permissions.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useAllowance, usePutAllowance } from './api/individual-pay.ts';

/*
 * Edit Employee → Individual allowance: the employee's own pay beside the rules, a fixed amount
 * a month or a percent of the adjusted base salary, with its reason; from a day (empty: today,
 * a day to come schedules it, a past day owes back pay). Shown with Show Calculated Salary only;
 * the form with Edit Employee too.
 */

const allowanceForm = z.intersection(allowanceSchema, z.object({ effectiveFrom: z.string() }));
type AllowanceFormInput = z.input<typeof allowanceForm>;
type AllowanceFormOutput = z.output<typeof allowanceForm>;

const SAVED = 'Individual allowance saved successfully';
const REMOVED = 'Individual allowance removed successfully';

/** "$150.00 a month" or "2.5% of the adjusted base". */
export function allowanceAmount(a: NonNullable<AllowanceView['allowance']>): string {
  return a.type === 'FIXED' ? `${formatMoney(a.value)} a month` : `${a.value}% of the adjusted base`;
}

function defaultsOf(view: AllowanceView | undefined): AllowanceFormInput {
  const a = view?.allowance;
  return { type: a?.type ?? 'FIXED', value: a?.value ?? '', reason: a?.reason ?? '', effectiveFrom: '' };
}

export function AllowancePanel({ employeeId }: { employeeId: number }) {
  const salary = usePermission('showSalary');
  const manage = usePermission('manageEmployee');
  const allowance = useAllowance(employeeId, salary);
  if (!salary || !allowance.data) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      mb="lg"
      component="section"
      aria-label="Individual allowance"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          Individual allowance
        </Title>
        {allowance.data.allowance ? (
          <Text>
            {allowanceAmount(allowance.data.allowance)} — Reason: {allowance.data.allowance.reason}
          </Text>
        ) : (
          <Text c="dimmed">No individual allowance</Text>
        )}
        {manage ? (
          <AllowanceForm
            // A new version (another save) starts the form again from what is stored.
            key={`${employeeId}@${allowance.data.version}`}
            employeeId={employeeId}
            view={allowance.data}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

function AllowanceForm({ employeeId, view }: { employeeId: number; view: AllowanceView }) {
  const toast = useToast();
  const put = usePutAllowance();
  const form = useForm<AllowanceFormInput, unknown, AllowanceFormOutput>({
    resolver: zodResolver(allowanceForm),
    defaultValues: defaultsOf(view),
  });
  const type = useWatch({ control: form.control, name: 'type' });

  const save = async (allowance: AllowanceFormOutput | null, effectiveFrom: string) => {
    try {
      const body = {
        allowance: allowance && { type: allowance.type, value: allowance.value, reason: allowance.reason },
        version: view.version,
      };
      await put.mutateAsync({ id: employeeId, body, effectiveFrom: effectiveFrom || undefined });
      toast.success(savedToast(allowance ? SAVED : REMOVED, effectiveFrom));
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['type', 'value', 'reason']);
      toast.error(errorMessage(error, 'Operation failed'));
    }
  };

  return (
    <form
      noValidate
      aria-label="Edit individual allowance"
      onSubmit={form.handleSubmit((values) => save(values, values.effectiveFrom))}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <FormSelect
            control={form.control}
            name="type"
            label="Allowance Type"
            allowDeselect={false}
            data={ALLOWANCE_TYPES.map((t) => ({ value: t, label: ALLOWANCE_TYPE_LABELS[t] }))}
          />
          <FormNumberInput
            control={form.control}
            name="value"
            label={type === 'PERCENTAGE' ? 'Percent of Adjusted Base' : 'Amount per Month'}
            min={0}
            max={type === 'PERCENTAGE' ? 100 : undefined}
            step={0.01}
            required
          />
          <FormTextInput control={form.control} name="reason" label="Reason" required autoComplete="off" />
          <FormTextInput
            control={form.control}
            name="effectiveFrom"
            label="Effective from"
            type="date"
            description="Empty: today. A day to come schedules it; a past day owes back pay."
          />
        </SimpleGrid>
        <Group justify="flex-end">
          {view.allowance ? (
            <Button
              variant="default"
              color="red"
              loading={put.isPending}
              onClick={() => void save(null, form.getValues('effectiveFrom'))}
            >
              Remove allowance
            </Button>
          ) : null}
          <Button type="submit" loading={put.isPending}>
            Save allowance
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
