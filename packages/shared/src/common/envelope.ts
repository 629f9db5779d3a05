import { z } from 'zod';
import { MAX_ID } from './fields.ts';

/** Every API answer has this shape (spec §3 "Response envelope"). */
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
