import { z } from 'zod';
import { requiredText } from '../common/fields.ts';
import { rowVersion, versionField } from '../common/stale-version.ts';
import { orderField, orderPairs } from '../grades/grades.contract.ts';
import { SETTING_NAME_MAX_LENGTH } from '../jobs/jobs.contract.ts';

/** A new level goes last: its order is the current number of levels. */
export const createLevelBody = z.object({
  name: requiredText('Name', SETTING_NAME_MAX_LENGTH),
});
export type CreateLevelBody = z.input<typeof createLevelBody>;

export const updateLevelBody = createLevelBody.extend({ version: versionField });
export type UpdateLevelBody = z.input<typeof updateLevelBody>;

/** The Levels screen swaps two adjacent orders and sends every {id, order} pair, as grades do. */
export const reorderLevelsBody = z.object({ levels: orderPairs('Level', 'levels') });
export type ReorderLevelsBody = z.input<typeof reorderLevelsBody>;
export type LevelOrder = z.output<typeof reorderLevelsBody>;

/** Levels are listed by order (0 first), junior to senior as the company arranged them. */
export const levelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  order: orderField,
  version: rowVersion,
});
export type Level = z.infer<typeof levelSchema>;
