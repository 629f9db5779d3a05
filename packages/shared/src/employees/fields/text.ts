import { z } from 'zod';
import { requiredText } from '../../common/fields.ts';
import {
  type CellReading,
  cellText,
  type ExportCell,
  type FieldBase,
  readingOf,
  type SheetCell,
} from './field-spec.ts';

/** A required text (the name): trimmed, at most 200 characters, no control characters. */
export const textField = <const S extends FieldBase>(spec: S) => {
  const body = requiredText(spec.label);
  return {
    ...spec,
    kind: 'text' as const,
    body,
    view: z.string(),
    toCell: (value: string): ExportCell => value,
    fromCell: (cell: SheetCell): CellReading<string> => readingOf(body.safeParse(cellText(cell))),
  };
};
