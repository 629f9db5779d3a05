import { z } from 'zod';
import { requiredText } from '../common/fields.ts';
import { ruleCalls } from '../common/rule-calls.ts';
import { SETTING_NAME_MAX_LENGTH } from '../jobs/jobs.contract.ts';

export const createLevelBody = z.object({
  name: requiredText('Name', SETTING_NAME_MAX_LENGTH),
});
export type CreateLevelBody = z.input<typeof createLevelBody>;

export const updateLevelBody = createLevelBody;
export type UpdateLevelBody = z.input<typeof updateLevelBody>;

/** Levels are listed in the order they were created (id ascending). */
export const levelSchema = z.object({ id: z.number().int(), name: z.string() });
export type Level = z.infer<typeof levelSchema>;

export const levelCalls = ruleCalls('/levels', 'Level', levelSchema, createLevelBody);
