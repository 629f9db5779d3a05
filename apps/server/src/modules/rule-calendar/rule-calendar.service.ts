import {
  asBasisPoints,
  asCents,
  basisPointsToPercent,
  fromCents,
  fromFactorUnits,
  type RuleUnits,
} from '@salary/shared/common/money';
import { type Actor, canReadMoneyRules } from '@salary/shared/common/permissions';
import type { ScheduledChange } from '@salary/shared/employees/dated.contract';
import type { EmployeeFilters } from '@salary/shared/employees/employee.contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import { diffFields } from '../audit/audit.diff.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { DatedWrite } from '../audit/entry-revert.service.ts';
import { type BackPayService, pairsOfFilters, type StoredBackPay } from '../impact/back-pay.service.ts';
import { type SettingsRow, settingsRowOf, toSettings } from '../settings/settings.repository.ts';
import {
  type ChangedRule,
  type KeptRuleVersion,
  type RuleKey,
  type RuleKind,
  type RuleVersionRow,
  type RuleVersionsRepository,
  ruleId,
} from './rule-versions.repository.ts';

/*
 * The calendar of the rules (docs/decisions/0026). A rule write (a base salary, an adjustment
 * factor, the settings) runs as it always did on the rule tables, between `open` and `settle`:
 * `open` gives rules without versions their first one (in force on every day before), and
 * `settle` turns what the write changed into versions from the write's day (the unit of work's
 * `effectiveFrom`, default the company's today), then sets the tables back to the versions in
 * force today. So a day still to come changes nothing today, and a past day changes the past
 * from that day up to the next version.
 */

/** What `settle` did: the write's day and whether it is still to come or already past. */
export interface SettledRules {
  effectiveFrom: string;
  today: string;
  changes: ChangedRule[];
  /**
   * For the write's audit entry: its day when not today, what it owes when past, and the
   * versions it left on each rule's day with those they replaced (how a revert undoes it).
   */
  details: {
    effectiveFrom?: string;
    scheduled?: boolean;
    backPay?: StoredBackPay;
    ruleVersions?: KeptRuleVersion[];
  };
}

/** Each kind as the API and the audit name it. */
const KIND_NAMES: Record<RuleKind, { kind: ScheduledChange['kind']; entityType: string; noun: string }> = {
  BASE_SALARY: { kind: 'baseSalary', entityType: 'baseSalary', noun: 'Base salary' },
  ADJUSTMENT_FACTOR: { kind: 'adjustmentFactor', entityType: 'adjustmentFactor', noun: 'Adjustment factor' },
  SETTINGS: { kind: 'settings', entityType: 'settings', noun: 'Settings' },
};

/** The settings row a version's columns complete (they hold every column that prices). */
const SETTINGS_BASE = { id: 1, version: 0, updatedAt: new Date(0) } as unknown as SettingsRow;

/** A version's value as the API shows the rule (money and percentages as decimals); null: no rule. */
export function ruleValueToApi(kind: RuleKind, value: Record<string, unknown> | null) {
  if (!value) return null;
  if (kind === 'BASE_SALARY') {
    // A band's fields only where the cell sets them (a version keeps no empty one).
    const shown: Record<string, unknown> = { amount: fromCents(asCents(Number(value.amount))) };
    if (value.band_spread != null)
      shown.bandSpread = basisPointsToPercent(asBasisPoints(Number(value.band_spread)));
    if (value.band_min != null) shown.bandMin = fromCents(asCents(Number(value.band_min)));
    if (value.band_max != null) shown.bandMax = fromCents(asCents(Number(value.band_max)));
    return shown;
  }
  if (kind === 'ADJUSTMENT_FACTOR')
    return {
      type: value.type,
      factor: fromFactorUnits(Number(value.factor) as RuleUnits, String(value.type)),
    };
  const {
    version: _v,
    updatedAt: _u,
    ...shown
  } = toSettings(settingsRowOf(value, SETTINGS_BASE)) as ReturnType<typeof toSettings> & {
    updatedAt?: unknown;
  };
  return shown as Record<string, unknown>;
}

/** The first version's day: before any other (PostgreSQL's date '-infinity'). */
const FIRST_DAY = '-infinity';

