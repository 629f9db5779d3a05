import { Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { BudgetKind } from '@salary/shared/raise-cycles/raise-cycles.contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DialogActions } from '../../components/dialog-actions.tsx';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { companyToday } from '../../lib/dated/company-today.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useCreateRaiseCycle } from './api/raise-cycles.ts';

type Errors = Partial<Record<'name' | 'effectiveDate' | 'hiredBefore' | 'budget', string>>;

/** The server's field names → the form's fields (its zod paths: eligibility.hiredBefore, budget.value). */
function fieldOf(path: string): keyof Errors | undefined {
  if (path.startsWith('budget')) return 'budget';
  if (path.endsWith('hiredBefore')) return 'hiredBefore';
  if (path === 'name' || path === 'effectiveDate') return path;
  return undefined;
}

function NewCycleForm({ onClose }: { onClose(): void }) {
  const create = useCreateRaiseCycle();
  const toast = useToast();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [effectiveDate, setEffectiveDate] = useState(companyToday());
  const [hiredBefore, setHiredBefore] = useState('');
  const [kind, setKind] = useState<BudgetKind>('PERCENT');
  const [value, setValue] = useState<number | string>(3);
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!name.trim()) found.name = 'Name is required';
    if (!effectiveDate) found.effectiveDate = 'Effective Date is required';
    if (value === '' || Number(value) < 0) found.budget = 'Budget must be a number of 0 or more';
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const cycle = await create.mutateAsync({
        name: name.trim(),
        effectiveDate,
        eligibility: { hiredBefore: hiredBefore || null, jobIds: [], gradeIds: [] },
        budget: { kind, value: Number(value) },
      });
      toast.success('Raise cycle created');
      onClose();
      navigate(`/raise-cycles/${cycle.id}`);
    } catch (error) {
      const fields: Errors = {};
      if (error instanceof ApiError)
        for (const f of error.fields) {
          const key = fieldOf(f.field);
          if (key) fields[key] ??= f.message;
        }
      setErrors(fields);
      toast.error(errorMessage(error, 'Failed to create raise cycle'));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <TextInput
          label="Effective Date"
          type="date"
          required
          value={effectiveDate}
          onChange={(e) => setEffectiveDate(e.currentTarget.value)}
          error={errors.effectiveDate}
          description="The raises take effect from this day"
        />
        <TextInput
          label="Hired Before"
          type="date"
          value={hiredBefore}
          onChange={(e) => setHiredBefore(e.currentTarget.value)}
          error={errors.hiredBefore}
          description="Optional: only employees hired before this day. Leavers are never eligible."
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="budget-kind-label">
            Budget
          </Text>
          <SegmentedControl
            aria-labelledby="budget-kind-label"
            value={kind}
            onChange={(v) => setKind(v as BudgetKind)}
            data={[
              { value: 'PERCENT', label: 'Percent of payroll' },
              { value: 'AMOUNT', label: 'Amount a month' },
            ]}
          />
          <NumberInput
            label={kind === 'PERCENT' ? 'Budget (% of the eligible monthly payroll)' : 'Budget (a month)'}
            clampBehavior="none"
            value={value}
            onChange={setValue}
            error={errors.budget}
            required
          />
        </Stack>
        <DialogActions onCancel={onClose} pending={create.isPending} submit="Create cycle" />
      </Stack>
    </form>
  );
}

/** A new raise cycle: its name, effective day, who is eligible and its budget. */
export function NewCycleDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New raise cycle" centered>
      {opened ? <NewCycleForm onClose={onClose} /> : null}
    </Modal>
  );
}
