import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { importProblemsOf } from './import-employees.ts';

const refused = (details: unknown) =>
  new ApiError({
    status: 400,
    message: 'The file has 1 problems; nothing was imported.',
    error: 'X',
    details,
  });

describe('importProblemsOf', () => {
  it('reads the problem list of a refused import', () => {
    const problems = [{ row: 4, column: 'Grade', message: 'Grade "X" not found' }];
    expect(importProblemsOf(refused({ created: 0, updated: 0, problems }))).toEqual(problems);
  });

  it('is null for failures without problems', () => {
    expect(importProblemsOf(refused(null))).toBeNull();
    expect(importProblemsOf(refused({ created: 0, updated: 0, problems: [] }))).toBeNull();
    expect(importProblemsOf(refused({ fields: [] }))).toBeNull();
    expect(importProblemsOf(new Error('boom'))).toBeNull();
  });
});
