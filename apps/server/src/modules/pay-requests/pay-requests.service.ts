import { type Actor, canReadPayReport } from '@salary/shared/common/permissions';
import {
  dueOnFor,
  PAY_REQUEST_FIELD_LABELS,
  type PayRequest,
  type PayRequestRegister,
  statusOf,
} from '@salary/shared/pay-requests/pay-requests.contract';
import type { PayStatement } from '@salary/shared/pay-transparency/pay-transparency.contract';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { requireAdmin } from '../../lib/authorize.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import { requireVersion } from '../../lib/versions.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { PayRequestRow, PayRequestsRepository, PayRequestValues } from './pay-requests.repository.ts';

/*
 * The register of workers' requests for their pay information. Reading it, and a request's
 * statement, needs what the pay report needs (admins and showSalary: the statement shows pay);
 * recording, answering and deleting are admins' (as justifying a pay gap is). Every write
 * records one audit entry in its unit of work; "today" is the company's.
 */

export const PAY_REQUESTS_FORBIDDEN = 'You do not have permission to see pay requests';
export const PAY_REQUESTS_WRITE_FORBIDDEN = 'Only administrators can record pay requests';
export const PAY_REQUEST_NOT_FOUND = 'Pay request not found';
export const RECEIVED_IN_FUTURE = 'Received On cannot be after today';
export const ANSWERED_IN_FUTURE = 'Answered On cannot be after today';
export const ANSWERED_BEFORE_RECEIVED = 'Answered On cannot be before Received On';
export const EMPLOYEE_NOT_FOUND = 'Employee not found';
export const EMPLOYEE_DELETED = 'The employee was deleted: no statement can be made for them';

const ENTITY = 'payRequest';

export interface PayRequestInput {
  receivedOn: string;
  answeredOn?: string | null;
  note?: string;
}

