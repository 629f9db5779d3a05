import type { Envelope } from '@salary/shared/common/envelope';

/** A successful envelope. */
export function ok<T>(data: T, message = 'OK'): Envelope<T> {
  return { success: true, message, error: null, data };
}
