import { createAuditReading } from './audit-reading.service.ts';
import { type AuditDeps, createAuditRecording } from './audit-recording.service.ts';

/*
 * The audit trail, one service of two parts: recording every write's entry and pay history in
 * its unit of work (audit-recording.service.ts), and reading the trail back, described in words
 * (audit-reading.service.ts).
 */

export { LISTED_EMPLOYEES } from './audit-reading.service.ts';
export type {
  AuditDeps,
  EntryInput,
  PayBaseline,
  RecordOptions,
  SlicedEntry,
  StaleRecord,
  WrittenEmployee,
} from './audit-recording.service.ts';
export { revertingUnit } from './audit-recording.service.ts';

export function createAuditService(deps: AuditDeps) {
  return { ...createAuditRecording(deps), ...createAuditReading(deps) };
}

export type AuditService = ReturnType<typeof createAuditService>;
