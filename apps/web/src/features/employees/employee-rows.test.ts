import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, sortEmployees, sortFromParams, toggleSort, withSort, yesNo } from './employee-rows.ts';

interface Row {
  id: number;
  name: string;
  yearsExperience: number;
  yearsWithCompany: number;
  calculatedSalary?: number | null;
  accumulatedCost?: number | null;
}

const row = (id: number, over: Partial<Row> = {}): Row => ({
  id,
  name: `Person ${id}`,
  yearsExperience: 0,
  yearsWithCompany: 0,
  ...over,
});

const ids = (rows: readonly Row[]) => rows.map((r) => r.id);

describe('toggleSort', () => {
  it('starts on ID ascending', () => {
    expect(DEFAULT_SORT).toEqual({ column: 'id', direction: 'asc' });
  });

  it('flips the sorted column and starts another one ascending', () => {
    const desc = toggleSort(DEFAULT_SORT, 'id');
    expect(desc).toEqual({ column: 'id', direction: 'desc' });
    expect(toggleSort(desc, 'id')).toEqual({ column: 'id', direction: 'asc' });
    expect(toggleSort(desc, 'calculatedSalary')).toEqual({ column: 'calculatedSalary', direction: 'asc' });
  });
});

describe('sortEmployees', () => {
  const rows = [
    row(3, { yearsExperience: 5, calculatedSalary: 3000 }),
    row(1, { yearsExperience: 10, calculatedSalary: null }),
    row(4, { yearsExperience: 5, calculatedSalary: 1000.5 }),
    row(2, { yearsExperience: 1, calculatedSalary: 2000 }),
  ];

  it('sorts by ID either way', () => {
    expect(ids(sortEmployees(rows, { column: 'id', direction: 'asc' }))).toEqual([1, 2, 3, 4]);
    expect(ids(sortEmployees(rows, { column: 'id', direction: 'desc' }))).toEqual([4, 3, 2, 1]);
  });

  it('breaks ties by ID ascending in both directions', () => {
    expect(ids(sortEmployees(rows, { column: 'yearsExperience', direction: 'asc' }))).toEqual([2, 3, 4, 1]);
    expect(ids(sortEmployees(rows, { column: 'yearsExperience', direction: 'desc' }))).toEqual([1, 3, 4, 2]);
  });

  it('keeps employees without a salary last, ascending or descending', () => {
    expect(ids(sortEmployees(rows, { column: 'calculatedSalary', direction: 'asc' }))).toEqual([4, 2, 3, 1]);
    expect(ids(sortEmployees(rows, { column: 'calculatedSalary', direction: 'desc' }))).toEqual([3, 2, 4, 1]);
  });

  it('treats an absent figure (no permission) like a missing one', () => {
    const withoutCost = [row(2), row(1, { accumulatedCost: 5 })];
    expect(ids(sortEmployees(withoutCost, { column: 'accumulatedCost', direction: 'desc' }))).toEqual([1, 2]);
  });

  it('leaves its input alone', () => {
    const before = ids(rows);
    sortEmployees(rows, { column: 'id', direction: 'desc' });
    expect(ids(rows)).toEqual(before);
  });
});

describe('sort by name', () => {
  it('orders names alphabetically, ignoring case and accents, numbers by value', () => {
    const rows = [
      row(1, { name: 'émile' }),
      row(2, { name: 'Zoe' }),
      row(3, { name: 'Emma' }),
      row(4, { name: 'Bo 10' }),
      row(5, { name: 'Bo 9' }),
    ];
    expect(ids(sortEmployees(rows, { column: 'name', direction: 'asc' }))).toEqual([5, 4, 1, 3, 2]);
    expect(ids(sortEmployees(rows, { column: 'name', direction: 'desc' }))).toEqual([2, 3, 1, 4, 5]);
  });
});

describe('sort in the address', () => {
  it('round-trips a sort and leaves the default out of the address', () => {
    const sort = { column: 'name', direction: 'desc' } as const;
    const params = withSort(new URLSearchParams('gradeId=2'), sort);
    expect(params.toString()).toBe('gradeId=2&sort=name&direction=desc');
    expect(sortFromParams(params)).toEqual(sort);
    expect(withSort(params, DEFAULT_SORT).toString()).toBe('gradeId=2');
  });

  it('falls back to the default for an unknown column', () => {
    expect(sortFromParams(new URLSearchParams('sort=password&direction=desc'))).toEqual(DEFAULT_SORT);
  });
});

describe('yesNo', () => {
  it('reads booleans as Yes and No', () => {
    expect(yesNo(true)).toBe('Yes');
    expect(yesNo(false)).toBe('No');
  });
});

describe('sort by Job, Grade and Level', () => {
  const ref = (id: number, name: string) => ({ id, name });
  const staff = [
    { id: 1, name: 'A', technology: ref(1, 'QA'), grade: ref(10, 'G3'), level: ref(20, 'Junior') },
    { id: 2, name: 'B', technology: ref(2, 'backend'), grade: ref(11, 'G1'), level: ref(21, 'Senior') },
    { id: 3, name: 'C', technology: ref(3, 'Data'), grade: ref(12, 'G2'), level: ref(22, 'Mid') },
  ];
  // The company's own order: G1 < G2 < G3 is not the ids' order; Junior < Mid < Senior is not A→Z.
  const ranks = {
    grade: new Map([
      [11, 0],
      [12, 1],
      [10, 2],
    ]),
    level: new Map([
      [20, 0],
      [22, 1],
      [21, 2],
    ]),
  };

  it('sorts Job by name, any letter case, both ways', () => {
    expect(sortEmployees(staff, { column: 'technology', direction: 'asc' }, ranks).map((e) => e.id)).toEqual([
      2, 3, 1,
    ]);
    expect(sortEmployees(staff, { column: 'technology', direction: 'desc' }, ranks).map((e) => e.id)).toEqual(
      [1, 3, 2],
    );
  });

  it('sorts Grade and Level by their order in Settings, not by name or id', () => {
    expect(sortEmployees(staff, { column: 'grade', direction: 'asc' }, ranks).map((e) => e.id)).toEqual([
      2, 3, 1,
    ]);
    expect(sortEmployees(staff, { column: 'level', direction: 'asc' }, ranks).map((e) => e.id)).toEqual([
      1, 3, 2,
    ]);
    expect(sortEmployees(staff, { column: 'level', direction: 'desc' }, ranks).map((e) => e.id)).toEqual([
      2, 3, 1,
    ]);
  });

  it('reads the new sort keys from the address', () => {
    expect(sortFromParams(new URLSearchParams('sort=level&direction=desc'))).toEqual({
      column: 'level',
      direction: 'desc',
    });
  });
});
