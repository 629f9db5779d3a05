import {
  BASE_MULTIPLIERS,
  type CustomMultiplier,
  MULTIPLIER_TYPES,
  percentRangeMessage,
  type Settings,
  updateSettingsBody,
  withinPercentRange,
} from '@salary/shared/settings/settings.contract';
import { z } from 'zod';
import { numberInputValue } from '../../lib/number-input-value.ts';

type ValueKey = (typeof BASE_MULTIPLIERS)[number]['key'];
type TypeKey = (typeof BASE_MULTIPLIERS)[number]['typeKey'];

const contract = updateSettingsBody.shape;
const multiplierType = z.enum(MULTIPLIER_TYPES);

// The contract's own field rules for the six value/type pairs (its .pick() is off limits: the
// record schema carries refinements). The casts only restore the key types fromEntries drops.
const savedFields = Object.fromEntries(
  BASE_MULTIPLIERS.flatMap((m) => [
    [m.key, contract[m.key]],
    [m.typeKey, contract[m.typeKey]],
  ]),
) as Pick<typeof contract, ValueKey | TypeKey>;

const inputFields = Object.fromEntries(
  BASE_MULTIPLIERS.flatMap((m) => [
    [m.key, numberInputValue],
    [m.typeKey, multiplierType],
  ]),
) as Record<ValueKey, typeof numberInputValue> & Record<TypeKey, typeof multiplierType>;

/**
 * The six base multipliers; the custom ones are edited through their own modal and list. A
 * percentage's ±100 is checked for each pair even while another input is empty (`when`), so the
 * value just typed is answered at once.
 */
export const multipliersForm = z.object(inputFields).pipe(
  BASE_MULTIPLIERS.reduce(
    (schema, m) =>
      schema.refine((values) => withinPercentRange(values[m.key], values[m.typeKey]), {
        path: [m.key],
        message: percentRangeMessage(`${m.label} multiplier`),
        when: () => true,
      }),
    z.object(savedFields),
  ),
);

export type MultipliersFormValues = z.input<typeof multipliersForm>;
export type MultipliersFormOutput = z.output<typeof multipliersForm>;

/** Field names the server may report problems under (400 data.fields). */
export const MULTIPLIER_FIELDS: readonly string[] = BASE_MULTIPLIERS.flatMap((m) => [m.key, m.typeKey]);

export function multipliersFormValues(settings: Settings): MultipliersFormValues {
  return Object.fromEntries(
    BASE_MULTIPLIERS.flatMap((m) => [
      [m.key, settings[m.key]],
      [m.typeKey, settings[m.typeKey]],
    ]),
  ) as MultipliersFormValues;
}

/** Whether the custom multipliers differ from the saved ones (order counts: it is the screen's). */
export function customMultipliersChanged(saved: CustomMultiplier[], edited: CustomMultiplier[]): boolean {
  return JSON.stringify(saved) !== JSON.stringify(edited);
}
