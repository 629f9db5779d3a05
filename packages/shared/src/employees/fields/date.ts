import { z } from 'zod';
import { isCalendarDay } from '../../common/calendar-day.ts';
import {
  type CellReading,
  cellText,
  type ExportCell,
  type FieldBase,
  quoted,
  type SheetCell,
} from './field-spec.ts';

/** The Excel number format of the export's and the template's date cells. */
export const DATE_CELL_FORMAT = 'yyyy-mm-dd';

/**
 * A calendar day, optional: 'YYYY-MM-DD' on the API (null: none; absent on a write keeps the
 * stored day), a date cell in the sheets. The import takes a real date cell or the text
 * YYYY-MM-DD; a blank cell is no date.
 */
export const dateField = <const S extends FieldBase>(spec: S) => {
  const format = `${spec.label} must be a date written YYYY-MM-DD (e.g. 2024-03-15)`;
  return {
    ...spec,
    kind: 'date' as const,
    body: z.preprocess(
      (v) => (v === '' ? null : v),
      z.string({ error: format }).refine(isCalendarDay, format).nullable().optional(),
    ),
    view: z.string().nullable(),
    /** The export writes the day as a date cell (its Date at midnight UTC; see export-workbook). */
    toCell: (value: string | null): ExportCell => (value ? new Date(`${value}T00:00:00Z`) : null),
    /**
     * The readers hand a date cell over as its day ('YYYY-MM-DD'); a number here is a cell
     * without a date format, which could be anything.
     */
    fromCell(cell: SheetCell): CellReading<string | null> {
      if (cell === null) return { ok: true, value: null };
      const text = cellText(cell);
      if (text === '') return { ok: true, value: null };
      if (typeof cell === 'string' && isCalendarDay(text)) return { ok: true, value: text };
      return {
        ok: false,
        problem: `${spec.label} must be a date cell or a date written YYYY-MM-DD, not ${quoted(text)}`,
      };
    },
  };
};
