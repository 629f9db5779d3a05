import { fromCents } from '@salary/shared/common/money';
import {
  IMPORT_LIST_LIMIT,
  type ImportCreation,
  type ImportReport,
} from '@salary/shared/excel/excel.contract';
import type { PricingService } from '../pricing/pricing.service.ts';
import type { StoredEmployee } from './excel.repository.ts';
import type { SliceDecisions } from './import.plan.ts';
import { importRecords } from './import-records.model.ts';
import type { ReferenceNames } from './name-book.model.ts';

/*
 * What a dry run adds to its report for the table shown before Confirm: each new row (who,
 * where, and the gross salary they would start on) and each changed row's gross salary
 * before → after, priced with the stored rules from the records the import would write
 * (import-records.model.ts), as the list prices them once imported. Gross only with showSalary.
 */

type Gross = { grossBefore: number | null; grossAfter: number | null };

export async function importPayPreview(
  pricing: Pick<PricingService, 'rulesAt' | 'price'>,
  refs: ReferenceNames,
  see: { salary: boolean },
  /**
   * A dated import's day (not today): every figure is then the pay from that day, priced with
   * the rules in force that day, years and status counted to it; the stored rows are the
   * employees as on that day (excel.repository.ts `storedEmployees`).
   */
  day?: string,
) {
  const rules = await pricing.rulesAt(undefined, day);
  const records = importRecords(day === undefined ? refs : { ...refs, asOf: day });
  /** A stored employee as priced on the day: years derived from its days counted to it. */
  const storedOnDay = (s: StoredEmployee) => {
    const record = records.before(s);
    return day === undefined ? record : records.after(s.id, s.fields, record);
  };
  const creations: ImportCreation[] = [];
  const grossByRow = new Map<number, Gross>();
  /** The gross the list would show, as the report's decimal (null: no base salary). */
  const gross = (record: Parameters<typeof pricing.price>[1]) => {
    const cents = pricing.price(rules, record).calculatedSalary;
    return cents === null ? null : fromCents(cents);
  };

  return {
    add({
      creates,
      updates,
      held,
      stored,
    }: SliceDecisions & { stored: ReadonlyMap<number, StoredEmployee> }): void {
      for (const c of creates) {
        if (creations.length >= IMPORT_LIST_LIMIT) break;
        const after = records.after(0, c.employee, undefined, c.pay);
        creations.push({
          row: c.row,
          name: after.name,
          job: after.jobName,
          position: after.positionName,
          grade: after.gradeName,
          level: after.levelName,
          ...(see.salary ? { grossSalary: gross(after) } : {}),
        });
      }
      if (!see.salary) return;
      for (const u of [...updates, ...held]) {
        if (grossByRow.size >= 2 * IMPORT_LIST_LIMIT) break;
        const before = storedOnDay(stored.get(u.id)!);
        grossByRow.set(u.row, {
          grossBefore: gross(before),
          grossAfter: gross(records.after(u.id, u.employee, before, u.pay)),
        });
      }
    },

    /** The report with the new rows listed and the changed rows' gross attached. */
    into(report: ImportReport): ImportReport {
      const withGross = <T extends { row: number }>(item: T) => ({ ...item, ...grossByRow.get(item.row) });
      return {
        ...report,
        creations,
        changes: report.changes.map(withGross),
        conflicts: report.conflicts.map(withGross),
      };
    },
  };
}
