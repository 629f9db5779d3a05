import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { InvalidSessionResponseError } from '../../lib/auth/session.ts';
import { loginErrorMessage } from './login-error-message.ts';

describe('loginErrorMessage', () => {
  it("shows the server's message", () => {
    const error = new ApiError({
      status: 401,
      message: 'Invalid email or password',
      error: 'X',
      fromServer: true,
    });
    expect(loginErrorMessage(error)).toBe('Invalid email or password');
  });

  it("says 'Unable to connect to server' when nothing answered", () => {
    const error = new ApiError({ message: 'No response received from server', error: 'Network error' });
    expect(loginErrorMessage(error)).toBe('Unable to connect to server');
  });

  it.each([
    new ApiError({ status: 500, message: 'An error occurred', error: null }),
    new InvalidSessionResponseError('Invalid response format'),
    new Error('boom'),
  ])("falls back to 'Login failed' (%s)", (error) => {
    expect(loginErrorMessage(error)).toBe('Login failed');
  });
});
