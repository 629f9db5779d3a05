import { z } from 'zod';
import { emailField, requiredSecret } from '../common/fields.ts';
import { permissionsSchema } from '../common/permissions.ts';

export const PASSWORD_MIN_LENGTH = 8;

export const loginBody = z.object({
  email: emailField,
  password: requiredSecret('Password'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const changePasswordBody = z.object({
  currentPassword: requiredSecret('Current password'),
  newPassword: requiredSecret('New password', PASSWORD_MIN_LENGTH),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  isAdmin: z.boolean(),
  role: z.enum(['admin', 'user']),
  permissions: permissionsSchema,
});
export type User = z.infer<typeof userSchema>;

export const sessionData = z.object({ token: z.string(), user: userSchema });
export type SessionData = z.infer<typeof sessionData>;
