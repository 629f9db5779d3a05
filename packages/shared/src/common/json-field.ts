import { z } from 'zod';

/**
 * A field the spec's client sends as a JSON string (benefits, customMultipliers) that we
 * also accept already parsed. A string that is not JSON is a 400 naming the field.
 */
export function jsonField<T extends z.ZodType>(label: string, schema: T) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${label} is not valid JSON`, input: value });
      return z.NEVER;
    }
  }, schema);
}
