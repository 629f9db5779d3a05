import { describe, expect, it } from 'vitest';
import { importMessages, mapHeader, parseRow } from '../../src/modules/excel/import-rows.reader.ts';
import { buildNameBook } from '../../src/modules/excel/name-book.model.ts';
import {
  type CellValue,
  collectSheet,
  parseId,
  parseYesNo,
  SheetError,
  type SheetRow,
} from '../../src/modules/excel/sheet-cells.model.ts';
import { IMPORT_HEADER, SMALL_COMPANY } from './excel-files.ts';

/*
 * The import's pure core, case by case: no database, no files. Ids are made up; the
 * names follow a small company with two jobs.
 */

const book = buildNameBook(SMALL_COMPANY);
const columns = mapHeader(IMPORT_HEADER).indexes;

/** A data row in the template's column order; `over` replaces cells by header. */
function row(over: Record<string, CellValue> = {}, rowNumber = 2): SheetRow {
  const base: Record<string, CellValue> = {
    ID: null,
    Name: 'Ada Lovelace',
    Job: 'Backend',
    Position: 'API Developer',
    Grade: 'G1',
    Level: 'Senior',
    'Years of Experience': 5,
    'Years with Company': 2.5,
    'Base on Project': 'No',
    'Acting as Different Grade': 'No',
    Pillar: 'Yes',
    Remote: null,
  };
  const values = { ...base, ...over };
  return { rowNumber, cells: IMPORT_HEADER.map((h) => values[h] ?? null) };
}

describe('mapHeader', () => {
  it.each([
    ['the template header', IMPORT_HEADER, []],
    ['without ID (it is optional)', IMPORT_HEADER.slice(1), []],
    [
      'any case, extra spaces, another order',
      [
        '  name ',
        'JOB',
        'position',
        'grade',
        'LEVEL',
        'years  of experience',
        'Years With Company',
        'base on project',
        'acting as different grade',
        'pillar',
        'remote',
      ],
      [],
    ],
    ['with the export-only money columns', [...IMPORT_HEADER, 'Calculated Salary', 'Total Cost'], []],
    [
      "the list's own titles (Technology, Specialization, …)",
      [
        'Name',
        'Technology',
        'Specialization',
        'Grade',
        'Level',
        'Experience in years',
        'Company Years',
        'Offshore',
        'Acting As',
        'Pillar',
        'Remote',
      ],
      [],
    ],
    ['two missing', IMPORT_HEADER.filter((h) => h !== 'Job' && h !== 'Level'), ['Job', 'Level']],
    ['an empty row', [], IMPORT_HEADER.slice(1)],
  ])('%s', (_label, header, missing) => {
    expect(mapHeader(header as CellValue[]).missing).toEqual(missing);
  });

  it('ignores unknown columns and takes the first of two same-named ones', () => {
    const { indexes } = mapHeader(['Notes', ...IMPORT_HEADER, 'Name']);
    expect(indexes.id).toBe(1);
    expect(indexes.name).toBe(2);
  });
});

describe('parseYesNo', () => {
  it.each<[CellValue, boolean | undefined]>([
    ['Yes', true],
    [' yes ', true],
    ['Y', true],
    ['TRUE', true],
    ['1', true],
    [1, true],
    [true, true],
    ['No', false],
    ['n', false],
    ['False', false],
    ['0', false],
    [0, false],
    [false, false],
    ['', false],
    [null, false],
    ['maybe', undefined],
    [2, undefined],
    ['Yes please', undefined],
  ])('%j → %j', (value, expected) => {
    expect(parseYesNo(value)).toBe(expected);
  });
});

describe('parseId', () => {
  it.each<[CellValue, unknown]>([
    [null, { id: null }],
    ['  ', { id: null }],
    [42, { id: 42 }],
    [' 42 ', { id: 42 }],
    [0, { problem: 'ID must be a positive whole number' }],
    [-3, { problem: 'ID must be a positive whole number' }],
    [1.5, { problem: 'ID must be a positive whole number' }],
    ['abc', { problem: 'ID must be a positive whole number' }],
    ['4e2', { problem: 'ID must be a positive whole number' }],
    [3_000_000_000, { problem: 'ID must be a positive whole number' }],
    [true, { problem: 'ID must be a positive whole number' }],
  ])('%j → %j', (value, expected) => {
    expect(parseId(value)).toEqual(expected);
  });
});

