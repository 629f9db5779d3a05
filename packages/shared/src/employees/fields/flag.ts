import { z } from 'zod';
import type { CellReading, ExportCell, FieldBase, SheetCell } from './field-spec.ts';

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/** Yes/No cells: Yes/No/Y/N/True/False/1/0 in any case, Excel booleans, blank = No. */
export function parseYesNo(value: SheetCell): boolean | undefined {
  if (value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  const text = value.trim().toLowerCase();
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return undefined;
}

/** A yes/no (the pricing flags): false unless sent; Yes/No in the sheets. */
export const flagField = <const S extends FieldBase>(spec: S) => ({
  ...spec,
  kind: 'flag' as const,
  body: z.boolean({ error: 'Must be true or false' }).default(false),
  view: z.boolean(),
  toCell: (value: boolean): ExportCell => (value ? 'Yes' : 'No'),
  fromCell(cell: SheetCell): CellReading<boolean> {
    const value = parseYesNo(cell);
    return value === undefined
      ? { ok: false, problem: `${spec.label} must be Yes or No` }
      : { ok: true, value };
  },
});