/** The employees a rule prices: those of its pair (none named: a settings rule, everyone). */
const filtersOf = (key: RuleKey): EmployeeFilters | undefined =>
  key.grade_id !== undefined
    ? { gradeId: key.grade_id, levelId: key.level_id }
    : key.job_id !== undefined
      ? { jobId: key.job_id, positionId: key.position_id }
      : undefined;

/** A dated rule write to undo, as its audit entry recorded it. */
export type RuleWriteToUndo = DatedWrite<KeptRuleVersion>;

/** "Scheduled change not found". */
const NOT_FOUND = 'Scheduled change not found';

export function createRuleCalendar(deps: {
  versions: RepositoryOn<RuleVersionsRepository>;
  /** The company's today (its time zone). */
  today(handle?: DbOrTx): Promise<string>;
  audit: Pick<AuditService, 'record' | 'payBefore'>;
  /** What a write from a past day owes every employee (modules/impact/back-pay.service.ts). */
  backPay?: Pick<BackPayService, 'backPayOf' | 'employeesOn'>;
}) {
  const label = (v: { kind: RuleKind; subjectName: string }) =>
    v.kind === 'SETTINGS' ? 'Settings' : `${KIND_NAMES[v.kind].noun} ${v.subjectName}`;
  const changesOf = (v: {
    kind: RuleKind;
    before: Record<string, unknown> | null;
    value: Record<string, unknown> | null;
  }) => {
    const before = ruleValueToApi(v.kind, v.before);
    const after = ruleValueToApi(v.kind, v.value);
    const changes = diffFields(before, after);
    // A factor's value reads by its type: the change names it, changed or not.
    if (v.kind !== 'ADJUSTMENT_FACTOR' || !changes.length || changes.some((c) => c.field === 'type'))
      return changes;
    return [{ field: 'type', before: before?.type ?? null, after: after?.type ?? null }, ...changes];
  };

  /** After a rule write, before its audit entry: the changes become versions from the write's day. */
  async function settle(
    uow: UnitOfWork,
    touched: ReadonlySet<string>,
    rows: ReadonlyMap<string, number>,
  ): Promise<SettledRules> {
    const versions = deps.versions(uow.tx);
    const today = await deps.today(uow.tx);
    const day = uow.effectiveFrom ?? today;
    const changes = await versions.changedSince(today, touched);
    const by = uow.actor?.email ?? null;
    // A rule created with no day given, that never had a version, has always been: it holds on
    // every day (as the rules already there before any dated write do), so the past reads it.
    const opening: ChangedRule[] = [];
    const dated: ChangedRule[] = [];
    for (const c of changes) {
      const always = uow.effectiveFrom === undefined && c.before === null && c.value !== null;
      (always && !(await versions.hasVersions(c)) ? opening : dated).push(c);
    }
    const kept: KeptRuleVersion[] = [];
    const keep = async (rules: ChangedRule[], on: string) => {
      if (!rules.length) return;
      const replaced = await versions.startingOn(rules, on);
      for (const c of rules) {
        const rule = ruleId(c.kind, c.key);
        const rowId = c.kind === 'SETTINGS' ? undefined : rows.get(rule);
        kept.push({
          kind: c.kind,
          key: c.key,
          day: on,
          value: c.value,
          replaced: replaced.get(rule) ?? null,
          ...(rowId === undefined ? {} : { rowId }),
        });
      }
      await versions.writeAt(rules, on, today, by);
    };
    await keep(opening, FIRST_DAY);
    await keep(dated, day);
    const details: SettledRules['details'] =
      day === today ? {} : { effectiveFrom: day, ...(day > today ? { scheduled: true } : {}) };
    if (kept.length) details.ruleVersions = kept;
    return { effectiveFrom: day, today, changes, details };
  }

  return {
    /**
     * A rule write from the unit of work's day: `open`, the write (on the rule tables, as
     * always), `settle`; from a past day, what it owes every employee for the days since
     * (`details.backPay`), priced as of each day before and after: those ever on the pairs of
     * `moves` (a base salary's, a factor's), else everyone. Answers what `settle` did.
     */
    async dated(
      uow: UnitOfWork,
      write: () => Promise<void>,
      moves?: readonly EmployeeFilters[],
    ): Promise<SettledRules> {
      const versions = deps.versions(uow.tx);
      await versions.open();
      let settled: SettledRules | undefined;
      const run = async () => {
        // What the write touched: a rule written to the value it had still gets its day.
        const was = await versions.rowVersions();
        await write();
        const touched = new Set<string>();
        const rows = new Map([...was].map(([rule, row]) => [rule, row.id]));
        for (const [rule, row] of await versions.rowVersions()) {
          if (was.get(rule)?.version !== row.version) touched.add(rule);
          rows.set(rule, row.id);
        }
        settled = await settle(uow, touched, rows);
      };
      const today = await deps.today(uow.tx);
      const from = uow.effectiveFrom ?? today;
      // A preview (impact) counts the back pay of the write it runs itself, around this one:
      // counted here as well, every day would be priced twice over, for an entry rolled back.
      const counts = deps.backPay !== undefined && from < today && !uow.preview;
      // Whom the write can move: those ever on the pairs it names (`moves`), else everyone.
      const pairs = moves && pairsOfFilters(moves);
      const scope = counts && pairs ? await deps.backPay!.employeesOn(uow.tx, pairs) : 'all';
      const owed = counts ? await deps.backPay!.backPayOf(uow, from, scope, run) : undefined;
      if (!counts) await run();
      const done = settled as SettledRules | undefined;
      if (!done) throw new Error('dated: the write did not settle');
      if (owed?.employees.length) done.details.backPay = owed;
      return done;
    },

    /**
     * Undoes a dated rule write from its audit entry (the Audit Log's Revert): on each rule's
     * day the version it replaced is back (none: the day's version goes), so every day from
     * then on reads as before the write and a later version keeps holding; the tables are set
     * to today's versions (a cell back today under the id it had). From a past day, what it owes
     * (`details.backPay`) is counted as for any dated write. Records the revert's entry (action
     * 'revert', `details.revertOf`) with its pay history. The caller checked nothing changed since.
     */
    async undo(uow: UnitOfWork, write: RuleWriteToUndo): Promise<void> {
      const versions = deps.versions(uow.tx);
      const today = await deps.today(uow.tx);
      const { kept } = write;
      // Its day (a rule created with no day: the day it was made on, as its back pay counted).
      const from = kept
        .map((k) => (k.day === FIRST_DAY ? write.madeOn : k.day))
        .reduce((a, b) => (b < a ? b : a));
      const pairs = kept.map((k) => filtersOf(k.key));
      const moves = pairs.every((p) => p !== undefined) ? (pairs as EmployeeFilters[]) : undefined;
      const pay = await deps.audit.payBefore(uow, moves?.length === 1 ? moves[0]! : 'all', {
        rulesOnly: true,
      });
      const run = () => versions.putBack(kept, today);
      const counts = deps.backPay !== undefined && from < today && !uow.preview;
      const scope =
        counts && moves ? await deps.backPay!.employeesOn(uow.tx, pairsOfFilters(moves)!) : ('all' as const);
      let owed: StoredBackPay | undefined;
      if (counts) owed = await deps.backPay!.backPayOf(uow, from, scope, run);
      else await run();
      const rows = [...new Set([...write.ids, ...(await versions.rowIds(kept)).values()])];
      // What the revert left on each day, and what it took away: the trail of a later revert.
      const undone: KeptRuleVersion[] = kept.map((k) => ({
        kind: k.kind,
        key: k.key,
        day: k.day,
        value: k.replaced?.value ?? null,
        ...(k.replaced === null ? { removed: true as const } : {}),
        replaced: k.removed
          ? null
          : { value: k.value, recordedBy: write.actorEmail, recordedAt: write.at.toISOString() },
        ...(k.rowId === undefined ? {} : { rowId: k.rowId }),
      }));
      await deps.audit.record(
        uow,
        {
          action: 'revert',
          entityType: write.entityType,
          entityId: write.entityId,
          label: write.label,
          changes: write.changes.map((c) => ({ field: c.field, before: c.after, after: c.before })),
          details: {
            revertOf: write.id,
            ...(from !== today ? { effectiveFrom: from, ...(from > today ? { scheduled: true } : {}) } : {}),
            ...(owed?.employees.length ? { backPay: owed } : {}),
            ...(write.entityId === null && rows.length ? { ids: rows } : {}),
            ruleVersions: undone,
          },
        },
        { pay },
      );
    },

    /** Of the versions a write left, those no longer as it left them (changed, gone, or back). */
    notAsLeft: (handle: DbOrTx, kept: readonly KeptRuleVersion[]) => deps.versions(handle).notAsLeft(kept),

    /** When the next waiting rule version starts (null: none). */
    nextWaiting: () => deps.versions().nextWaiting(),

    /**
     * The rule changes whose day has come take effect: the rule tables take them, with one audit
     * entry (by the system) for them all and every employee's pay-history row. Answers how many.
     */
    async applyDue(uow: UnitOfWork, today: string): Promise<number> {
      const versions = deps.versions(uow.tx);
      const due = (await versions.waiting()).filter((v) => v.effectiveFrom <= today);
      if (!due.length) return 0;
      const pay = await deps.audit.payBefore(uow, 'all', { rulesOnly: true });
      await versions.applyDue(today);
      await deps.audit.record(
        uow,
        {
          action: 'update',
          entityType: due.length === 1 ? KIND_NAMES[due[0]!.kind].entityType : 'rules',
          entityId: null,
          label: due.length === 1 ? label(due[0]!) : 'Scheduled rule changes',
          changes: due.flatMap((v) =>
            changesOf(v).map((c) => (due.length === 1 ? c : { ...c, field: `${label(v)}: ${c.field}` })),
          ),
          details: { scheduledChangeApplied: today, ids: due.map((v) => v.id) },
        },
        { pay },
      );
      return due.length;
    },

    /** The rule changes waiting for their day, soonest first, as the scheduled-changes list shows them (money-rule readers only). */
    async scheduled(actor: Actor): Promise<ScheduledChange[]> {
      // Their amounts are money rules: only for those who may read the rules.
      if (!canReadMoneyRules(actor)) return [];
      return (await deps.versions().waiting()).map((v: RuleVersionRow) => ({
        id: v.id,
        kind: KIND_NAMES[v.kind].kind,
        subjectName: v.subjectName,
        employeeId: null,
        employeeName: v.subjectName,
        effectiveFrom: v.effectiveFrom,
        changes: changesOf(v),
        recordedBy: v.recordedBy,
        recordedAt: v.recordedAt,
      }));
    },

    /** Whether a rule version has this id (waiting or not). */
    exists: (id: number, handle?: DbOrTx) => deps.versions(handle).exists(id),

    /**
     * Cancels a rule change before its day (manageSettings): 404 unknown, 409 once its day has
     * come; audited with what it would have changed.
     */
    async cancel(uow: UnitOfWork, actor: Actor, id: number, alreadyInForce: string): Promise<void> {
      requirePermission(actor, 'manageSettings');
      const versions = deps.versions(uow.tx);
      const today = await deps.today(uow.tx);
      const [found] = await versions.waiting(id);
      if (!found) {
        if (await versions.exists(id)) throw new AppError(409, 'ALREADY_IN_FORCE', alreadyInForce);
        throw notFound(NOT_FOUND);
      }
      if (found.effectiveFrom <= today) throw new AppError(409, 'ALREADY_IN_FORCE', alreadyInForce);
      if (!(await versions.cancelWaiting(id, today))) throw notFound(NOT_FOUND);
      await deps.audit.record(uow, {
        action: 'update',
        entityType: KIND_NAMES[found.kind].entityType,
        entityId: null,
        label: label(found),
        changes: diffFields(
          ruleValueToApi(found.kind, found.value),
          ruleValueToApi(found.kind, found.before),
        ),
        details: {
          scheduledChangeCancelled: found.effectiveFrom,
          // The version it took away: a revert of the write that made it sees this came after.
          ruleVersions: [
            {
              kind: found.kind,
              key: found.key,
              day: found.effectiveFrom,
              value: null,
              removed: true,
              replaced: { value: found.value, recordedBy: found.recordedBy, recordedAt: found.recordedAt },
            } satisfies KeptRuleVersion,
          ],
        },
      });
    },
  };
}

export type RuleCalendar = ReturnType<typeof createRuleCalendar>;
