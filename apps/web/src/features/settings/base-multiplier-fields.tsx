import { NumberInput, Select, Text } from '@mantine/core';
import { BASE_MULTIPLIERS, type MultiplierType } from '@salary/shared/settings/settings.contract';
import { Controller, type UseFormReturn } from 'react-hook-form';
import classes from './base-multiplier-fields.module.css';
import { clampMultiplier, MULTIPLIER_TYPE_OPTIONS, PERCENT_MAX, PERCENT_MIN } from './multiplier-values.ts';
import type { MultipliersFormOutput, MultipliersFormValues } from './multipliers-form.ts';

type BaseMultiplier = (typeof BASE_MULTIPLIERS)[number];

/** When each one applies (architecture §4 step 3), under its name. */
const WHEN: Record<BaseMultiplier['key'], string> = {
  experienceMultiplier: 'Per year of experience',
  loyaltyMultiplier: 'Per year with the company',
  offshoreMultiplier: 'When based on an offshore project',
  actingAsMultiplier: 'When acting as a different grade',
  pillarMultiplier: 'When the employee is a pillar',
  remoteMultiplier: 'When the employee works remotely',
};

interface FieldsProps {
  form: UseFormReturn<MultipliersFormValues, unknown, MultipliersFormOutput>;
  readOnly: boolean;
}

function BaseMultiplierField({ form, readOnly, multiplier }: FieldsProps & { multiplier: BaseMultiplier }) {
  const type = form.watch(multiplier.typeKey);
  const errors = form.formState.errors;
  const percent = type === 'PERCENTAGE';
  // Read-only rather than disabled: for someone who may only look, the values are the content,
  // and disabled inputs grey them out.
  const readOnlyProps = readOnly ? { readOnly: true, variant: 'filled' as const } : {};

  const changeType = (next: MultiplierType) => {
    form.setValue(multiplier.typeKey, next, { shouldDirty: true });
    // A fixed 300 turned into a percentage must not stay out of range.
    const value = form.getValues(multiplier.key);
    const clamped = clampMultiplier(value, next);
    if (clamped !== value) form.setValue(multiplier.key, clamped, { shouldDirty: true });
  };

  return (
    <fieldset data-multiplier={multiplier.key} className={classes.row}>
      <div className={classes.name}>
        <legend className={classes.legend}>{multiplier.label}</legend>
        <Text size="xs" c="dimmed">
          {WHEN[multiplier.key]}
        </Text>
      </div>
      <div className={classes.inputs}>
        <Controller
          control={form.control}
          name={multiplier.key}
          render={({ field }) => (
            <NumberInput
              aria-label="Value"
              {...readOnlyProps}
              min={percent ? PERCENT_MIN : undefined}
              max={percent ? PERCENT_MAX : undefined}
              step={0.01}
              decimalScale={2}
              clampBehavior="none"
              leftSection={percent ? undefined : '$'}
              rightSection={percent ? '%' : undefined}
              rightSectionPointerEvents="none"
              hideControls
              error={errors[multiplier.key]?.message}
              value={field.value}
              onChange={(value) => field.onChange(clampMultiplier(value, type))}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
            />
          )}
        />
        <Controller
          control={form.control}
          name={multiplier.typeKey}
          render={({ field }) => (
            <Select
              aria-label="Type"
              {...readOnlyProps}
              data={MULTIPLIER_TYPE_OPTIONS}
              allowDeselect={false}
              error={errors[multiplier.typeKey]?.message}
              value={field.value}
              onChange={(value) => changeType((value ?? 'PERCENTAGE') as MultiplierType)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
            />
          )}
        />
      </div>
    </fieldset>
  );
}

/** The six base multipliers, each with a value and a type (spec §2). */
export function BaseMultiplierFields(props: FieldsProps) {
  return (
    <div>
      <div className={classes.header} aria-hidden>
        <span>Multiplier</span>
        <span className={classes.inputs}>
          <span>Value</span>
          <span>Type</span>
        </span>
      </div>
      {BASE_MULTIPLIERS.map((multiplier) => (
        <BaseMultiplierField key={multiplier.key} multiplier={multiplier} {...props} />
      ))}
    </div>
  );
}