describe('parseRow', () => {
  it('turns a good row into the employee it names', () => {
    expect(parseRow(row({ ID: 7 }), columns, book)).toEqual({
      rowNumber: 2,
      nameText: 'Ada Lovelace',
      jobText: 'Backend',
      id: 7,
      problems: [],
      employee: {
        name: 'Ada Lovelace',
        jobId: 1,
        positionId: 10,
        gradeId: 100,
        levelId: 200,
        yearsExperience: 5,
        yearsWithCompany: 2.5,
        offshoreProject: false,
        actingAsDifferentGrade: false,
        pillar: true,
        remote: false,
      },
    });
  });

  it('matches names trimmed and in any case, and numbers written as text', () => {
    const parsed = parseRow(
      row({
        Job: ' backend ',
        Position: 'api DEVELOPER',
        Grade: 'g1',
        Level: 'SENIOR',
        'Years of Experience': ' 3.25 ',
      }),
      columns,
      book,
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.employee).toMatchObject({
      jobId: 1,
      positionId: 10,
      gradeId: 100,
      levelId: 200,
      yearsExperience: 3.25,
    });
  });

  it('picks the position of the named job when two jobs share a position name', () => {
    expect(parseRow(row({ Job: 'Frontend', Position: 'Lead' }), columns, book).employee?.positionId).toBe(21);
  });

  it('brings binary floats from Excel back to the cent', () => {
    expect(parseRow(row({ 'Years of Experience': 0.1 + 0.2 }), columns, book).employee?.yearsExperience).toBe(
      0.3,
    );
  });

  it.each<[string, Record<string, CellValue>, Array<[string, string]>]>([
    ['a blank name', { Name: '  ' }, [['Name', 'Name is required']]],
    [
      'a name over 200 characters',
      { Name: 'x'.repeat(201) },
      [['Name', 'Name must be at most 200 characters']],
    ],
    ['a blank job', { Job: null }, [['Job', 'Job is required']]],
    ['an unknown job', { Job: 'Data' }, [['Job', 'Job "Data" not found']]],
    ['an unknown position', { Position: 'Astronaut' }, [['Position', 'Position "Astronaut" not found']]],
    [
      'a position of another job',
      { Position: 'UI Developer' },
      [['Position', 'Position "UI Developer" does not belong to job "Backend"']],
    ],
    // The job's own problem says it; the position is not blamed for it.
    [
      'an unknown job with a known position',
      { Job: 'Data', Position: 'Lead' },
      [['Job', 'Job "Data" not found']],
    ],
    ['an unknown grade', { Grade: 'G9' }, [['Grade', 'Grade "G9" not found']]],
    ['an unknown level', { Level: 'Guru' }, [['Level', 'Level "Guru" not found']]],
    [
      'blank years',
      { 'Years of Experience': null },
      [['Years of Experience', 'Years of Experience is required']],
    ],
    [
      'negative years',
      { 'Years with Company': -1 },
      [['Years with Company', 'Years with Company cannot be negative']],
    ],
    [
      'years over 100',
      { 'Years of Experience': 101 },
      [['Years of Experience', 'Years of Experience must be at most 100']],
    ],
    [
      'years with 3 decimals',
      { 'Years of Experience': 1.234 },
      [['Years of Experience', 'Years of Experience can have at most 2 decimals']],
    ],
    [
      'years as words',
      { 'Years with Company': 'two' },
      [['Years with Company', 'Years with Company must be a number']],
    ],
    ['a flag that is not Yes/No', { Remote: 'sometimes' }, [['Remote', 'Remote must be Yes or No']]],
    ['an ID that is not a number', { ID: 'x1' }, [['ID', 'ID must be a positive whole number']]],
    [
      'several problems, in column order',
      { Name: '', Grade: 'G9', Pillar: 'perhaps' },
      [
        ['Name', 'Name is required'],
        ['Grade', 'Grade "G9" not found'],
        ['Pillar', 'Pillar must be Yes or No'],
      ],
    ],
  ])('reports %s', (_label, over, expected) => {
    const parsed = parseRow(row(over, 9), columns, book);
    expect(parsed.employee).toBeNull();
    expect(parsed.problems).toEqual(expected.map(([column, message]) => ({ row: 9, column, message })));
  });

  it('names spreadsheet errors as such, never as a missing or wrong value', () => {
    const parsed = parseRow(
      row({
        Grade: new SheetError('#N/A'),
        'Years of Experience': new SheetError('#DIV/0!'),
        Pillar: new SheetError('#REF!'),
      }),
      columns,
      book,
    );
    expect(parsed.employee).toBeNull();
    expect(parsed.problems).toEqual([
      { row: 2, column: 'Grade', message: 'Grade holds the spreadsheet error #N/A' },
      {
        row: 2,
        column: 'Years of Experience',
        message: 'Years of Experience holds the spreadsheet error #DIV/0!',
      },
      { row: 2, column: 'Pillar', message: 'Pillar holds the spreadsheet error #REF!' },
    ]);
  });

  it('cuts a very long name out of a message', () => {
    const [problem] = parseRow(row({ Job: 'J'.repeat(500) }), columns, book).problems;
    expect(problem?.message.length).toBeLessThan(90);
  });
});

