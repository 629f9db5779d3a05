import type { ExcelRepository } from './excel.repository.ts';
import { buildTemplateWorkbook } from './template.workbook.ts';
import { type ExcelLimits, formatBytes } from './workbook.limits.ts';

/** The import template (GET /employees/template/download), with the names as they are now. */
export function createExcelTemplateService(deps: {
  /** On the database: the job, position, grade and level names the template lists. */
  references: Pick<ExcelRepository, 'referenceNames'>;
  /** The template's instructions state the import's limits. */
  limits: ExcelLimits;
}) {
  const { references, limits } = deps;
  return {
    /** Any signed-in user may download the template; it lists the current names. */
    async template(): Promise<Buffer> {
      return buildTemplateWorkbook(await references.referenceNames(), {
        maxRows: limits.importMaxRows,
        maxBytes: formatBytes(limits.importMaxBytes),
      });
    },
  };
}

export type ExcelTemplateService = ReturnType<typeof createExcelTemplateService>;
