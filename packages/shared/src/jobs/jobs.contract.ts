import { z } from 'zod';
import { requiredText } from '../common/fields.ts';
import { rowVersion, versionField } from '../common/stale-version.ts';

/** Setting names (jobs, positions, grades, levels) are short labels shown in selects and tables. */
export const SETTING_NAME_MAX_LENGTH = 100;

export const createJobBody = z.object({
  name: requiredText('Name', SETTING_NAME_MAX_LENGTH),
});
export type CreateJobBody = z.input<typeof createJobBody>;

/** A job is only renamed; its positions move through the positions API. */
export const updateJobBody = createJobBody.extend({ version: versionField });
export type UpdateJobBody = z.input<typeof updateJobBody>;

export const jobSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The Jobs table's "Positions" column (Job has `_count.positions`). */
  _count: z.object({ positions: z.number().int() }),
  version: rowVersion,
});
export type Job = z.infer<typeof jobSchema>;

/** How positions, factors and employees show their job. */
export const jobSummarySchema = z.object({ id: z.number().int(), name: z.string() });
export type JobSummary = z.infer<typeof jobSummarySchema>;
