import type { AuditChange } from '@salary/shared/audit/audit.contract';
import { type Actor, can } from '@salary/shared/common/permissions';
import {
  ALLOWANCE_NAME,
  type AllowanceBody,
  type AllowanceView,
} from '@salary/shared/employees/allowance.contract';
import type { BenefitChoiceBody, BenefitChoiceView } from '@salary/shared/employees/benefit-choice.contract';
import type { Settings } from '@salary/shared/settings/settings.contract';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import { backPayFor, type StoredBackPay } from '../impact/back-pay.service.ts';
import type { EmployeeAudit, EmployeePayBaseline } from './employee-audit.model.ts';
import type { DatedWrite, EmployeeVersionsRepository } from './employee-versions.repository.ts';
import type { EmployeesRepository } from './employees.repository.ts';
import { authorOf, type EmployeeBackPay } from './employees.service.ts';
import { allowanceOf, benefitKey, withAllowance } from './individual-pay.model.ts';

/*
 * An employee's individual pay (docs/decisions/0030-individual-pay.md), each written through
 * the same dated write as the employee's other dated fields (a version from `effectiveFrom`:
 * today, a day to come, or a past day with back pay), with an audit entry in words and a
 * pay-history row:
 * - its individual allowance: one of its own pay components, named "Individual allowance", the
 *   reason kept beside the engine's keys; read and written with Show Calculated Salary only
 *   (the amount is that employee's pay), written with Edit Employee too;
 * - the company benefits it does not receive (names), read by whoever sees its pay or cost or
 *   edits it, written with Edit Employee.
 */

const ALLOWANCE_REFUSED = 'You do not have permission to see or change individual allowances';
const BENEFITS_REFUSED = 'You do not have permission to see which benefits an employee receives';

