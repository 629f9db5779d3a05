import type { ImportProblem, ImportReport } from '@salary/shared/excel/excel.contract';

export { importSummary } from '@salary/shared/excel/excel.contract';

/** Where the two-step import stands: check (dry run) → confirm → import, or the problems. */
export type ImportStep =
  | { kind: 'idle' }
  | { kind: 'checking'; file: File }
  | { kind: 'ready'; file: File; report: ImportReport }
  | { kind: 'importing'; file: File; report: ImportReport }
  | { kind: 'problems'; file: File; problems: ImportProblem[]; message: string };

/** What the user ticked in the preview: conflicts to apply (IDs), possible duplicates to create (rows). */
export interface ImportTicks {
  overwrite: number[];
  createDuplicates: number[];
}

/** How many employees Confirm would write with these ticks. */
export function confirmedCount(report: ImportReport, ticks: ImportTicks): number {
  return report.created + report.updated + ticks.overwrite.length + ticks.createDuplicates.length;
}
