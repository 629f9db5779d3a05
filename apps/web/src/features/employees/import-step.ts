import type { ImportProblem, ImportReport } from '@salary/shared/excel/excel.contract';

/** Where the two-step import stands: check (dry run) → confirm → import, or the problems. */
export type ImportStep =
  | { kind: 'idle' }
  | { kind: 'checking'; file: File }
  | { kind: 'ready'; file: File; report: ImportReport }
  | { kind: 'importing'; file: File; report: ImportReport }
  | { kind: 'problems'; file: File; problems: ImportProblem[]; message: string };

/** What a dry run found, in the server's words (spec: "N to create, M to update"). */
export function importSummary(report: Pick<ImportReport, 'created' | 'updated'>): string {
  return `${report.created} to create, ${report.updated} to update`;
}
