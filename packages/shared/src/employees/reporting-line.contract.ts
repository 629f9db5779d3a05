import { z } from 'zod';

const NOT_AN_EMPLOYEE = 'Manager must be an employee of the directory';

/** PUT /api/employees/{id}/manager: whom the employee reports to (null: no one). */
export const managerBody = z.object({
  managerId: z
    .number({
      error: (issue) => (issue.input === undefined ? 'Manager is required (null for none)' : NOT_AN_EMPLOYEE),
    })
    .int({ error: NOT_AN_EMPLOYEE })
    .positive({ error: NOT_AN_EMPLOYEE })
    .nullable()
    .describe('The id of the employee this one reports to; null: no one.'),
});
export type ManagerBody = z.input<typeof managerBody>;
