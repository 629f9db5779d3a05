import type { PayComponent } from '@salary/salary-engine/pay-components';
import { asCents, type Cents, type RuleUnits } from '@salary/shared/common/money';
import { describe, expect, it } from 'vitest';
import type { EmployeeRecord } from '../../src/modules/employees/employee.model.ts';
import type { PricedEmployee } from '../../src/modules/pricing/pricing.service.ts';
import { RuleBook } from '../../src/modules/pricing/salary-rules.model.ts';
import type { CycleRow, StoredGuidelineRow } from '../../src/modules/raise-cycles/raise-cycles.repository.ts';
import {
  basicWageOf,
  isEligible,
  proposedRecord,
  recommendedFor,
  totalsOf,
  type WorksheetLine,
} from '../../src/modules/raise-cycles/raise-worksheet.calc.ts';

/* The worksheet's pure rules, as tables: eligibility, the basic wage, the guideline's row, the totals. */

const employee = (over: Partial<EmployeeRecord> = {}) =>
  ({
    id: 1,
    name: 'A',
    jobId: 1,
    positionId: 1,
    gradeId: 1,
    levelId: 1,
    hireDate: '2020-01-01',
    leaveDate: null,
    offshoreProject: false,
    remote: false,
    payComponents: [],
    ...over,
  }) as unknown as EmployeeRecord;

const cycle = (over: Partial<CycleRow> = {}): CycleRow => ({
  id: 1,
  name: 'Spring',
  effectiveDate: '2026-04-01',
  hiredBefore: null,
  jobIds: [],
  gradeIds: [],
  budgetKind: 'PERCENT',
  budgetValue: 300 as RuleUnits,
  guideline: [],
  status: 'DRAFT',
  submittedById: null,
  submittedBy: null,
  sentBackComment: null,
  appliedEntryId: null,
  ...over,
});

const component = (over: Partial<PayComponent>): PayComponent => ({
  name: 'Allowance',
  type: 'FIXED',
  value: 10_000 as RuleUnits,
  per: 'ONCE',
  when: 'ALWAYS',
  line: 'ADJUSTMENT',
  ...over,
});

describe('eligibility on the effective day', () => {
  it.each([
    ['employed', {}, {}, true],
    ['left the day before', { leaveDate: '2026-03-31' }, {}, false],
    ['leaves on the day', { leaveDate: '2026-04-01' }, {}, true],
    ['starts after the day', { hireDate: '2026-04-02' }, {}, false],
    ['hired on the cut-off', { hireDate: '2025-01-01' }, { hiredBefore: '2025-01-01' }, false],
    ['hired before the cut-off', { hireDate: '2024-12-31' }, { hiredBefore: '2025-01-01' }, true],
    ['no hire day with a cut-off', { hireDate: null }, { hiredBefore: '2025-01-01' }, false],
    ['another job', { jobId: 2 }, { jobIds: [1] }, false],
    ['another grade', { gradeId: 2 }, { gradeIds: [1, 3] }, false],
    ['a listed grade', { gradeId: 3 }, { gradeIds: [1, 3] }, true],
  ] as const)('%s', (_, e, c, expected) => {
    expect(isEligible(cycle(c as Partial<CycleRow>), employee(e as Partial<EmployeeRecord>))).toBe(expected);
  });
});

describe('the basic wage: adjusted salary plus own allowances applied once', () => {
  const priced = (components: PayComponent[], flags: Partial<EmployeeRecord> = {}) =>
    ({
      employee: employee({ payComponents: components, ...flags }),
      basicWage: asCents(400_000),
      calculatedSalary: asCents(400_000),
    }) as PricedEmployee;
  it.each([
    ['none', [], {}, 400_000],
    ['a fixed allowance', [component({})], {}, 410_000],
    [
      'a percentage of the adjusted salary (2.5 %)',
      [component({ type: 'PERCENTAGE', value: 250 as RuleUnits })],
      {},
      410_000,
    ],
    [
      'a percentage rounded half away from zero (0.01 % of 4,000.00 = 0.40)',
      [component({ type: 'PERCENTAGE', value: 1 as RuleUnits })],
      {},
      400_040,
    ],
    ['a per-year component is not an allowance', [component({ per: 'YEAR_OF_EXPERIENCE' })], {}, 400_000],
    ['a custom multiplier line is not an allowance', [component({ line: 'CUSTOM_MULTIPLIER' })], {}, 400_000],
    ['a flag-bound one while the flag is off', [component({ when: 'REMOTE' })], {}, 400_000],
    ['a flag-bound one while the flag is on', [component({ when: 'REMOTE' })], { remote: true }, 410_000],
  ] as const)('%s', (_, components, flags, expected) => {
    expect(basicWageOf(priced([...components], flags))).toBe(expected);
  });
});

