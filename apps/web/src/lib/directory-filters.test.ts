import { describe, expect, it } from 'vitest';
import { filterQuery, filtersFromParams, hasFilters, withFilters } from './directory-filters.ts';

describe('the directory filters in the address', () => {
  it('reads every filter with the shared schema', () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        'name=%20M%C3%BCller%20&technologyId=3&positionId=4&gradeId=5&levelId=6&salaryFrom=100&salaryTo=200.5',
      ),
    );
    expect(filters).toEqual({
      name: 'Müller',
      technologyId: 3,
      positionId: 4,
      gradeId: 5,
      levelId: 6,
      salaryFrom: 100,
      salaryTo: 200.5,
    });
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters(filtersFromParams(new URLSearchParams('sort=name')))).toBe(false);
  });

  it('drops only the bad part of a hand-edited link', () => {
    expect(filtersFromParams(new URLSearchParams('gradeId=abc&levelId=2'))).toEqual({ levelId: 2 });
    // A range the wrong way round cannot be half right: both ends go.
    expect(filtersFromParams(new URLSearchParams('salaryFrom=900&salaryTo=100&gradeId=1'))).toEqual({
      gradeId: 1,
    });
    expect(filtersFromParams(new URLSearchParams('salaryFrom=-5'))).toEqual({});
  });

  it('writes filters and keeps the rest of the address', () => {
    const next = withFilters(new URLSearchParams('sort=name&gradeId=1'), { levelId: 2, name: 'ana' });
    expect(next.toString()).toBe('sort=name&name=ana&levelId=2');
    expect(filterQuery({})).toBe('');
    expect(filterQuery({ technologyId: 7 })).toBe('?technologyId=7');
  });
});
