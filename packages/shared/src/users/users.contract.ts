import { z } from 'zod';
import { userSchema } from '../auth/auth.contract.ts';
import { PASSWORD_MIN_LENGTH } from '../auth/password-rules.ts';
import { emailField, requiredSecret, requiredText } from '../common/fields.ts';
import { NO_PERMISSIONS, permissionsSchema } from '../common/permissions.ts';
import { versionField } from '../common/stale-version.ts';

/** The employee a user is (the one whose team Own team only limits them to); null: none. */
const linkedEmployee = z
  .number({ error: 'Employee must be an employee of the directory' })
  .int({ error: 'Employee must be an employee of the directory' })
  .positive({ error: 'Employee must be an employee of the directory' })
  .nullable()
  .describe("The id of the employee this user is; null: none. Own team only reads that employee's reports.");

export const createUserBody = z.object({
  email: emailField,
  name: requiredText('Name'),
  password: requiredSecret('Password', PASSWORD_MIN_LENGTH),
  permissions: permissionsSchema.default(NO_PERMISSIONS),
  employeeId: linkedEmployee.default(null),
});
export type CreateUserBody = z.input<typeof createUserBody>;

/** Only name and permissions change; email and password are fixed at creation. */
export const updateUserBody = z.object({
  name: requiredText('Name'),
  permissions: permissionsSchema,
  /** Left out: the link stays as it is. */
  employeeId: linkedEmployee.optional(),
  version: versionField,
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const userListData = z.object({ users: z.array(userSchema) });
