import { z } from 'zod';
import { requiredText } from '../common/fields.ts';

/*
 * Which of the company's benefits (Settings → Benefits) an employee receives: every one unless
 * it is left out. Benefits have no ids, so the choice keeps the names of those not received
 * (docs/decisions/0030-individual-pay.md): a benefit added later is received by everyone, as
 * before. Dated like the employee's other pay (effectiveFrom).
 */

/** Benefits not received, by name, as a request names them (each name once, case ignored). */
export const excludedBenefitsSchema = z
  .array(requiredText('Benefit'), { error: 'Benefits not received must be a list of benefit names' })
  .max(100, 'At most 100 benefits can be left out')
  .transform((names) => {
    const seen = new Set<string>();
    return names.filter((n) => {
      const key = n.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** PUT /api/employees/{id}/benefits: the benefits the employee does not receive from `effectiveFrom`. */
export const benefitChoiceBody = z.object({
  excludedBenefits: excludedBenefitsSchema,
  /** The employee's version the form was read at: another save since answers 409. */
  version: z.number().int().optional(),
});
export type BenefitChoiceBody = z.infer<typeof benefitChoiceBody>;

/** The choice in force as of a day: each company benefit with whether it is received. */
export const benefitChoiceViewSchema = z.object({
  employeeId: z.number().int(),
  benefits: z.array(z.object({ name: z.string(), received: z.boolean() })),
  /** As stored: may name a benefit since removed from the settings (it then leaves nothing out). */
  excludedBenefits: z.array(z.string()),
  version: z.number().int(),
});
export type BenefitChoiceView = z.infer<typeof benefitChoiceViewSchema>;

/** Header of the export's and the import's column. */
export const BENEFITS_NOT_RECEIVED = 'Benefits Not Received';
