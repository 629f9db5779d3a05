import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid } from '@mantine/core';
import {
  BENEFIT_TYPES,
  type Benefit,
  benefitSchema,
  findDuplicateBenefitName,
  type Settings,
} from '@salary/shared/settings/settings.contract';
import { IconPlus } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormNumberInput, FormSelect } from '../../components/form-fields.tsx';
import { FormTextInput } from '../../components/registered-inputs.tsx';
import { currencySymbol } from '../../lib/company-format.tsx';
import { numberInputValue } from '../../lib/number-input-value.ts';
import { useSettingsSaving } from './api/update-settings.ts';
import { applyItemFieldErrors } from './server-fields.ts';
import { BENEFIT_TYPE_LABELS } from './settings-format.ts';
import { useSettingsSave } from './use-settings-save.ts';

const benefitForm = z
  // The type is optional here only because the shared schema defaults it.
  .object({ name: z.string(), amount: numberInputValue, type: z.enum(BENEFIT_TYPES).optional() })
  .pipe(benefitSchema);
type BenefitFormValues = z.input<typeof benefitForm>;

const EMPTY: BenefitFormValues = { name: '', amount: '', type: 'FIXED_AMOUNT' };
const FIELDS = ['name', 'amount', 'type'];
const TYPE_OPTIONS = BENEFIT_TYPES.map((value) => ({ value, label: BENEFIT_TYPE_LABELS[value] }));

interface BenefitFormProps {
  current: Settings;
  /** The day the add takes effect from (`?effectiveFrom=`); absent: today. */
  effectiveFrom?: string;
  /** After a save (today's or scheduled): the section closes its Effective from. */
  onSaved?(): void;
}

/** Adds one benefit and saves the whole record at once (benefits persist immediately). */
export function BenefitForm({ current, effectiveFrom, onSaved }: BenefitFormProps) {
  const settings = useSettingsSave(current);
  const saving = useSettingsSaving();
  const form = useForm<BenefitFormValues, unknown, Benefit>({
    resolver: zodResolver(benefitForm),
    defaultValues: EMPTY,
  });
  const [name, amount, type] = form.watch(['name', 'amount', 'type']);
  // Add is enabled only once both the name and the amount hold something.
  const canAdd = name.trim() !== '' && amount !== '';

  const onSubmit = form.handleSubmit(async (benefit) => {
    const benefits = [...current.benefits, benefit];
    // The server refuses a repeated name (409) with this very sentence; say it without the trip.
    const duplicate = findDuplicateBenefitName(benefits);
    if (duplicate !== undefined) {
      form.setError('name', { type: 'duplicate', message: `A benefit named "${duplicate}" already exists` });
      return;
    }
    // Cancel on the impact preview keeps what was typed.
    const saved = await settings.save(
      { benefits },
      {
        saved: 'Benefit added successfully',
        failed: 'Failed to add benefit',
        onFailed: (error) =>
          applyItemFieldErrors(error, `benefits.${current.benefits.length}.`, form.setError, FIELDS),
      },
      effectiveFrom,
    );
    if (saved) {
      form.reset(EMPTY);
      onSaved?.();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add benefit">
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <FormTextInput
            control={form.control}
            name="name"
            label="Benefit Name"
            placeholder="e.g. Health Insurance"
            autoComplete="off"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <FormNumberInput
            control={form.control}
            name="amount"
            label="Amount"
            min={0}
            step={0.01}
            thousandSeparator=","
            leftSection={type === 'FIXED_AMOUNT' ? currencySymbol() : undefined}
            rightSection={type === 'PERCENTAGE' ? '%' : undefined}
            rightSectionPointerEvents="none"
            hideControls
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <FormSelect
            control={form.control}
            name="type"
            label="Type"
            data={TYPE_OPTIONS}
            allowDeselect={false}
            fallback={'FIXED_AMOUNT' satisfies Benefit['type']}
            // A percentage benefit is capped at 100, an amount of money is not.
            recheckFields={['amount']}
          />
        </Grid.Col>
        <Grid.Col
          span={{ base: 12, sm: 6, md: 2 }}
          // Level with the inputs: a label's line box is one line of body text.
          pt={{ base: 0, sm: 'calc(var(--mantine-font-size-md) * var(--mantine-line-height))' }}
        >
          <Button
            type="submit"
            fullWidth
            leftSection={<IconPlus size={16} />}
            disabled={!canAdd || (saving && !settings.isPending)}
            loading={settings.isPending}
          >
            Add
          </Button>
        </Grid.Col>
      </Grid>
      {settings.dialog}
    </form>
  );
}
