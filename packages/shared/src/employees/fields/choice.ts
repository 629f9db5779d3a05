import { z } from 'zod';
import { type CellReading, cellText, type ExportCell, type FieldBase, type SheetCell } from './field-spec.ts';

/** A label's first letter, where no other label of the field starts with it (F, M; not O, U twice). */
function initials(labels: Readonly<Record<string, string>>): Array<[string, string]> {
  const firsts = Object.entries(labels).map(([value, label]) => [label[0]!.toLowerCase(), value] as const);
  return firsts
    .filter(([first]) => firsts.filter(([other]) => other === first).length === 1)
    .map(([f, v]) => [f, v]);
}

const orList = (labels: string[]) => labels.join(', ').replace(/, (?=[^,]*$)/, ' or ');

/**
 * One of a few stored values (gender), shown by its label. Optional on writes: absent (or a
 * blank cell) keeps the stored value; a new employee takes `formDefault`.
 */
export const choiceField = <
  const C extends readonly [string, ...string[]],
  const S extends FieldBase & { choices: C; choiceLabels: Readonly<Record<C[number], string>> },
>(
  spec: S,
) => {
  const labels = spec.choiceLabels as Readonly<Record<string, string>>;
  const message = `${spec.label} must be ${orList(Object.values(labels))}`;
  // A cell may hold the label (Female), the stored value (FEMALE) or the label's initial (F), in any case.
  const values = new Map([
    ...Object.entries(labels).flatMap(
      ([value, label]): Array<[string, string]> => [
        [value.toLowerCase(), value],
        [label.toLowerCase(), value],
      ],
    ),
    ...initials(labels),
  ]);
  return {
    ...spec,
    kind: 'choice' as const,
    body: z.enum(spec.choices as S['choices'], { error: message }).optional(),
    view: z.enum(spec.choices as S['choices']),
    toCell: (value: string): ExportCell => labels[value] ?? null,
    fromCell(cell: SheetCell): CellReading<S['choices'][number]> {
      const text = cellText(cell).toLowerCase();
      if (text === '') return { ok: true, value: undefined };
      const value = values.get(text);
      return value === undefined ? { ok: false, problem: message } : { ok: true, value: value as C[number] };
    },
  };
};
