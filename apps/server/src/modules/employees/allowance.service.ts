import type { PayComponent } from '@salary/salary-engine/pay-components';
import type { AuditChange } from '@salary/shared/audit/audit.contract';
import { fromRuleUnits, type RuleUnits, toRuleUnits } from '@salary/shared/common/money';
import { type Actor, can } from '@salary/shared/common/permissions';
import {
  ALLOWANCE_NAME,
  type Allowance,
  type AllowanceBody,
  type AllowanceView,
} from '@salary/shared/employees/allowance.contract';
import { notFound } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import { backPayFor, type StoredBackPay } from '../impact/back-pay.service.ts';
import type { EmployeeAudit, EmployeePayBaseline } from './employee-audit.model.ts';
import type { EmployeeVersionsRepository } from './employee-versions.repository.ts';
import type { EmployeesRepository } from './employees.repository.ts';
import { authorOf, type EmployeeBackPay } from './employees.service.ts';

/*
 * An employee's individual allowance (docs/decisions/0029-individual-pay.md): one of its own pay
 * components, named "Individual allowance", the reason kept beside the engine's keys. It is
 * written through the same dated write as the employee's other dated fields (a version from
 * `effectiveFrom`: today, a day to come, or a past day with back pay), with an audit entry in
 * words and a pay-history row. Read and written with Show Calculated Salary only: the amount
 * is that employee's pay.
 */

/** The stored component: the engine's keys and the reason. */
export type AllowanceComponent = PayComponent & { readonly reason?: string };

/** The allowance among an employee's own components, in the API's decimals (null: none). */
export function allowanceOf(components: unknown): Allowance | null {
  if (!Array.isArray(components)) return null;
  const found = (components as AllowanceComponent[]).find((c) => c.name === ALLOWANCE_NAME);
  if (!found) return null;
  return {
    type: found.type,
    value: fromRuleUnits(found.value, found.type),
    reason: found.reason ?? '',
  };
}

/** The allowance as its component: once, always, on the adjustment lines. */
export function componentOf(allowance: Allowance): AllowanceComponent {
  return {
    name: ALLOWANCE_NAME,
    type: allowance.type,
    value: toRuleUnits(allowance.value, allowance.type) as RuleUnits,
    per: 'ONCE',
    when: 'ALWAYS',
    line: 'ADJUSTMENT',
    reason: allowance.reason,
  };
}

/** The employee's components with the allowance replaced (null: removed); the others stay. */
export function withAllowance(components: unknown, allowance: Allowance | null): AllowanceComponent[] {
  const others = (Array.isArray(components) ? (components as AllowanceComponent[]) : []).filter(
    (c) => c.name !== ALLOWANCE_NAME,
  );
  return allowance ? [...others, componentOf(allowance)] : others;
}

const ALLOWANCE_REFUSED = 'You do not have permission to see or change individual allowances';

export function createAllowanceService<Pay extends EmployeePayBaseline>(deps: {
  employees: RepositoryOn<EmployeesRepository>;
  versions: RepositoryOn<EmployeeVersionsRepository>;
  audit: EmployeeAudit<Pay>;
  backPay?: EmployeeBackPay;
}) {
  const { audit } = deps;

  /** The allowance in force on `day` (today when absent), with the employee's version. */
  async function read(id: number, day?: string, tx?: UnitOfWork['tx']): Promise<AllowanceView> {
    const employees = deps.employees(tx);
    const [today, version] = await Promise.all([employees.today(), employees.versionOf(id)]);
    const found = await deps.versions(tx).onDay(id, day ?? today);
    if (version === undefined) throw notFound('Employee not found');
    return { employeeId: id, allowance: allowanceOf(found?.values.payComponents), version };
  }

  return {
    /** GET /employees/{id}/allowance: showSalary. */
    async get(actor: Actor, id: number, asOf?: string): Promise<AllowanceView> {
      requirePermission(actor, 'showSalary', ALLOWANCE_REFUSED);
      return read(id, asOf);
    },

    /**
     * PUT /employees/{id}/allowance: showSalary and manageEmployee. From `effectiveFrom`
     * (default today) up to the employee's next dated version; a past day answers its back pay.
     */
    async set(
      uow: UnitOfWork,
      actor: Actor,
      id: number,
      body: AllowanceBody,
      effectiveFrom?: string,
    ): Promise<AllowanceView> {
      requirePermission(actor, 'showSalary', ALLOWANCE_REFUSED);
      requirePermission(actor, 'manageEmployee');
      const inUnit = deps.employees(uow.tx);
      const versions = deps.versions(uow.tx);
      const today = await inUnit.today();
      const day = effectiveFrom ?? today;
      const stored = await inUnit.lockedVersion(id);
      if (stored === undefined) throw notFound('Employee not found');
      const record = (await inUnit.listAt({ id })).employees[0]!;
      if (body.version !== undefined && body.version !== stored)
        throw await audit.staleVersion(
          uow,
          {
            entityType: 'employee',
            entityId: id,
            label: `Employee ${record.name}`,
            labels: { allowance: ALLOWANCE_NAME },
          },
          body.version,
          stored,
        );
      const onDay = await versions.onDay(id, day);
      const before = allowanceOf(onDay?.values.payComponents);
      const after = body.allowance;
      const change: AuditChange = { field: 'allowance', before, after };
      const by = authorOf(actor);
      const label = `Employee ${record.name}`;
      const entry = {
        action: 'update' as const,
        entityType: 'employee' as const,
        entityId: id,
        label,
        changes: [change],
      };
      const write = async () => {
        const input = { payComponents: withAllowance(onDay?.values.payComponents, after) };
        await versions.writeFrom([{ id, input }], day, today, by);
        // The row takes its version in force today as a write of its own (its version moves).
        if (day <= today) await versions.applyToRows([id], today, true);
      };
      if (day > today) {
        await write();
        await audit.record(uow, { ...entry, details: { effectiveFrom: day } });
        return read(id, undefined, uow.tx);
      }
      const pay = await audit.payBefore(uow, { id });
      let backPay: StoredBackPay | undefined;
      if (day < today && deps.backPay) backPay = await deps.backPay.backPayOf(uow, day, [id], write);
      else await write();
      const details =
        effectiveFrom === undefined
          ? {}
          : { details: { effectiveFrom: day, ...(backPay ? { backPay } : {}) } };
      await audit.record(uow, { ...entry, ...details }, { pay, employeeChanges: 'entry' });
      const view = await read(id, undefined, uow.tx);
      return backPay
        ? { ...view, backPay: backPayFor(backPay, { salary: true, cost: can(actor, 'showCost') }) }
        : view;
    },
  };
}

export type AllowanceService = ReturnType<typeof createAllowanceService>;
