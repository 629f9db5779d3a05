import { Text } from '@mantine/core';
import { BASE_MULTIPLIERS, type MultiplierType } from '@salary/shared/settings/settings.contract';
import type { UseFormReturn } from 'react-hook-form';
import { FormNumberInput, FormSelect } from '../../components/form-fields.tsx';
import classes from './base-multiplier-fields.module.css';
import { MULTIPLIER_TYPE_OPTIONS, multiplierInput } from './multiplier-values.ts';
import type { MultipliersFormOutput, MultipliersFormValues } from './multipliers-form.ts';

type BaseMultiplier = (typeof BASE_MULTIPLIERS)[number];

/** When each one applies (step 3), under its name. */
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
  // Read-only rather than disabled: for someone who may only look, the values are the content,
  // and disabled inputs grey them out.
  const readOnlyProps = readOnly ? { readOnly: true, variant: 'filled' as const } : {};

  return (
    <fieldset data-multiplier={multiplier.key} className={classes.row}>
      <legend className={classes.legend}>{multiplier.label}</legend>
      <Text size="xs" c="dimmed" className={classes.when}>
        {WHEN[multiplier.key]}
      </Text>
      <div className={classes.inputs}>
        <FormNumberInput
          control={form.control}
          name={multiplier.key}
          aria-label="Value"
          {...readOnlyProps}
          {...multiplierInput(type)}
        />
        <FormSelect
          control={form.control}
          name={multiplier.typeKey}
          aria-label="Type"
          {...readOnlyProps}
          data={MULTIPLIER_TYPE_OPTIONS}
          allowDeselect={false}
          fallback={'PERCENTAGE' satisfies MultiplierType}
          // A value fine as a fixed amount may be out of range as a percentage, and the reverse.
          recheckFields={[multiplier.key]}
        />
      </div>
    </fieldset>
  );
}

/** The six base multipliers, each with a value and a type. */
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
