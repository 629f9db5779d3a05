import { z } from 'zod';
import { requiredId, requiredText } from '../common/fields.ts';
import { rowVersion, versionField } from '../common/stale-version.ts';
import { SETTING_NAME_MAX_LENGTH } from '../jobs/jobs.contract.ts';

const ORDER_MAX = 2_147_483_647;

/** Position of a grade in lists (0 first); the database column is a 32-bit integer. */
export const orderField = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'Order is required' : 'Order must be a number',
  })
  .int('Order must be a whole number')
  .min(0, 'Order must be 0 or more')
  .max(ORDER_MAX, `Order must be at most ${ORDER_MAX}`);

/** Without an order the grade goes last: its order is the current number of grades. */
export const createGradeBody = z.object({
  name: requiredText('Name', SETTING_NAME_MAX_LENGTH),
  order: orderField.optional(),
});
export type CreateGradeBody = z.input<typeof createGradeBody>;

/** An update sends name, order, or both. */
export const updateGradeBody = z
  .object({
    name: requiredText('Name', SETTING_NAME_MAX_LENGTH).optional(),
    order: orderField.optional(),
    version: versionField,
  })
  .refine((body) => body.name !== undefined || body.order !== undefined, {
    message: 'Name or Order is required',
    path: ['name'],
  });
export type UpdateGradeBody = z.input<typeof updateGradeBody>;
/** The bodies as the server has them once parsed. */
export type NewGrade = z.output<typeof createGradeBody>;
export type GradeChanges = z.output<typeof updateGradeBody>;

export const MAX_REORDER_GRADES = 1000;

/**
 * Every {id, order} pair of a reorder (grades, levels): each id and each order once.
 * `noun` is singular and capitalised ("Grade"), `plural` lower case ("grades").
 */
export const orderPairs = (noun: string, plural: string) =>
  z
    .array(z.object({ id: requiredId(noun), order: orderField }), {
      error: (issue) => {
        const Plural = plural[0]!.toUpperCase() + plural.slice(1);
        return issue.input === undefined ? `${Plural} are required` : `${Plural} must be a list`;
      },
    })
    .min(1, `${plural[0]!.toUpperCase() + plural.slice(1)} are required`)
    .max(MAX_REORDER_GRADES, `At most ${MAX_REORDER_GRADES} ${plural} can be reordered at once`)
    .superRefine((pairs, ctx) => {
      const seen = new Set<number>();
      const orders = new Set<number>();
      pairs.forEach((pair, index) => {
        if (seen.has(pair.id)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'id'],
            message: `${noun} ${pair.id} appears more than once`,
          });
        }
        if (orders.has(pair.order)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'order'],
            message: `Order ${pair.order} is given to more than one ${noun.toLowerCase()}`,
          });
        }
        seen.add(pair.id);
        orders.add(pair.order);
      });
    });

/** The Grades screen swaps two adjacent orders and sends every {id, order} pair. */
export const reorderGradesBody = z.object({ grades: orderPairs('Grade', 'grades') });
export type ReorderGradesBody = z.input<typeof reorderGradesBody>;
export type GradeOrder = z.output<typeof reorderGradesBody>;

export const gradeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  order: z.number().int(),
  version: rowVersion,
});
export type Grade = z.infer<typeof gradeSchema>;
