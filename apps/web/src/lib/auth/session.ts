import { type SessionData, userSchema } from '@salary/shared/auth/auth.contract';
import { isRecord } from '../is-record.ts';

export const INVALID_RESPONSE_FORMAT = 'Invalid response format';
export const INVALID_RESPONSE_DATA_FORMAT = 'Invalid response data format';

/** An auth answer that arrived but cannot start a session. */
export class InvalidSessionResponseError extends Error {
  constructor(message: typeof INVALID_RESPONSE_FORMAT | typeof INVALID_RESPONSE_DATA_FORMAT) {
    super(message);
    this.name = 'InvalidSessionResponseError';
  }
}

/** Login and who-am-I answers must carry success, data.token and a well-formed data.user. */
export function parseSessionEnvelope(envelope: unknown): SessionData {
  if (!isRecord(envelope) || envelope.success !== true) {
    throw new InvalidSessionResponseError(INVALID_RESPONSE_FORMAT);
  }
  const { data } = envelope;
  if (!isRecord(data) || typeof data.token !== 'string' || data.token === '' || !isRecord(data.user)) {
    throw new InvalidSessionResponseError(INVALID_RESPONSE_DATA_FORMAT);
  }
  const user = userSchema.safeParse(data.user);
  if (!user.success) throw new InvalidSessionResponseError(INVALID_RESPONSE_DATA_FORMAT);
  return { token: data.token, user: user.data };
}
