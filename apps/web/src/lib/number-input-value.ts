import { z } from 'zod';

/**
 * What a number input holds: a number, or a string while it is empty or half typed ('', '-', '1.').
 * Form schemas accept either and pipe into the shared contract, whose own messages then say
 * "… is required" for the empty string and "… must be a number" for the rest.
 */
export const numberInputValue = z.union([z.number(), z.string()]);
export type NumberInputValue = z.infer<typeof numberInputValue>;