describe('collectSheet', () => {
  async function* rows(...list: Array<[number, CellValue[]]>) {
    for (const [rowNumber, cells] of list) yield { rowNumber, cells };
  }
  const tooWide = (maxCells: number) => new Error(`more than ${maxCells} cells`);
  const collect = (source: AsyncIterable<SheetRow>, maxRows: number, maxCells = 1000) =>
    collectSheet(source, { maxRows, maxCells }, tooWide);

  it('takes the first non-blank row as the header and skips blank rows', async () => {
    const sheet = await collect(
      rows([1, [null, '  ']], [2, ['Name']], [3, ['a']], [4, []], [5, [null, 'b']]),
      10,
    );
    expect(sheet.header?.rowNumber).toBe(2);
    expect(sheet.rows.map((r) => r.rowNumber)).toEqual([3, 5]);
    expect(sheet.dataRowCount).toBe(2);
  });

  it('keeps at most maxRows rows but counts them all', async () => {
    const sheet = await collect(rows([1, ['Name']], [2, ['a']], [3, ['b']], [4, ['c']]), 2);
    expect(sheet.rows).toHaveLength(2);
    expect(sheet.dataRowCount).toBe(3);
  });

  it('refuses rows that together hold more than maxCells cells (a row is as wide as its last value)', async () => {
    const wide: CellValue[] = [];
    wide[99] = 'far right';
    await expect(collect(rows([1, ['Name', 'Job']], [2, ['a']], [3, wide]), 10, 100)).rejects.toThrow(
      'more than 100 cells',
    );
    // Rows past maxRows are only counted, so they never count against the cells.
    const sheet = await collect(rows([1, ['Name']], [2, ['a']], [3, wide]), 1, 100);
    expect(sheet.dataRowCount).toBe(2);
  });

  it('answers no header for an empty sheet', async () => {
    expect(await collect(rows(), 5)).toEqual({ header: null, rows: [], dataRowCount: 0 });
  });
});

describe('importMessages', () => {
  it.each([
    [importMessages.problems(1), 'The file has 1 problem; nothing was imported.'],
    [importMessages.problems(1234), 'The file has 1,234 problems; nothing was imported.'],
    [importMessages.inSheet('Missing column: Job', 'Notes'), 'Missing column: Job (sheet "Notes")'],
    [importMessages.tooManyRows(100_001, 100_000), 'The file has 100,001 rows; the limit is 100,000'],
    [importMessages.missingColumns(['Job', 'Level']), 'Missing columns: Job, Level'],
    [importMessages.missingColumns(['Remote']), 'Missing column: Remote'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
