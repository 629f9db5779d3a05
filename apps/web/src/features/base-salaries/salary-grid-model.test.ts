import type { BaseSalary } from '@salary/shared/base-salaries/base-salaries.contract';
import { describe, expect, it } from 'vitest';
import {
  cellKey,
  changedCells,
  parseBlock,
  parseCell,
  pasteBlock,
  storedTexts,
} from './salary-grid-model.ts';

describe('the base-salary grid model', () => {
  it('reads spreadsheet amounts and names what is wrong with a bad one', () => {
    expect(parseCell('6,500.00')).toEqual({ amount: 6500 });
    expect(parseCell(' $7,150 ')).toEqual({ amount: 7150 });
    expect(parseCell('')).toEqual({ amount: null });
    expect(parseCell('-1')).toEqual({ problem: 'Base Salary Amount must be 0 or more' });
    expect(parseCell('1.005')).toEqual({ problem: 'Base Salary Amount must have at most 2 decimals' });
    expect(parseCell('abc')).toEqual({ problem: 'Enter an amount in dollars, e.g. 6500.00' });
  });

  it('sends only cells whose amount changed, a cleared stored cell as null', () => {
    const stored = storedTexts([
      { id: 1, gradeId: 1, levelId: 1, amount: 6500 } as BaseSalary,
      { id: 2, gradeId: 1, levelId: 2, amount: 7000 } as BaseSalary,
    ]);
    const order = [
      { gradeId: 1, levelId: 1 },
      { gradeId: 1, levelId: 2 },
      { gradeId: 2, levelId: 1 },
      { gradeId: 2, levelId: 2 },
    ];
    const texts = {
      [cellKey(1, 1)]: '6,500.00',
      [cellKey(1, 2)]: '',
      [cellKey(2, 1)]: '5000',
      [cellKey(2, 2)]: 'x',
    };
    expect(changedCells(texts, stored, order)).toEqual({
      cells: [
        { gradeId: 1, levelId: 2, amount: null },
        { gradeId: 2, levelId: 1, amount: 5000 },
      ],
      problems: { [cellKey(2, 2)]: 'Enter an amount in dollars, e.g. 6500.00' },
    });
  });

  it('lays a tab-separated block from the focused cell and drops what falls off the grid', () => {
    const block = parseBlock('1000\t1100\t1200\r\n2000\t2100\t2200\r\n');
    expect(block).toEqual([
      ['1000', '1100', '1200'],
      ['2000', '2100', '2200'],
    ]);
    const keys = [
      ['a1', 'a2', 'a3'],
      ['b1', 'b2', 'b3'],
    ];
    expect(pasteBlock(block, { row: 1, col: 1 }, keys)).toEqual({
      texts: { b2: '1000', b3: '1100' },
      dropped: 4,
    });
  });
});