export function createPayRequestsService(deps: {
  repo: RepositoryOn<PayRequestsRepository>;
  audit: Pick<AuditService, 'record' | 'staleVersion'>;
  /** The company's today (on `handle`: a write's transaction). */
  today: (handle?: DbOrTx) => Promise<string>;
  /** The worker's pay statement as of a day (the pay transparency service's). */
  statement: (actor: Actor, employeeId: number, asOf: string) => Promise<PayStatement>;
}) {
  const requireReader = (actor: Actor) => {
    if (!canReadPayReport(actor)) throw forbidden(PAY_REQUESTS_FORBIDDEN);
  };
  const view = (r: PayRequestRow, today: string): PayRequest => ({
    id: r.id,
    employeeId: r.employeeId,
    employeeName: r.employeeName,
    employeeExists: r.employeeExists,
    receivedOn: r.receivedOn,
    dueOn: r.dueOn,
    answeredOn: r.answeredOn,
    note: r.note,
    status: statusOf(r, today),
    recordedBy: r.recordedBy,
    recordedAt: r.recordedAt.toISOString(),
    version: r.version,
  });
  const label = (r: { employeeName: string; receivedOn: string }) =>
    `Pay request of ${r.employeeName} received ${r.receivedOn}`;

  /** The stored values of `input`, checked against each other and the company's today. */
  const valuesOf = (input: PayRequestInput, today: string): PayRequestValues => {
    const answeredOn = input.answeredOn ?? null;
    if (input.receivedOn > today)
      throw badRequest(RECEIVED_IN_FUTURE, [{ field: 'receivedOn', message: RECEIVED_IN_FUTURE }]);
    if (answeredOn !== null && answeredOn < input.receivedOn)
      throw badRequest(ANSWERED_BEFORE_RECEIVED, [
        { field: 'answeredOn', message: ANSWERED_BEFORE_RECEIVED },
      ]);
    if (answeredOn !== null && answeredOn > today)
      throw badRequest(ANSWERED_IN_FUTURE, [{ field: 'answeredOn', message: ANSWERED_IN_FUTURE }]);
    const note = input.note?.length ? input.note : null;
    return { receivedOn: input.receivedOn, dueOn: dueOnFor(input.receivedOn), answeredOn, note };
  };

  const changesOf = (before: Partial<PayRequestValues>, after: PayRequestValues) =>
    (['receivedOn', 'dueOn', 'answeredOn', 'note'] as const)
      .filter((f) => (before[f] ?? null) !== after[f])
      .map((field) => ({ field, before: before[field] ?? null, after: after[field] }));

  const found = async (id: number, handle?: DbOrTx) => {
    const row = await deps.repo(handle).find(id);
    if (!row) throw notFound(PAY_REQUEST_NOT_FOUND);
    return row;
  };

  /** An administrator's write to request `id`: its row locked, and the version the form read checked against it. */
  const lockedForWrite = async (uow: UnitOfWork, actor: Actor, id: number, version: number | undefined) => {
    requireAdmin(actor, PAY_REQUESTS_WRITE_FORBIDDEN);
    const repo = deps.repo(uow.tx);
    const stored = await repo.lockedVersion(id);
    if (stored === undefined) throw notFound(PAY_REQUEST_NOT_FOUND);
    const before = await found(id, uow.tx);
    await requireVersion(
      uow,
      deps.audit,
      { entityType: ENTITY, entityId: id, label: label(before), labels: PAY_REQUEST_FIELD_LABELS },
      version,
      stored,
    );
    return { repo, before };
  };

  return {
    /** The register: overdue first (oldest due first), then open by due day, then answered (latest first). */
    async list(actor: Actor): Promise<PayRequestRegister> {
      requireReader(actor);
      const [rows, today] = await Promise.all([deps.repo().list(), deps.today()]);
      const views = rows.map((r) => view(r, today));
      const rank = { overdue: 0, open: 1, answered: 2 } as const;
      views.sort((a, b) => {
        if (a.status !== b.status) return rank[a.status] - rank[b.status];
        if (a.status === 'answered')
          return (b.answeredOn ?? '').localeCompare(a.answeredOn ?? '') || b.id - a.id;
        return a.dueOn.localeCompare(b.dueOn) || a.id - b.id;
      });
      return { today, requests: views };
    },

    async create(
      uow: UnitOfWork,
      actor: Actor,
      input: PayRequestInput & { employeeId: number },
    ): Promise<PayRequest> {
      requireAdmin(actor, PAY_REQUESTS_WRITE_FORBIDDEN);
      const repo = deps.repo(uow.tx);
      const today = await deps.today(uow.tx);
      const employeeName = await repo.employeeName(input.employeeId);
      if (employeeName === undefined)
        throw badRequest(EMPLOYEE_NOT_FOUND, [{ field: 'employeeId', message: EMPLOYEE_NOT_FOUND }]);
      const values = valuesOf(input, today);
      const id = await repo.insert({
        ...values,
        employeeId: input.employeeId,
        employeeName,
        // The signed-in caller the unit of work runs for.
        recordedBy: uow.actor?.email ?? 'system',
      });
      await deps.audit.record(uow, {
        action: 'create',
        entityType: ENTITY,
        entityId: id,
        label: label({ employeeName, receivedOn: values.receivedOn }),
        changes: [{ field: 'employeeId', before: null, after: input.employeeId }, ...changesOf({}, values)],
      });
      return view(await found(id, uow.tx), today);
    },

    /** Edits the days and the note, or marks it answered; `version` is the one the form read. */
    async update(
      uow: UnitOfWork,
      actor: Actor,
      id: number,
      input: PayRequestInput & { version?: number },
    ): Promise<PayRequest> {
      const { repo, before } = await lockedForWrite(uow, actor, id, input.version);
      const today = await deps.today(uow.tx);
      const values = valuesOf(input, today);
      await repo.update(id, values);
      const answering = before.answeredOn === null && values.answeredOn !== null;
      await deps.audit.record(uow, {
        action: answering ? 'answer' : 'update',
        entityType: ENTITY,
        entityId: id,
        label: label(before),
        changes: changesOf(before, values),
      });
      return view(await found(id, uow.tx), today);
    },

    async remove(uow: UnitOfWork, actor: Actor, id: number, version?: number): Promise<void> {
      const { repo, before } = await lockedForWrite(uow, actor, id, version);
      await repo.delete(id);
      await deps.audit.record(uow, {
        action: 'delete',
        entityType: ENTITY,
        entityId: id,
        label: label(before),
        changes: (['receivedOn', 'dueOn', 'answeredOn', 'note'] as const).map((field) => ({
          field,
          before: before[field],
          after: null,
        })),
      });
    },

    /** The pay statement of the request's employee as of the day it was received. */
    async statement(actor: Actor, id: number): Promise<{ request: PayRequest; statement: PayStatement }> {
      requireReader(actor);
      const [row, today] = await Promise.all([found(id), deps.today()]);
      if (!row.employeeExists) throw notFound(EMPLOYEE_DELETED);
      return {
        request: view(row, today),
        statement: await deps.statement(actor, row.employeeId, row.receivedOn),
      };
    },
  };
}

export type PayRequestsService = ReturnType<typeof createPayRequestsService>;
