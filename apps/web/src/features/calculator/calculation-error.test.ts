import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { calculationErrorMessage } from './calculation-error.ts';

const fromServer = (message: string, error: string | null = null, status = 400) =>
  new ApiError({ status, message, error, fromServer: true });

describe('calculationErrorMessage', () => {
  it('replaces the missing base salary message with what to do about it', () => {
    const error = fromServer(
      'Base salary not found for the given grade and level',
      'BASE_SALARY_NOT_FOUND',
      422,
    );
    expect(calculationErrorMessage(error)).toBe(
      'Please configure base salary for the selected grade and level first',
    );
  });

  it('passes any other server message through, e.g. a missing permission', () => {
    const error = fromServer('You do not have permission to see salaries', 'FORBIDDEN', 403);
    expect(calculationErrorMessage(error)).toBe('You do not have permission to see salaries');
  });

  it("falls back to 'Error calculating salary'", () => {
    expect(
      calculationErrorMessage(
        new ApiError({ message: 'No response received from server', error: 'Network error' }),
      ),
    ).toBe('Error calculating salary');
    expect(calculationErrorMessage(new Error('boom'))).toBe('Error calculating salary');
  });
});
