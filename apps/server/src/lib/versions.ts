import type { AuditService, StaleRecord } from '../modules/audit/audit.service.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/*
 * The check every versioned write makes (common/stale-version.ts): the version the form was
 * read at against the one stored (read locked, so nothing writes in between). Absent, the
 * write goes ahead (the last write wins, for scripts); older, it is refused with the 409 that
 * names who changed what since, from the audit trail (audit.staleVersion).
 */

export async function requireVersion(
  uow: UnitOfWork,
  audit: Pick<AuditService, 'staleVersion'>,
  record: StaleRecord,
  sent: number | undefined,
  stored: number,
): Promise<void> {
  if (sent !== undefined && sent !== stored) throw await audit.staleVersion(uow, record, sent, stored);
}
