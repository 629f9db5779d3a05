import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition.ts';

describe('fileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="employees_export.xlsx"', 'employees_export.xlsx'],
    ['attachment; filename=employees_template.xlsx', 'employees_template.xlsx'],
    ['attachment; filename="a \\"quoted\\" name.xlsx"', 'a "quoted" name.xlsx'],
    [
      `attachment; filename="fallback.xlsx"; filename*=UTF-8''Geh%C3%A4lter%202025.xlsx`,
      'Gehälter 2025.xlsx',
    ],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
  ])('%s → %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });

  it.each([null, '', 'attachment', 'inline; filename=""'])('no name in %j', (header) => {
    expect(fileNameFromContentDisposition(header)).toBeNull();
  });
});
