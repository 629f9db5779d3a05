import { describe, expect, it } from 'vitest';
import type { StoredEmployee } from '../../src/modules/excel/excel.repository.ts';
import {
  conflictMessages,
  createImportPlanner,
  type PlanRow,
  planImport,
} from '../../src/modules/excel/import.plan.ts';
import { mapHeader, parseRow } from '../../src/modules/excel/import-rows.reader.ts';
import { buildNameBook } from '../../src/modules/excel/name-book.model.ts';
import {
  decodeIdRuns,
  encodeIdRuns,
  fingerprint,
  type RowKey,
} from '../../src/modules/excel/row-key.model.ts';
import type { CellValue } from '../../src/modules/excel/sheet-cells.model.ts';
import { IMPORT_HEADER, SMALL_COMPANY } from './excel-files.ts';

/*
 * The import's decisions, pure: rows against stored employees and the rows' hidden keys.
 * The database-backed cases (real exports, real transactions) are in excel-conflicts.routes.test.ts.
 */

const refs = SMALL_COMPANY;
const book = buildNameBook(refs);
const columns = mapHeader(IMPORT_HEADER).indexes;
const INSTALLATION = 'here';

const people: Record<number, { name: string; job: 'Backend' | 'Frontend' }> = {
  1: { name: 'Ada', job: 'Backend' },
  2: { name: 'Grace', job: 'Frontend' },
  3: { name: 'Linus', job: 'Backend' },
  4: { name: 'Barbara', job: 'Frontend' },
};

function stored(id: number, version = 1, over: Partial<StoredEmployee['fields']> = {}): StoredEmployee {
  const p = people[id]!;
  const backend = p.job === 'Backend';
  return {
    id,
    version,
    updatedAt: new Date('2026-11-23T10:00:00Z'),
    updatedBy: 'ana@example.com',
    customMultiplierIds: [],
    payComponents: [],
    excludedBenefits: [],
    fields: {
      name: p.name,
      jobId: backend ? 1 : 2,
      positionId: backend ? 10 : 20,
      gradeId: 100,
      levelId: 200,
      yearsExperience: 5,
      yearsWithCompany: 1,
      offshoreProject: false,
      actingAsDifferentGrade: false,
      pillar: false,
      remote: false,
      gender: 'UNDISCLOSED',
      hireDate: null,
      careerStartDate: null,
      leaveDate: null,
      weeklyHours: 40,
      ...over,
    },
  };
}

function sheetRow(
  rowNumber: number,
  id: number | null,
  person: { name: string; job: string },
  over: Record<string, CellValue> = {},
) {
  const values: Record<string, CellValue> = {
    ID: id,
    Name: person.name,
    Job: person.job,
    Position: person.job === 'Backend' ? 'API Developer' : 'UI Developer',
    Grade: 'G1',
    Level: 'Senior',
    'Years of Experience': 5,
    'Years with Company': 1,
    'Base on Project': 'No',
    'Acting as Different Grade': 'No',
    Pillar: 'No',
    Remote: 'No',
    ...over,
  };
  return { rowNumber, cells: IMPORT_HEADER.map((h) => values[h] ?? null) };
}

const keyOf = (id: number, version = 1, installation = INSTALLATION): RowKey => ({
  installation,
  id,
  version,
  fingerprint: fingerprint(people[id]!.name, people[id]!.job),
  salaryCents: null,
  costCents: null,
});

function plan(rows: PlanRow[], over: Partial<Parameters<typeof planImport>[1]> = {}) {
  return planImport(rows, {
    stored: new Map([1, 2, 3].map((id) => [id, stored(id)])),
    sameName: [],
    installation: INSTALLATION,
    refs,
    exportedIds: null,
    options: { overwrite: [], createDuplicates: [] },
    ...over,
  });
}

/** The export's three rows, each with its key; `edit` changes cells of one row. */
function exportRows(edit: Record<number, Record<string, CellValue>> = {}): PlanRow[] {
  return [1, 2, 3].map((id, i) => ({
    parsed: parseRow(sheetRow(i + 2, id, people[id]!, edit[id]), columns, book),
    key: keyOf(id),
  }));
}

