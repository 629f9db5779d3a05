import { errorMessage, isApiError } from '../../lib/api-error.ts';

export const BASE_SALARY_NOT_FOUND_MESSAGE = 'Base salary not found for the given grade and level';
const BASE_SALARY_HINT = 'Please configure base salary for the selected grade and level first';

/** The server's message, else 'Error calculating salary'; a missing base salary gets a hint. */
export function calculationErrorMessage(error: unknown): string {
  const message = errorMessage(error, 'Error calculating salary');
  const missingBase =
    message === BASE_SALARY_NOT_FOUND_MESSAGE ||
    (isApiError(error) && error.error === 'BASE_SALARY_NOT_FOUND');
  return missingBase ? BASE_SALARY_HINT : message;
}
