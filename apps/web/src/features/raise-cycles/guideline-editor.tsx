import { Button, Fieldset, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { RATING_MAX, RATING_MIN } from '@salary/shared/raise-cycles/raise-cycles.contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type Control, useController, useFieldArray, useFormState } from 'react-hook-form';
import { FormNumberInput } from '../../components/form-fields.tsx';
import { type CycleFormOutput, type CycleFormValues, EMPTY_GUIDELINE_ROW } from './cycle-form-values.ts';
import classes from './guideline-editor.module.css';

type FormControl = Control<CycleFormValues, unknown, CycleFormOutput>;

/** The server's limit on the rows of a guideline. */
export const MAX_GUIDELINE_ROWS = 200;

const RATING_OPTIONS = [
  { value: '', label: 'Any rating' },
  ...Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => {
    const n = String(RATING_MIN + i);
    return { value: n, label: n };
  }),
];

function RatingSelect({ control, index }: { control: FormControl; index: number }) {
  const { field, fieldState } = useController({ control, name: `guideline.${index}.rating` });
  return (
    <NativeSelect
      label="Rating"
      className={classes.field}
      data={RATING_OPTIONS}
      value={field.value}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      name={field.name}
      ref={field.ref}
      error={fieldState.error?.message}
    />
  );
}

/**
 * The guideline matrix: rows of a compa-ratio band [from, to) (a blank end is open), an optional
 * rating and the recommended raise min–max %. Each row is a group of labelled inputs that wraps
 * two to a line on a phone; rows are added and removed with buttons, focus following.
 */
export function GuidelineEditor({ control }: { control: FormControl }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'guideline' });
  const { errors } = useFormState({ control, name: 'guideline' });
  const addRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const rowRefs = useRef(new Map<string, HTMLFieldSetElement | null>());
  // After a removal: the row now at the removed index, else the Add button.
  const [focusAfterRemove, setFocusAfterRemove] = useState<number | null>(null);
  useEffect(() => {
    if (focusAfterRemove === null) return;
    setFocusAfterRemove(null);
    const next = fields[focusAfterRemove];
    const input = next ? rowRefs.current.get(next.id)?.querySelector('input') : null;
    (input ?? addRef.current)?.focus();
  }, [fields, focusAfterRemove]);

  // A problem of the whole list (too many rows), not of one field.
  const listError = errors.guideline?.message ?? errors.guideline?.root?.message;

  return (
    <Stack gap="xs" role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-help`}>
      <div>
        <Text size="sm" fw={500} id={`${id}-label`}>
          Guideline
        </Text>
        <Text size="xs" c="dimmed" id={`${id}-help`}>
          Each row recommends a raise of min–max % of the basic wage to employees whose compa-ratio is from
          the first figure up to (not including) the second — a blank end is open — and, when a rating is
          chosen, who are rated so. A row naming a rating wins over one naming none.
        </Text>
      </div>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          No guideline rows: the worksheet recommends no range.
        </Text>
      ) : null}
      {fields.map((row, index) => (
        <Fieldset
          key={row.id}
          legend={`Guideline row ${index + 1}`}
          variant="filled"
          p="sm"
          ref={(el) => {
            if (el) rowRefs.current.set(row.id, el);
            else rowRefs.current.delete(row.id);
          }}
        >
          <div className={classes.row}>
            <FormNumberInput
              control={control}
              name={`guideline.${index}.compaFrom`}
              label="Compa-ratio from"
              placeholder="Open"
              hideControls
              className={classes.field}
            />
            <FormNumberInput
              control={control}
              name={`guideline.${index}.compaTo`}
              label="Compa-ratio to"
              placeholder="Open"
              hideControls
              className={classes.field}
            />
            <RatingSelect control={control} index={index} />
            <FormNumberInput
              control={control}
              name={`guideline.${index}.minPercent`}
              label="Min raise %"
              hideControls
              className={classes.field}
            />
            <FormNumberInput
              control={control}
              name={`guideline.${index}.maxPercent`}
              label="Max raise %"
              hideControls
              className={classes.field}
            />
            <div className={classes.remove}>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                aria-label={`Remove guideline row ${index + 1}`}
                onClick={() => {
                  remove(index);
                  setFocusAfterRemove(index);
                }}
              >
                Remove
              </Button>
            </div>
          </div>
        </Fieldset>
      ))}
      {listError ? (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      ) : null}
      <Group>
        <Button
          ref={addRef}
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={fields.length >= MAX_GUIDELINE_ROWS}
          onClick={() => append({ ...EMPTY_GUIDELINE_ROW }, { shouldFocus: true })}
        >
          Add guideline row
        </Button>
      </Group>
    </Stack>
  );
}
