import { BASE_SALARY_MAX, type BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';

/*
 * The Base Salaries grid as plain data: one text per (grade, level) cell, what was stored,
 * what changed, which cells are bad and why, and a block pasted from a spreadsheet. No React.
 */

export const cellKey = (gradeId: number, levelId: number) => `${gradeId}:${levelId}`;

/** How a stored amount reads in its cell: plain digits, no grouping ('6500', '6500.5'). */
export const cellText = (amount: number | undefined) => (amount === undefined ? '' : String(amount));

export function storedTexts(rows: BaseSalary[]): Record<string, string> {
  return Object.fromEntries(rows.map((row) => [cellKey(row.gradeId, row.levelId), cellText(row.amount)]));
}

/**
 * A cell's text as dollars: spreadsheet copies arrive as '6,500.00' or '$6,500', so grouping
 * commas, a dollar sign and spaces are dropped. '' is an empty cell (null).
 */
export function parseCell(text: string): { amount: number | null } | { problem: string } {
  const cleaned = text.replace(/[\s$,\u00a0]/g, '');
  if (cleaned === '') return { amount: null };
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return { problem: 'Enter an amount in dollars, e.g. 6500.00' };
  const amount = Number(cleaned);
  if (amount < 0) return { problem: 'Base Salary Amount must be 0 or more' };
  if (amount > BASE_SALARY_MAX) return { problem: 'Base Salary Amount must be at most 999,999,999.99' };
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned))
    return { problem: 'Base Salary Amount must have at most 2 decimals' };
  return { amount };
}

/** One cell as the bulk call takes it; null clears it. */
export interface GridCell {
  gradeId: number;
  levelId: number;
  amount: number | null;
}

export interface GridChanges {
  /** The cells to send, in grid order. */
  cells: GridCell[];
  /** Bad cells (key → message), found before anything is sent. */
  problems: Record<string, string>;
}

/** Cells whose text differs from what is stored (as amounts: '6500' and '6,500.00' are the same). */
export function changedCells(
  texts: Record<string, string>,
  stored: Record<string, string>,
  order: { gradeId: number; levelId: number }[],
): GridChanges {
  const cells: GridCell[] = [];
  const problems: Record<string, string> = {};
  for (const { gradeId, levelId } of order) {
    const key = cellKey(gradeId, levelId);
    const text = texts[key] ?? stored[key] ?? '';
    const before = stored[key] ?? '';
    const parsed = parseCell(text);
    if ('problem' in parsed) {
      problems[key] = parsed.problem;
      continue;
    }
    const was = before === '' ? null : Number(before);
    if (parsed.amount === was) continue;
    cells.push({ gradeId, levelId, amount: parsed.amount });
  }
  return { cells, problems };
}

/** A block copied from Excel or LibreOffice: rows by newline, cells by tab; a trailing newline is dropped. */
export function parseBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

/**
 * Lays a pasted block onto the grid from the cell (row, col): answers the new texts. What
 * falls beyond the last grade or level is dropped (and counted, so the screen can say so).
 */
export function pasteBlock(
  block: string[][],
  at: { row: number; col: number },
  keys: string[][],
): { texts: Record<string, string>; dropped: number } {
  const texts: Record<string, string> = {};
  let dropped = 0;
  block.forEach((cells, r) => {
    cells.forEach((value, c) => {
      const key = keys[at.row + r]?.[at.col + c];
      if (key === undefined) dropped += 1;
      else texts[key] = value.trim();
    });
  });
  return { texts, dropped };
}
