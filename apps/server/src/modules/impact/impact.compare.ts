import { asCents, type Cents, changeInPercent, fromCents } from '@salary/shared/common/money';
import {
  IMPACT_TOP_CHANGES,
  type Impact,
  type ImpactChange,
  type ImpactGroup,
} from '@salary/shared/impact/impact.contract';
import type { PricedEmployee } from '../pricing/pricing.service.ts';

/*
 * Before and after, compared: pure, in integer cents, so totals are exactly the sums of the
 * list's figures (a dash — no base salary — counts as zero).
 */

export interface Visibility {
  salary: boolean;
  cost: boolean;
}

/** A priced figure (cents) to sum; a dash (null) counts as zero. */
const orZero = (value: Cents | null): Cents => value ?? asCents(0);
/** A priced figure as the API's decimal; a dash stays null. */
const decimal = (value: Cents | null): number | null => (value === null ? null : fromCents(value));
/** A sum of cents as the API's decimal. */
const decimalOfSum = (c: number): number => fromCents(asCents(c));

interface Sums {
  employees: number;
  affected: number;
  grossBefore: number;
  grossAfter: number;
  costBefore: number;
  costAfter: number;
}

const emptySums = (): Sums => ({
  employees: 0,
  affected: 0,
  grossBefore: 0,
  grossAfter: 0,
  costBefore: 0,
  costAfter: 0,
});

/** The figures this viewer may see, in dollars: gross keys with showSalary, cost keys with showCost. */
function figuresOf(s: Sums, see: Visibility) {
  const gross = s.grossAfter - s.grossBefore;
  const cost = s.costAfter - s.costBefore;
  return {
    ...(see.salary
      ? {
          grossBefore: decimalOfSum(s.grossBefore),
          grossAfter: decimalOfSum(s.grossAfter),
          grossDelta: decimalOfSum(gross),
          grossDeltaPercent: changeInPercent(gross, s.grossBefore),
        }
      : {}),
    ...(see.cost
      ? {
          costBefore: decimalOfSum(s.costBefore),
          costAfter: decimalOfSum(s.costAfter),
          costDelta: decimalOfSum(cost),
          costDeltaPercent: changeInPercent(cost, s.costBefore),
        }
      : {}),
  };
}

/**
 * How big a change is, as far as this viewer may know: by gross, else by cost, else not at
 * all (the order then says nothing about pay).
 */
function sizeOf(grossDelta: number, costDelta: number, see: Visibility): number {
  if (see.salary) return Math.abs(grossDelta);
  if (see.cost) return Math.abs(costDelta);
  return 0;
}

interface Group {
  id: number;
  name: string;
  sums: Sums;
}

function addTo(groups: Map<number, Group>, id: number, name: string, row: Sums): void {
  let group = groups.get(id);
  if (!group) {
    group = { id, name, sums: emptySums() };
    groups.set(id, group);
  }
  const s = group.sums;
  s.employees += row.employees;
  s.affected += row.affected;
  s.grossBefore += row.grossBefore;
  s.grossAfter += row.grossAfter;
  s.costBefore += row.costBefore;
  s.costAfter += row.costAfter;
}

function groupList(groups: Map<number, Group>, see: Visibility): ImpactGroup[] {
  return [...groups.values()]
    .map((g) => ({
      size: sizeOf(g.sums.grossAfter - g.sums.grossBefore, g.sums.costAfter - g.sums.costBefore, see),
      group: {
        id: g.id,
        name: g.name,
        employees: g.sums.employees,
        affected: g.sums.affected,
        ...figuresOf(g.sums, see),
      },
    }))
    .sort((a, b) => b.size - a.size || a.group.name.localeCompare(b.group.name) || a.group.id - b.group.id)
    .map((g) => g.group);
}

/** Everyone priced before and after one write, compared for this viewer. */
export function compareImpact(before: PricedEmployee[], after: PricedEmployee[], see: Visibility): Impact {
  const beforeById = new Map<number, PricedEmployee>();
  for (const p of before) beforeById.set(p.employee.id, p);
  const total = emptySums();
  const byJob = new Map<number, Group>();
  const byGrade = new Map<number, Group>();
  const changed: { size: number; id: number; change: ImpactChange }[] = [];

  for (const now of after) {
    const { employee } = now;
    const was = beforeById.get(employee.id);
    const grossBefore = was?.calculatedSalary ?? null;
    const costBefore = was?.accumulatedCost ?? null;
    const row: Sums = {
      employees: 1,
      affected: grossBefore !== now.calculatedSalary || costBefore !== now.accumulatedCost ? 1 : 0,
      grossBefore: orZero(grossBefore),
      grossAfter: orZero(now.calculatedSalary),
      costBefore: orZero(costBefore),
      costAfter: orZero(now.accumulatedCost),
    };
    addTo(byJob, employee.jobId, employee.jobName, row);
    addTo(byGrade, employee.gradeId, employee.gradeName, row);
    total.employees += 1;
    total.affected += row.affected;
    total.grossBefore += row.grossBefore;
    total.grossAfter += row.grossAfter;
    total.costBefore += row.costBefore;
    total.costAfter += row.costAfter;
    if (!row.affected) continue;
    changed.push({
      size: sizeOf(row.grossAfter - row.grossBefore, row.costAfter - row.costBefore, see),
      id: employee.id,
      change: {
        id: employee.id,
        name: employee.name,
        jobName: employee.jobName,
        gradeName: employee.gradeName,
        ...(see.salary
          ? { grossBefore: decimal(grossBefore), grossAfter: decimal(now.calculatedSalary) }
          : {}),
        ...(see.cost ? { costBefore: decimal(costBefore), costAfter: decimal(now.accumulatedCost) } : {}),
      },
    });
  }

  changed.sort((a, b) => b.size - a.size || a.id - b.id);
  return {
    employees: total.employees,
    employeesAffected: total.affected,
    showSalary: see.salary,
    showCost: see.cost,
    totals: figuresOf(total, see),
    byJob: groupList(byJob, see),
    byGrade: groupList(byGrade, see),
    changes: changed.slice(0, IMPACT_TOP_CHANGES).map((c) => c.change),
  };
}