describe("the guideline's row: the band [from, to), a rated row over an unrated one", () => {
  const rows: StoredGuidelineRow[] = [
    { compaFrom: null, compaTo: 90, rating: null, minBp: 400, maxBp: 600 },
    { compaFrom: 90, compaTo: 110, rating: null, minBp: 200, maxBp: 400 },
    { compaFrom: 90, compaTo: 110, rating: 5, minBp: 500, maxBp: 700 },
    { compaFrom: 110, compaTo: null, rating: null, minBp: 0, maxBp: 100 },
  ];
  it.each([
    [50, null, { minBp: 400, maxBp: 600 }],
    [89, 5, { minBp: 400, maxBp: 600 }],
    [90, null, { minBp: 200, maxBp: 400 }],
    [90, 5, { minBp: 500, maxBp: 700 }],
    [109, 3, { minBp: 200, maxBp: 400 }],
    [110, 5, { minBp: 0, maxBp: 100 }],
    [400, null, { minBp: 0, maxBp: 100 }],
  ] as const)('compa %i, rating %s', (compa, rating, expected) => {
    expect(recommendedFor(rows, compa, rating)).toEqual(expected);
  });
  it('answers none where no row covers the compa-ratio', () => {
    expect(recommendedFor(rows.slice(1, 3), 80, 5)).toBeNull();
  });
});

describe('the proposed record', () => {
  it('appends the raise to the components in force and leaves the record given alone', () => {
    const own = component({ name: 'Housing' });
    const e = employee({ payComponents: [own] });
    const next = proposedRecord('Spring', e, {
      employeeId: 1,
      rating: null,
      kind: 'PERCENT',
      value: 300 as RuleUnits,
      gradeId: null,
      levelId: null,
      reason: null,
    });
    expect(next.payComponents).toEqual([
      own,
      {
        name: 'Raise: Spring',
        type: 'PERCENTAGE',
        value: 300,
        per: 'ONCE',
        when: 'ALWAYS',
        line: 'ADJUSTMENT',
      },
    ]);
    expect(e.payComponents).toEqual([own]);
  });

  it('gives everyone with no component of their own one frozen raise, prepared once per profile', () => {
    const raises = new Map<string, readonly PayComponent[]>();
    const three = {
      employeeId: 1,
      rating: null,
      kind: 'PERCENT' as const,
      value: 300 as RuleUnits,
      gradeId: null,
      levelId: null,
      reason: null,
    };
    const a = proposedRecord('Spring', employee({ id: 1 }), three, raises);
    const b = proposedRecord('Spring', employee({ id: 2, gradeId: 2 }), three, raises);
    const own = proposedRecord('Spring', employee({ id: 3, payComponents: [component({})] }), three, raises);
    const five = proposedRecord('Spring', employee({ id: 4 }), { ...three, value: 500 as RuleUnits }, raises);
    expect(a.payComponents).toBe(b.payComponents);
    expect(Object.isFrozen(a.payComponents)).toBe(true);
    expect(own.payComponents).toHaveLength(2);
    expect(Object.isFrozen(own.payComponents)).toBe(false);
    expect(five.payComponents).not.toBe(a.payComponents);
    expect(five.payComponents[0]?.value).toBe(500);

    const none = { value: 0 as RuleUnits, type: 'PERCENTAGE' as const };
    const book = new RuleBook(
      {
        multipliers: {
          experience: none,
          loyalty: none,
          offshore: none,
          actingAs: none,
          pillar: none,
          remote: none,
        },
        customMultipliers: [],
        benefits: [],
        socialInsurance: { enabled: false, type: 'COMPANY_FULL', companyPercentage: 0, totalPercentage: 0 },
      } as unknown as ConstructorParameters<typeof RuleBook>[0],
      [1, 2].map((gradeId) => ({
        gradeId,
        levelId: 1,
        amount: (gradeId * 300_000) as Cents,
        bandSpread: null,
        bandMin: null,
        bandMax: null,
      })),
      [],
    );
    const rulesOf = (e: EmployeeRecord) => book.forEmployee({ ...e, customMultiplierIds: [] });
    // Prepared once for a profile, and the same as the employee's own copy of the raise would give.
    expect(rulesOf(a)).toBe(rulesOf({ ...a, id: 9 } as EmployeeRecord));
    expect(rulesOf(a)).toEqual(rulesOf({ ...a, payComponents: [...a.payComponents] }));
    expect(rulesOf(b)).not.toBe(rulesOf(a));
    expect(rulesOf(b)).toEqual(rulesOf({ ...b, payComponents: [...b.payComponents] }));
  });
});

describe('the totals', () => {
  const line = (gross: number, newGross: number) =>
    ({ gross: asCents(gross), newGross: asCents(newGross) }) as WorksheetLine;
  const lines = [line(300_000, 309_000), line(500_000, 500_000)];
  it('prices a PERCENT budget on the payroll, rounded once', () => {
    expect(totalsOf(cycle({ budgetValue: 125 as RuleUnits }), lines)).toEqual({
      payroll: 800_000,
      budget: 10_000,
      used: 9_000,
      over: false,
    });
  });
  it('is over budget only above it', () => {
    const amount = (cents: number) => cycle({ budgetKind: 'AMOUNT', budgetValue: cents as RuleUnits });
    expect(totalsOf(amount(9_000), lines).over).toBe(false);
    expect(totalsOf(amount(8_999), lines).over).toBe(true);
  });
  it("gives a team its payroll's share of an AMOUNT budget", () => {
    const c = cycle({ budgetKind: 'AMOUNT', budgetValue: 10_000 as RuleUnits });
    expect(totalsOf(c, lines, 2_400_000).budget).toBe(3_333);
    expect(totalsOf(c, lines, 0).budget).toBe(0);
  });
});
