import { z } from 'zod';
import { requiredId, requiredText } from '../common/fields.ts';
import { rowVersion, versionField } from '../common/stale-version.ts';
import { jobSummarySchema, SETTING_NAME_MAX_LENGTH } from '../jobs/jobs.contract.ts';

export const createPositionBody = z.object({
  name: requiredText('Name', SETTING_NAME_MAX_LENGTH),
  jobId: requiredId('Job'),
});
export type CreatePositionBody = z.input<typeof createPositionBody>;

/** The edit modal sends both fields; a changed jobId moves the position to that job. */
export const updatePositionBody = createPositionBody.extend({ version: versionField });
export type UpdatePositionBody = z.input<typeof updatePositionBody>;

/** `GET /positions?jobId=`: without a job (absent or empty) every position is listed. */
export const listPositionsQuery = z.object({
  jobId: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: () => 'Job must be a valid id' })
      .int('Job must be a valid id')
      .positive('Job must be a valid id')
      .max(2_147_483_647, 'Job must be a valid id')
      .optional(),
  ),
});
export type ListPositionsQuery = z.input<typeof listPositionsQuery>;

export const positionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  jobId: z.number().int(),
  job: jobSummarySchema,
  version: rowVersion,
});
export type Position = z.infer<typeof positionSchema>;

export const positionSummarySchema = z.object({ id: z.number().int(), name: z.string() });
export type PositionSummary = z.infer<typeof positionSummarySchema>;
