/**
 * The only error the engine throws. Callers branch on `code`, never on the message; the message of
 * BASE_SALARY_NOT_FOUND is fixed by the spec because the web replaces it with its own text.
 */

export type SalaryEngineErrorCode = 'BASE_SALARY_NOT_FOUND' | 'INVALID_INPUT';

export const BASE_SALARY_NOT_FOUND_MESSAGE = 'Base salary not found for the given grade and level';

export class SalaryEngineError extends Error {
  readonly code: SalaryEngineErrorCode;

  constructor(code: SalaryEngineErrorCode, message: string) {
    super(message);
    this.name = 'SalaryEngineError';
    this.code = code;
  }
}

/**
 * Builds the INVALID_INPUT error for an integer input (cents, basis points) that is not a safe
 * integer in [min, max] (only on the failure path).
 */
export function invalidInteger(
  field: string,
  value: unknown,
  unit: string,
  min: number,
  max: number,
): SalaryEngineError {
  const problem =
    typeof value !== 'number' || !Number.isSafeInteger(value)
      ? `must be a whole number of ${unit} (got ${typeof value === 'string' ? `"${value}"` : String(value)})`
      : `must be between ${min} and ${max} ${unit} (got ${value})`;
  return new SalaryEngineError('INVALID_INPUT', `Invalid salary input: ${field} ${problem}`);
}

/** Builds the INVALID_INPUT error for a decimal the engine cannot take exactly (only on the failure path). */
export function invalidNumber(
  field: string,
  value: unknown,
  decimals: number,
  min: number,
  max: number,
): SalaryEngineError {
  let problem: string;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    // Quote strings so a numeric string from a database driver is recognisable in the message.
    problem = `must be a finite number (got ${typeof value === 'string' ? `"${value}"` : String(value)})`;
  } else if (value < min || value > max) {
    problem = `must be between ${min} and ${max} (got ${value})`;
  } else {
    problem = `must have at most ${decimals} decimals (got ${value})`;
  }
  return new SalaryEngineError('INVALID_INPUT', `Invalid salary input: ${field} ${problem}`);
}

export function invalidChoice(field: string, value: unknown, allowed: readonly string[]): SalaryEngineError {
  return new SalaryEngineError(
    'INVALID_INPUT',
    `Invalid salary input: ${field} must be one of ${allowed.join(', ')} (got ${String(value)})`,
  );
}
