import { z } from 'zod';
import { MAX_ID } from './fields.ts';

/** Every API answer has this shape ("Response envelope"). */
export interface Envelope<T> {
  success: boolean;
  message: string;
  error: string | null;
  data: T;
}

export interface FieldProblem {
  /** Dotted path of the offending field, e.g. `permissions.showSalary`. */
  field: string;
  message: string;
}

export const idParam = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    error: z.string().nullable(),
    data,
  });
}

/** The answer of a call that has nothing to return (deletes, logout): `data` is null. */
export const emptyEnvelope = envelopeOf(z.null());

/**
 * Every error answer: `success` false, a stable `error` code (VALIDATION_ERROR, UNAUTHORIZED,
 * FORBIDDEN, NOT_FOUND, CONFLICT, …), a message to show, and in `data` what the code adds (the
 * bad fields of a VALIDATION_ERROR), or null. Named, so the API document writes it once.
 */
export const errorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    error: z.string(),
    data: z
      .object({ fields: z.array(z.object({ field: z.string(), message: z.string() })).optional() })
      .catchall(z.unknown())
      .nullable(),
  })
  .meta({ id: 'ErrorEnvelope' });
