import { describe, expect, it } from 'vitest';
import { importProblemsCsv } from './import-problems-csv.ts';

describe('importProblemsCsv', () => {
  it('writes a header and one CRLF line per problem', () => {
    const csv = importProblemsCsv([
      { row: 2, column: 'Grade', message: 'Unknown grade: Wizard' },
      { row: 5, column: 'Years of Experience', message: 'Years of Experience cannot be negative' },
    ]);
    expect(csv).toBe(
      'Row,Column,Message\r\n' +
        '2,Grade,Unknown grade: Wizard\r\n' +
        '5,Years of Experience,Years of Experience cannot be negative\r\n',
    );
  });

  it('quotes commas, quotes and line breaks', () => {
    const csv = importProblemsCsv([{ row: 3, column: 'Name', message: 'Say "hi", then\nleave' }]);
    expect(csv.split('\r\n')[1]).toBe('3,Name,"Say ""hi"", then\nleave"');
  });

  it('never lets a cell start a formula', () => {
    const csv = importProblemsCsv([
      { row: 4, column: 'Name', message: '=HYPERLINK("http://x")' },
      { row: 4, column: '@SUM(A1)', message: '-1 is not allowed' },
    ]);
    const [, first, second] = csv.split('\r\n');
    expect(first).toBe(`4,Name,"'=HYPERLINK(""http://x"")"`);
    expect(second).toBe(`4,'@SUM(A1),'-1 is not allowed`);
  });

  it('is just the header without problems', () => {
    expect(importProblemsCsv([])).toBe('Row,Column,Message\r\n');
  });
});
