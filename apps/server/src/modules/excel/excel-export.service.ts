import { type Actor, can, canReadPersonalData } from '@salary/shared/common/permissions';
import type { EmployeeFilters, EmployeeView } from '@salary/shared/employees/employee.contract';
import type { EmployeesService } from '../employees/employees.service.ts';
import { allowanceOf } from '../employees/individual-pay.model.ts';
import type { ExcelRepository } from './excel.repository.ts';
import { type ExportColumn, type ExportedEmployee, exportColumns } from './export.workbook.ts';

/*
 * The export (GET /employees/export): the list as this user sees it, read and priced a page at
 * a time while the workbook streams (export.workbook.ts writes it), each row with its version
 * for the Row Key.
 */

/**
 * Rows read and priced per statement while the export streams. Small on purpose: a page is
 * held while its rows are written and the stream drains, and a page of 1,000–5,000 rows
 * lives long enough for V8 to move it to the old generation, which then grows with every
 * page until a full collection. At 250 rows (with the workbook waiting for the compressor
 * every 250 rows, export.workbook.ts) the export of 100,000 rows on PostgreSQL peaked
 * +23 MB above idle instead of +125 MB, for 400 statements instead of 50.
 */
const EXPORT_PAGE = 250;

type ExportReferences = Pick<
  ExcelRepository,
  'installationId' | 'widestValues' | 'versions' | 'individualPay'
>;

/** The list's pages with each employee's version (for the Row Key), one query per page. */
async function* withVersions(
  employees: AsyncIterable<EmployeeView>,
  references: ExportReferences,
  /** Exported as of another day: every Row Key's version is 0, so a re-import sees each row as stale. */
  day: string | undefined,
  /** Which of the employee's own pay the reader may see (export.workbook.ts's columns). */
  see: { salary: boolean; benefits: boolean },
): AsyncGenerator<ExportedEmployee> {
  let page: EmployeeView[] = [];
  const flush = async function* () {
    const ids = page.map((e) => e.id);
    const [versions, own] = await Promise.all([
      references.versions(ids),
      see.salary || see.benefits ? references.individualPay(ids, day) : undefined,
    ]);
    for (const e of page) {
      const pay = own?.get(e.id);
      yield {
        ...e,
        version: day !== undefined ? 0 : (versions.get(e.id) ?? 1),
        ...(see.salary && { allowance: allowanceOf(pay?.payComponents) }),
        ...(see.benefits && { excludedBenefits: pay?.excludedBenefits ?? [] }),
      };
    }
    page = [];
  };
  for await (const e of employees) {
    page.push(e);
    if (page.length >= EXPORT_PAGE) yield* flush();
  }
  if (page.length) yield* flush();
}

export function createExcelExportService(deps: {
  /** The list as GET /employees reads it, in pages. */
  employees: Pick<EmployeesService, 'listInPages' | 'otherDay'>;
  /** On the database: the installation's id, the widest values, each row's version. */
  references: ExportReferences;
}) {
  const { references } = deps;
  return {
    /**
     * The list as GET /employees gives it to this user (same filters, same 403 for salary
     * filters, salary and cost only when allowed), read and priced a page at a time while the
     * workbook streams, with the columns to write. `asOf` (YYYY-MM-DD): the list as of that day,
     * as GET /employees?asOf= reads it.
     */
    async exportData(
      actor: Actor,
      filters: EmployeeFilters,
      asOf?: string,
    ): Promise<{
      columns: ExportColumn[];
      employees: AsyncIterable<ExportedEmployee>;
      key: { installation: string; exportedAt: Date };
    }> {
      const day = await deps.employees.otherDay(asOf);
      const pages = deps.employees.listInPages(actor, filters, EXPORT_PAGE, day);
      const [installation, widths] = await Promise.all([
        references.installationId(),
        references.widestValues(),
      ]);
      const see = {
        salary: can(actor, 'showSalary'),
        cost: can(actor, 'showCost'),
        personal: canReadPersonalData(actor),
        // Who may read an employee's benefit choice (GET /employees/{id}/benefits).
        benefits: can(actor, 'showSalary') || can(actor, 'showCost') || can(actor, 'manageEmployee'),
      };
      const columns = exportColumns(see, { installation, widths });
      return {
        columns,
        employees: withVersions(pages, references, day, see),
        key: { installation, exportedAt: new Date() },
      };
    },
  };
}

export type ExcelExportService = ReturnType<typeof createExcelExportService>;
