import type { ImportProblem, ImportReport } from '@salary/shared/excel/excel.contract';

export { importSummary } from '@salary/shared/excel/excel.contract';

/**
 * Where the two-step import stands: check (dry run) → confirm → import, or the problems.
 * `effectiveFrom`: the day the check was made for (absent: today); Confirm imports with the same.
 * `refused`: the check refused the day chosen (another can be chosen).
 */
export type ImportStep =
  | { kind: 'idle' }
  | { kind: 'checking'; file: File; effectiveFrom?: string }
  | { kind: 'ready'; file: File; report: ImportReport; effectiveFrom?: string }
  | { kind: 'importing'; file: File; report: ImportReport; effectiveFrom?: string }
  | { kind: 'refused'; file: File; message: string; effectiveFrom?: string }
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
