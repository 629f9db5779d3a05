import { z } from 'zod';
import { emailField, requiredSecret } from '../common/fields.ts';
import { permissionsSchema } from '../common/permissions.ts';
import { PASSWORD_MIN_LENGTH } from './password-rules.ts';

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
  /** The employee this user is: with Own team only, the user reads that employee's reports. */
  employeeId: z.number().int().nullable(),
  /** The version this user was read at (the user list and its writes; not the signed-in user). */
  version: z.number().int().optional(),
});
export type User = z.infer<typeof userSchema>;

export const sessionData = z.object({ token: z.string(), user: userSchema });
export type SessionData = z.infer<typeof sessionData>;

/** One sign-in session, as the session lists show it (never the token). */
export const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  address: z.string().nullable(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListData = z.object({ sessions: z.array(sessionSchema) });
export type SessionListData = z.infer<typeof sessionListData>;

/** DELETE of sessions: how many were ended. */
export const endedSessionsData = z.object({ ended: z.number().int().min(0) });
export type EndedSessionsData = z.infer<typeof endedSessionsData>;