describe('planImport', () => {
  it('an unchanged export is all unchanged', () => {
    const p = plan(exportRows());
    expect([p.unchanged, p.updates.length, p.creates.length, p.conflictCount]).toEqual([3, 0, 0, 0]);
  });

  it('an edit is a change with exactly its fields, before → after', () => {
    const p = plan(exportRows({ 2: { 'Years of Experience': 7, Remote: 'Yes' } }));
    expect(p.changes).toEqual([
      {
        row: 3,
        id: 2,
        name: 'Grace',
        changes: [
          {
            field: 'yearsExperience',
            label: 'Years of Experience',
            before: 5,
            after: 7,
            beforeText: '5',
            afterText: '7',
          },
          {
            field: 'remote',
            label: 'Remote',
            before: false,
            after: true,
            beforeText: 'No',
            afterText: 'Yes',
          },
        ],
      },
    ]);
    expect(p.unchanged).toBe(2);
  });

  it('a row whose employee changed in the app since the export is a conflict naming when and by whom', () => {
    const rows = exportRows({ 1: { Remote: 'Yes' } });
    const p = plan(rows, {
      stored: new Map([
        [1, stored(1, 2)],
        [2, stored(2)],
        [3, stored(3)],
      ]),
    });
    expect(p.updates).toEqual([]);
    expect(p.conflicts).toMatchObject([
      {
        row: 2,
        id: 1,
        reason: 'changedInApp',
        message: 'Changed in the app on Nov 23, 2026 by ana@example.com, after this file was exported',
        changedBy: 'ana@example.com',
        applied: false,
      },
    ]);
    // Ticked, it is applied.
    const ticked = plan(rows, {
      stored: new Map([
        [1, stored(1, 2)],
        [2, stored(2)],
        [3, stored(3)],
      ]),
      options: { overwrite: [1], createDuplicates: [] },
    });
    expect(ticked.updates.map((u) => u.id)).toEqual([1]);
    expect(ticked.conflicts[0]?.applied).toBe(true);
  });

  it('the sort slip (names and jobs moved, IDs and keys stayed) makes every moved row a conflict', () => {
    // Sorted by name descending without the ID and key columns: Linus, Grace, Ada.
    const order = [3, 2, 1];
    const rows: PlanRow[] = [1, 2, 3].map((id, i) => ({
      parsed: parseRow(sheetRow(i + 2, id, people[order[i]!]!), columns, book),
      key: keyOf(id),
    }));
    const p = plan(rows);
    expect(p.updates).toEqual([]);
    expect(p.conflicts.map((c) => [c.id, c.reason])).toEqual([
      [1, 'doesNotLineUp'],
      [3, 'doesNotLineUp'],
    ]);
    expect(p.conflicts[0]?.message).toBe(conflictMessages.shiftedName(3));
    expect(p.unchanged).toBe(1);
  });

  it('the sort slip with the key moving along with the names is caught by the key', () => {
    const order = [3, 2, 1];
    const rows: PlanRow[] = [1, 2, 3].map((id, i) => ({
      parsed: parseRow(sheetRow(i + 2, id, people[order[i]!]!), columns, book),
      key: keyOf(order[i]!),
    }));
    expect(plan(rows).conflicts.map((c) => c.message)).toEqual([
      conflictMessages.shiftedKey(3),
      conflictMessages.shiftedKey(1),
    ]);
  });

  it('a rename in an exported file is a change, not a slip', () => {
    const p = plan(exportRows({ 2: { Name: 'Grace Hopper' } }));
    expect(p.conflicts).toEqual([]);
    expect(p.changes[0]?.changes.map((c) => c.field)).toEqual(['name']);
  });

  it("another installation's export: every differing row is a conflict", () => {
    const rows = [1, 2].map((id, i) => ({
      parsed: parseRow(sheetRow(i + 2, id, { name: `Stranger ${id}`, job: 'Backend' }), columns, book),
      key: keyOf(id, 1, 'elsewhere'),
    }));
    expect(plan(rows).conflicts.map((c) => c.reason)).toEqual(['otherInstallation', 'otherInstallation']);
  });

  it('a hand-made row with an ID: another name does not line up; the same name has no version', () => {
    const rows = [
      { parsed: parseRow(sheetRow(2, 1, { name: 'Somebody', job: 'Backend' }), columns, book), key: null },
      { parsed: parseRow(sheetRow(3, 2, people[2]!, { Pillar: 'Yes' }), columns, book), key: null },
    ];
    expect(plan(rows).conflicts.map((c) => c.reason)).toEqual(['doesNotLineUp', 'noVersion']);
  });

  it('a new row with the name and job of an existing employee is a possible duplicate unless ticked', () => {
    const rows = [
      { parsed: parseRow(sheetRow(2, null, { name: ' ada ', job: 'Backend' }), columns, book), key: null },
      { parsed: parseRow(sheetRow(3, null, { name: 'Ada', job: 'Frontend' }), columns, book), key: null },
    ];
    const sameName = [{ id: 1, nameKey: 'ada', jobId: 1 }];
    const p = plan(rows, { sameName });
    expect(p.duplicates).toEqual([{ row: 2, name: 'ada', job: 'Backend', matches: [1], applied: false }]);
    expect(p.creates.map((c) => c.row)).toEqual([3]);
    const ticked = plan(rows, { sameName, options: { overwrite: [], createDuplicates: [2] } });
    expect(ticked.creates.map((c) => c.row)).toEqual([2, 3]);
  });

  it("skips the old template's example row with a notice", () => {
    const example = sheetRow(
      2,
      null,
      { name: 'Jane Doe', job: 'Backend' },
      {
        'Years of Experience': 3,
        'Years with Company': 1,
        Remote: 'Yes',
      },
    );
    const p = plan([{ parsed: parseRow(example, columns, book), key: null }]);
    expect(p.creates).toEqual([]);
    expect(p.notices).toEqual([
      { row: 2, message: "Row 2 is the template's example (Jane Doe) and was skipped" },
    ]);
  });

  it('edited calculated columns and rows deleted from the export are ignored edits', () => {
    const rows = exportRows().slice(0, 2);
    rows[0] = { ...rows[0]!, key: { ...rows[0]!.key!, salaryCents: 500_000 }, salary: 6000 };
    rows[1] = { ...rows[1]!, key: { ...rows[1]!.key!, salaryCents: 500_000 }, salary: 5000 };
    const p = plan(rows, { exportedIds: [1, 2, 3] });
    expect(p.ignoredEdits).toEqual([
      { row: 2, message: 'Calculated Salary is calculated by the app; the edit in this row is ignored' },
      {
        row: null,
        message:
          '1 employee of the export is not in the file (ID 3): deleting a row does not delete the employee',
      },
    ]);
    expect(p.updates).toEqual([]);
  });
});

