import { z } from 'zod';
import { requiredId } from '../../common/fields.ts';
import type { FieldBase } from './field-spec.ts';

/**
 * The id of a job, position, grade or level. The answers carry the id and, beside it, the
 * named object (`view`); sheets carry the name, which the import resolves with the names it
 * read (excel/import-rows.reader.ts: a position must belong to the row's job).
 */
export const referenceField = <
  const S extends FieldBase & { reference: { table: string; view: string; nameKey: string } },
>(
  spec: S,
) => ({
  ...spec,
  kind: 'reference' as const,
  body: requiredId(spec.label),
  view: z.number().int(),
});

/** A reference's named object in the answers: `technology: { id, name }`. */
export const namedRef = z.object({ id: z.number().int(), name: z.string() });
