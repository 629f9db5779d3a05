import { type Actor, can } from '@salary/shared/common/permissions';
import type {
  EmployeeFilters,
  EmployeeInput,
  EmployeeView,
} from '@salary/shared/employees/employee.contract';
import { IMPORT_ERRORS, type ImportReport } from '@salary/shared/excel/excel.contract';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import type { EmployeesService } from '../employees/employees.service.ts';
import type { ExcelRepository } from './excel.repository.ts';
import { type ExportColumn, exportColumns } from './export-workbook.ts';
import { importMessages, mapHeader, parseRow, planImport } from './import-rows.ts';
import { buildNameBook } from './name-book.ts';
import { type CollectedSheet, collectSheet } from './sheet-cells.ts';
import { readSheetRows } from './sheet-reader.ts';
import { buildTemplateWorkbook } from './template-workbook.ts';
import { CELLS_PER_ROW, formatBytes, workbookLimits } from './workbook-limits.ts';

export interface ExcelLimits {
  importMaxRows: number;
  importMaxBytes: number;
}

/** The uploaded file, read by the route only once the service allows it. */
export interface Upload {
  bytes: Buffer;
}

/**
 * Rows read and priced per statement while the export streams. Measured at 100,000 rows:
 * 1,000–5,000 all keep the export ~100 MB above idle, most of it ExcelJS's writer and the
 * garbage it leaves for V8 (the bare writer alone: ~80 MB), not the pages.
 */
const EXPORT_PAGE = 2000;

const refused = (code: string, message: string) => new AppError(400, code, message);

/**
 * The employee writes the import needs, set-based. The composition root hands in the
 * employees' own store (its repository, bound to the import's transaction).
 */
export interface EmployeeImportStore {
  existingIds(ids: number[]): Promise<Set<number>>;
  insertMany(rows: EmployeeInput[]): Promise<number>;
  updateMany(
    rows: Array<{ id: number; employee: Omit<EmployeeInput, 'customMultiplierIds'> }>,
  ): Promise<number>;
}

export interface ImportRepos {
  references: ExcelRepository;
  employees: EmployeeImportStore;
}

export function createExcelService(deps: {
  employeesService: EmployeesService;
  references: ExcelRepository;
  employees: EmployeeImportStore;
  /** Runs the import's writes in one transaction; the repositories it hands over are bound to it. */
  transaction<T>(work: (repos: ImportRepos) => Promise<T>): Promise<T>;
  limits: ExcelLimits;
}) {
  const { limits } = deps;

  /** Parses the sheet and checks every row against the rules as they are inside `repos`. */
  async function plan(sheet: CollectedSheet, columns: ReturnType<typeof mapHeader>, repos: ImportRepos) {
    const book = buildNameBook(await repos.references.referenceNames());
    const parsed = sheet.rows.map((row) => parseRow(row, columns.indexes, book));
    const ids = [...new Set(parsed.flatMap((r) => (r.id === null ? [] : [r.id])))];
    const existing = ids.length ? await repos.employees.existingIds(ids) : new Set<number>();
    const result = planImport(parsed, existing);
    if (result.problems.length) {
      const report: ImportReport = { created: 0, updated: 0, problems: result.problems };
      throw new AppError(
        400,
        IMPORT_ERRORS.problems,
        importMessages.problems(result.problems.length),
        report,
      );
    }
    return result;
  }

  return {
    /**
     * The list as GET /employees gives it to this user (same filters, same 403 for salary
     * filters, salary and cost only when allowed), read and priced a page at a time while the
     * workbook streams, with the columns to write.
     */
    async exportData(
      actor: Actor,
      filters: EmployeeFilters,
    ): Promise<{ columns: ExportColumn[]; employees: AsyncIterable<EmployeeView> }> {
      const employees = deps.employeesService.listInPages(actor, filters, EXPORT_PAGE);
      const columns = exportColumns({ salary: can(actor, 'showSalary'), cost: can(actor, 'showCost') });
      return { columns, employees };
    },

    /** Any signed-in user may download the template; it lists the current names. */
    async template(): Promise<Buffer> {
      return buildTemplateWorkbook(await deps.references.referenceNames(), {
        maxRows: limits.importMaxRows,
        maxBytes: formatBytes(limits.importMaxBytes),
      });
    },

    /**
     * Permission first, then the file. Every row is checked before anything is written; any
     * problem → 400 with all of them and nothing written. Otherwise creates and updates go
     * in one transaction. A dry run answers the same report and writes nothing.
     */
    async importEmployees(
      actor: Actor,
      openUpload: () => Promise<Upload>,
      options: { dryRun: boolean },
    ): Promise<ImportReport> {
      requirePermission(actor, 'manageEmployee', 'You do not have permission to import employees');
      const { importMaxRows } = limits;
      const { bytes } = await openUpload();
      const bounds = workbookLimits(limits);
      const sheet = await collectSheet(readSheetRows(bytes, bounds), bounds, (maxCells) =>
        refused(IMPORT_ERRORS.tooLarge, importMessages.tooWide(maxCells, CELLS_PER_ROW)),
      );
      if (!sheet.header) throw refused(IMPORT_ERRORS.empty, 'The file has no employee rows');
      const columns = mapHeader(sheet.header.cells);
      if (columns.missing.length)
        throw refused(IMPORT_ERRORS.missingColumns, importMessages.missingColumns(columns.missing));
      if (sheet.dataRowCount > importMaxRows)
        throw refused(
          IMPORT_ERRORS.tooManyRows,
          importMessages.tooManyRows(sheet.dataRowCount, importMaxRows),
        );
      if (sheet.dataRowCount === 0) throw refused(IMPORT_ERRORS.empty, 'The file has no employee rows');

      if (options.dryRun) {
        const result = await plan(sheet, columns, { references: deps.references, employees: deps.employees });
        return { created: result.creates.length, updated: result.updates.length, problems: [] };
      }
      return deps.transaction(async (repos) => {
        const result = await plan(sheet, columns, repos);
        const created = await repos.employees.insertMany(
          result.creates.map((e) => ({ ...e, customMultiplierIds: [] })),
        );
        const updated = await repos.employees.updateMany(result.updates);
        return { created, updated, problems: [] };
      });
    },
  };
}

export type ExcelService = ReturnType<typeof createExcelService>;