describe('the planner, a slice at a time', () => {
  it('decides a file slice by slice exactly as whole, and finds every problem before the first slice', () => {
    const edited = exportRows({
      1: { Name: 'Ada Lovelace' },
      2: { Name: 'Grace Hopper' },
      3: { 'Years of Experience': 9 },
    });
    const rows: PlanRow[] = [
      ...edited,
      { parsed: parseRow(sheetRow(5, null, { name: 'Ada', job: 'Backend' }), columns, book), key: null },
      { parsed: parseRow(sheetRow(6, null, { name: 'Edsger', job: 'Frontend' }), columns, book), key: null },
    ];
    rows[1] = { ...rows[1]!, key: { ...rows[1]!.key!, version: 2 }, salary: 1 };
    const ctx = {
      sameName: [{ id: 1, nameKey: 'ada', jobId: 1 }],
      installation: INSTALLATION,
      refs,
      exportedIds: [1, 2, 3, 4],
      options: { overwrite: [], createDuplicates: [] },
    };
    const storedNow = new Map([1, 2, 3, 4].map((id) => [id, stored(id, id === 2 ? 3 : 1)]));
    const whole = planImport(rows, { ...ctx, stored: storedNow });
    for (const size of [1, 2, 4]) {
      const planner = createImportPlanner(rows, { ...ctx, existing: new Set(storedNow.keys()) });
      expect(planner.plan.problems).toEqual([]);
      const creates: unknown[] = [];
      const updates: unknown[] = [];
      const held: unknown[] = [];
      for (let start = 0; start < rows.length; start += size) {
        const slice = rows.slice(start, start + size);
        const read = new Map(planner.idsOf(slice).map((id) => [id, storedNow.get(id)!]));
        const decided = planner.decide(slice, read);
        creates.push(...decided.creates);
        updates.push(...decided.updates);
        held.push(...decided.held);
      }
      expect({ ...planner.finish(), creates, updates, held }).toEqual(whole);
    }
    expect([whole.created, whole.updated, whole.unchanged, whole.duplicateCount]).toEqual([1, 2, 0, 1]);
    expect(whole.conflicts.map((c) => c.id)).toEqual([2]);
  });

  it('an ID twice or unknown is a problem before any row is read, and such rows are never read', () => {
    const rows = [...exportRows(), exportRows()[0]!];
    rows[3] = { ...rows[3]!, parsed: { ...rows[3]!.parsed, rowNumber: 5 } };
    const planner = createImportPlanner(rows, {
      existing: new Set([1, 2]),
      sameName: [],
      installation: INSTALLATION,
      refs,
      exportedIds: null,
      options: { overwrite: [], createDuplicates: [] },
    });
    expect(planner.plan.problems.map((p) => [p.row, p.message])).toEqual([
      [4, 'No employee has ID 3'],
      [5, 'ID 1 is also on row 2'],
    ]);
    expect(planner.idsOf(rows)).toEqual([1, 2]);
  });
});

describe('ID runs', () => {
  it.each([[[]], [[1, 2, 3, 5, 7, 8, 9, 20]], [[4]]])('%j round-trips', (ids) => {
    expect(decodeIdRuns(encodeIdRuns(ids))).toEqual(ids);
  });
  it('writes runs compactly', () => expect(encodeIdRuns([1, 2, 3, 5, 7, 8])).toBe('1-3,5,7-8'));
});