export function createIndividualPayService<Pay extends EmployeePayBaseline>(deps: {
  employees: RepositoryOn<EmployeesRepository>;
  versions: RepositoryOn<EmployeeVersionsRepository>;
  audit: EmployeeAudit<Pay>;
  /** The company's benefits now (Settings → Benefits). */
  settings(tx?: DbOrTx): Promise<Settings>;
  backPay?: EmployeeBackPay;
}) {
  const { audit } = deps;

  /** The version in force on `day` (today when absent), with the employee's version. */
  async function inForce(id: number, day?: string, tx?: DbOrTx) {
    const employees = deps.employees(tx);
    const [today, version] = await Promise.all([employees.today(), employees.versionOf(id)]);
    if (version === undefined) throw notFound('Employee not found');
    const found = await deps.versions(tx).onDay(id, day ?? today);
    return { values: found?.values ?? {}, version };
  }

  async function allowanceView(id: number, day?: string, tx?: DbOrTx): Promise<AllowanceView> {
    const { values, version } = await inForce(id, day, tx);
    return { employeeId: id, allowance: allowanceOf(values.payComponents), version };
  }

  async function benefitsView(id: number, day?: string, tx?: DbOrTx): Promise<BenefitChoiceView> {
    const [{ values, version }, settings] = await Promise.all([inForce(id, day, tx), deps.settings(tx)]);
    const excluded = (values.excludedBenefits as string[] | undefined) ?? [];
    const out = new Set(excluded.map(benefitKey));
    return {
      employeeId: id,
      benefits: settings.benefits.map((b) => ({ name: b.name, received: !out.has(benefitKey(b.name)) })),
      excludedBenefits: excluded,
      version,
    };
  }

  /**
   * The dated write of one employee's own pay (docs/decisions/0025): a version from
   * `effectiveFrom` (default today) with `input`, up to its next version; a day to come waits,
   * a past one answers the back pay owed. Audited with `change`, with a pay-history row when
   * today's pay moves. `change` is worked out from the version in force that day.
   */
  async function datedWrite(
    uow: UnitOfWork,
    actor: Actor,
    id: number,
    version: number | undefined,
    effectiveFrom: string | undefined,
    write: (onDay: Record<string, unknown>) => { input: DatedWrite['input']; change: AuditChange },
  ): Promise<StoredBackPay | undefined> {
    const inUnit = deps.employees(uow.tx);
    const versions = deps.versions(uow.tx);
    const today = await inUnit.today();
    const day = effectiveFrom ?? today;
    const stored = await inUnit.lockedVersion(id);
    if (stored === undefined) throw notFound('Employee not found');
    const record = (await inUnit.listAt({ id })).employees[0]!;
    const label = `Employee ${record.name}`;
    if (version !== undefined && version !== stored)
      throw await audit.staleVersion(
        uow,
        { entityType: 'employee', entityId: id, label, labels: STALE_LABELS },
        version,
        stored,
      );
    const onDay = await versions.onDay(id, day);
    const { input, change } = write(onDay?.values ?? {});
    const entry = {
      action: 'update' as const,
      entityType: 'employee' as const,
      entityId: id,
      label,
      changes: [change],
    };
    const by = authorOf(actor);
    const run = async () => {
      // The row takes its version in force today as a write of its own (its version moves).
      await versions.writeFrom([{ id, input }], day, today, by, true);
    };
    if (day > today) {
      await run();
      await audit.record(uow, { ...entry, details: { effectiveFrom: day } });
      return undefined;
    }
    const pay = await audit.payBefore(uow, { id });
    let backPay: StoredBackPay | undefined;
    if (day < today && deps.backPay) backPay = await deps.backPay.backPayOf(uow, day, [id], run);
    else await run();
    const details =
      effectiveFrom === undefined ? {} : { details: { effectiveFrom: day, ...(backPay ? { backPay } : {}) } };
    await audit.record(uow, { ...entry, ...details }, { pay, employeeChanges: 'entry' });
    return backPay;
  }

  return {
    /** GET /employees/{id}/allowance: showSalary. */
    async allowance(actor: Actor, id: number, asOf?: string): Promise<AllowanceView> {
      requirePermission(actor, 'showSalary', ALLOWANCE_REFUSED);
      return allowanceView(id, asOf);
    },

    /** PUT /employees/{id}/allowance: showSalary and manageEmployee. */
    async setAllowance(
      uow: UnitOfWork,
      actor: Actor,
      id: number,
      body: AllowanceBody,
      effectiveFrom?: string,
    ): Promise<AllowanceView> {
      requirePermission(actor, 'showSalary', ALLOWANCE_REFUSED);
      requirePermission(actor, 'manageEmployee');
      const backPay = await datedWrite(uow, actor, id, body.version, effectiveFrom, (onDay) => ({
        input: { payComponents: withAllowance(onDay.payComponents, body.allowance) },
        change: { field: 'allowance', before: allowanceOf(onDay.payComponents), after: body.allowance },
      }));
      const view = await allowanceView(id, undefined, uow.tx);
      return backPay
        ? { ...view, backPay: backPayFor(backPay, { salary: true, cost: can(actor, 'showCost') }) }
        : view;
    },

    /** GET /employees/{id}/benefits: showSalary, showCost or manageEmployee. */
    async benefits(actor: Actor, id: number, asOf?: string): Promise<BenefitChoiceView> {
      if (!can(actor, 'showSalary') && !can(actor, 'showCost') && !can(actor, 'manageEmployee'))
        throw forbidden(BENEFITS_REFUSED);
      return benefitsView(id, asOf);
    },

    /** PUT /employees/{id}/benefits: manageEmployee; each name must be a company benefit. */
    async setBenefits(
      uow: UnitOfWork,
      actor: Actor,
      id: number,
      body: BenefitChoiceBody,
      effectiveFrom?: string,
    ): Promise<BenefitChoiceView> {
      requirePermission(actor, 'manageEmployee');
      const settings = await deps.settings(uow.tx);
      const names = new Map(settings.benefits.map((b) => [benefitKey(b.name), b.name]));
      const unknown = body.excludedBenefits.filter((n) => !names.has(benefitKey(n)));
      if (unknown.length) {
        const message = `Unknown benefit: ${unknown.join(', ')}`;
        throw badRequest(message, [{ field: 'excludedBenefits', message }]);
      }
      // Kept as the settings spell them.
      const excluded = body.excludedBenefits.map((n) => names.get(benefitKey(n))!);
      await datedWrite(uow, actor, id, body.version, effectiveFrom, (onDay) => ({
        input: { excludedBenefits: excluded },
        change: { field: 'excludedBenefits', before: onDay.excludedBenefits ?? [], after: excluded },
      }));
      return benefitsView(id, undefined, uow.tx);
    },
  };
}

/** The labels a stale save's 409 names these writes' fields by. */
const STALE_LABELS = { allowance: ALLOWANCE_NAME, excludedBenefits: 'Benefits Not Received' };

export type IndividualPayService = ReturnType<typeof createIndividualPayService>;
