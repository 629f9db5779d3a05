import { type Actor, can, canReadPersonalData } from '@salary/shared/common/permissions';
import type {
  EmployeeFilters,
  EmployeeInput,
  EmployeeView,
} from '@salary/shared/employees/employee.contract';
import {
  COST_COLUMN,
  EXPORT_KEY_SHEET,
  IMPORT_ERRORS,
  type ImportOptions,
  type ImportReport,
  ROW_KEY_COLUMN,
  SALARY_COLUMN,
} from '@salary/shared/excel/excel.contract';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { authorOf, type EmployeesService } from '../employees/employees.service.ts';
import type { ExcelRepository, StoredEmployee } from './excel.repository.ts';
import {
  type ExportColumn,
  type ExportedEmployee,
  exportColumns,
  type ValueWidths,
} from './export-workbook.ts';
import { type ImportPlan, type PlanRow, planImport } from './import-plan.ts';
import { importRecords } from './import-records.ts';
import { type ColumnIndexes, importMessages, mapHeader, parseRow } from './import-rows.ts';
import { buildNameBook, nameKey, type ReferenceNames } from './name-book.ts';
import { decodeIdRuns, decodeRowKey } from './row-key.ts';
import {
  type CellValue,
  type CollectedSheet,
  cellText,
  collectSheet,
  isBlankRow,
  SheetError,
} from './sheet-cells.ts';
import { openWorkbook } from './sheet-reader.ts';
import { buildTemplateWorkbook } from './template-workbook.ts';
import { CELLS_PER_ROW, formatBytes, type WorkbookLimits, workbookLimits } from './workbook-limits.ts';
import type { OpenedWorkbook } from './xlsx-reader.ts';

export interface ExcelLimits {
  importMaxRows: number;
  importMaxBytes: number;
}

/** The uploaded file, read by the route only once the service allows it. */
export interface Upload {
  bytes: Buffer;
}

/**
 * Rows read and priced per statement while the export streams. Small on purpose: a page is
 * held while its rows are written and the stream drains, and a page of 1,000–5,000 rows
 * lives long enough for V8 to move it to the old generation, which then grows with every
 * page until a full collection. At 250 rows (with the workbook waiting for the compressor
 * every 250 rows, export-workbook.ts) the export of 100,000 rows on PostgreSQL peaked
 * +23 MB above idle instead of +125 MB, for 400 statements instead of 50.
 */
const EXPORT_PAGE = 250;

const refused = (code: string, message: string) => new AppError(400, code, message);

/**
 * The employee writes the import needs, set-based. The composition root hands in the
 * employees' own store (its repository, bound to the import's transaction).
 */
export interface EmployeeImportStore {
  /** Runs the writes of rows whose references the plan resolved in this transaction (see the repository). */
  referencesChecked<T>(work: () => Promise<T>): Promise<T>;
  newIds(count: number): Promise<number[]>;
  insertMany(rows: EmployeeInput[], by: string | null, ids: number[]): Promise<number[]>;
  updateMany(
    rows: Array<{
      id: number;
      employee: Omit<EmployeeInput, 'customMultiplierIds'>;
      changed?: ReadonlyArray<{ field: string }>;
    }>,
    by: string | null,
  ): Promise<number>;
}

export interface ImportRepos {
  references: ExcelRepository;
  employees: EmployeeImportStore;
}

/** The import's answer: the report the user sees. */
export interface ImportResult {
  report: ImportReport;
}

const emptyReport = (sheet: string): ImportReport => ({
  sheet,
  created: 0,
  updated: 0,
  unchanged: 0,
  problems: [],
  changes: [],
  conflicts: [],
  conflictCount: 0,
  possibleDuplicates: [],
  duplicateCount: 0,
  ignoredEdits: [],
  notices: [],
});

/** The sheet holding the employees: the first whose header row has every required column. */
async function findEmployeeSheet(book: OpenedWorkbook): Promise<{ index: number; name: string } | null> {
  let fallback: { index: number; name: string; missing: number } | null = null;
  for (let index = 0; index < book.sheets.length; index++) {
    const info = book.sheets[index]!;
    if (info.state !== 'visible') continue;
    let header: CellValue[] | null = null;
    for await (const row of book.rows(index)) {
      if (isBlankRow(row.cells)) continue;
      header = row.cells;
      break;
    }
    if (!header) continue;
    const missing = mapHeader(header).missing.length;
    if (missing === 0) return { index, name: info.name };
    if (!fallback || missing < fallback.missing) fallback = { index, name: info.name, missing };
  }
  return fallback;
}

/** The export's Export Key sheet: which installation wrote it and the IDs it held. */
async function readExportKey(book: OpenedWorkbook): Promise<{ installation: string; ids: number[] } | null> {
  const index = book.sheets.findIndex((s) => s.name === EXPORT_KEY_SHEET);
  if (index < 0) return null;
  let installation = '';
  const ids: number[] = [];
  for await (const row of book.rows(index)) {
    const [label, value] = row.cells.map(cellText);
    if (label === 'installation') installation = value ?? '';
    else if (label === 'ids') ids.push(...decodeIdRuns(value ?? ''));
  }
  return installation ? { installation, ids } : null;
}

/** A money cell as a number: as written, or its text without the dollar sign and commas. */
function moneyOf(value: CellValue): number | null {
  if (value === null || value instanceof SheetError) return null;
  if (typeof value === 'number') return value;
  const text = cellText(value).replace(/[$,\s]/g, '');
  return text === '' ? null : Number(text);
}

/** The export-only columns (Row Key, Calculated Salary, Total Cost) where the header has them. */
function extraColumns(header: CellValue[]) {
  const at = (title: string) => header.findIndex((c) => cellText(c).toLowerCase() === title.toLowerCase());
  return { key: at(ROW_KEY_COLUMN), salary: at(SALARY_COLUMN), cost: at(COST_COLUMN) };
}

interface ReadSheet {
  sheetName: string;
  sheet: CollectedSheet;
  columns: ColumnIndexes;
  extras: ReturnType<typeof extraColumns>;
  exportKey: { installation: string; ids: number[] } | null;
}

/** The list's pages with each employee's version (for the Row Key), one query per page. */
async function* withVersions(
  employees: AsyncIterable<EmployeeView>,
  references: ExcelRepository,
): AsyncGenerator<ExportedEmployee> {
  let page: EmployeeView[] = [];
  const flush = async function* () {
    const versions = await references.versions(page.map((e) => e.id));
    for (const e of page) yield { ...e, version: versions.get(e.id) ?? 1 };
    page = [];
  };
  for await (const e of employees) {
    page.push(e);
    if (page.length >= EXPORT_PAGE) yield* flush();
  }
  if (page.length) yield* flush();
}

export type { ValueWidths };

export function createExcelService(deps: {
  employeesService: EmployeesService;
  references: ExcelRepository;
  employees: EmployeeImportStore;
  /** Runs the import's writes in one transaction; the repositories it hands over are bound to it. */
  transaction<T>(work: (repos: ImportRepos) => Promise<T>): Promise<T>;
  /** The import records one entry (counts, per-employee changes) with the pay it moved. */
  audit: Pick<AuditService, 'record' | 'payOfRecords'>;
  limits: ExcelLimits;
}) {
  const { limits } = deps;

  /**
   * Parses the sheet and decides every row against the employees as they are inside `repos`.
   * A sheet is planned once: its cells are let go as soon as they are parsed.
   */
  async function plan(
    read: ReadSheet,
    repos: ImportRepos,
    options: ImportOptions,
  ): Promise<{ plan: ImportPlan; stored: Map<number, StoredEmployee>; refs: ReferenceNames }> {
    const { sheet, columns, extras, exportKey } = read;
    const refs = await repos.references.referenceNames();
    const book = buildNameBook(refs);
    const rows: PlanRow[] = sheet.rows.map((row) => {
      const parsed = parseRow(row, columns, book);
      const cell = (index: number) => (index < 0 ? undefined : (row.cells[index] ?? null));
      const keyCell = cell(extras.key);
      const salary = cell(extras.salary);
      const cost = cell(extras.cost);
      return {
        parsed,
        key: keyCell === undefined ? null : decodeRowKey(cellText(keyCell)),
        salary: salary === undefined ? undefined : moneyOf(salary),
        cost: cost === undefined ? undefined : moneyOf(cost),
      };
    });
    // The cells are done with once parsed: let go before the stored rows are read beside them.
    sheet.rows = [];
    const ids = [...new Set(rows.flatMap((r) => (r.parsed.id === null ? [] : [r.parsed.id])))];
    const installation = await repos.references.installationId();
    const exportedIds = exportKey?.installation === installation ? exportKey.ids : null;
    // A Set: `ids.includes` per exported id was 100,000 × 100,000 comparisons, ~3 s of
    // re-importing an unchanged 100,000-row export.
    const inFile = new Set(ids);
    const missing = exportedIds ? exportedIds.filter((id) => !inFile.has(id)) : [];
    const stored = await repos.references.storedEmployees([...ids, ...missing]);
    const newNames = [
      ...new Set(
        rows.flatMap((r) =>
          r.parsed.id === null && r.parsed.employee ? [nameKey(r.parsed.employee.name)] : [],
        ),
      ),
    ];
    const sameName = await repos.references.employeesNamed(newNames);
    const result = planImport(rows, { stored, sameName, installation, refs, exportedIds, options });
    if (result.problems.length) {
      const report: ImportReport = { ...emptyReport(read.sheetName), problems: result.problems };
      throw new AppError(
        400,
        IMPORT_ERRORS.problems,
        importMessages.problems(result.problems.length, read.sheetName),
        report,
      );
    }
    return { plan: result, stored, refs };
  }

  const reportOf = (sheet: string, p: ImportPlan): ImportReport => ({
    sheet,
    created: p.creates.length,
    updated: p.updates.length,
    unchanged: p.unchanged,
    problems: [],
    changes: p.changes,
    conflicts: p.conflicts,
    conflictCount: p.conflictCount,
    possibleDuplicates: p.duplicates,
    duplicateCount: p.duplicateCount,
    ignoredEdits: p.ignoredEdits,
    notices: p.notices,
  });

  /** The file → the sheet to import, its header mapped, its rows collected (limits checked). */
  async function readUploadedSheet(bytes: Buffer, bounds: WorkbookLimits): Promise<ReadSheet> {
    const book = await openWorkbook(bytes, bounds);
    const found = await findEmployeeSheet(book);
    if (!found) throw refused(IMPORT_ERRORS.empty, 'The file has no employee rows');
    const inSheet = (message: string) => importMessages.inSheet(message, found.name);
    const sheet = await collectSheet(book.rows(found.index), bounds, (maxCells) =>
      refused(IMPORT_ERRORS.tooLarge, inSheet(importMessages.tooWide(maxCells, CELLS_PER_ROW))),
    );
    if (!sheet.header) throw refused(IMPORT_ERRORS.empty, inSheet('The file has no employee rows'));
    const columns = mapHeader(sheet.header.cells);
    if (columns.missing.length)
      throw refused(IMPORT_ERRORS.missingColumns, inSheet(importMessages.missingColumns(columns.missing)));
    if (sheet.dataRowCount > limits.importMaxRows)
      throw refused(
        IMPORT_ERRORS.tooManyRows,
        inSheet(importMessages.tooManyRows(sheet.dataRowCount, limits.importMaxRows)),
      );
    if (sheet.dataRowCount === 0)
      throw refused(IMPORT_ERRORS.empty, inSheet('The file has no employee rows'));
    return {
      sheetName: found.name,
      sheet,
      columns: columns.indexes,
      extras: extraColumns(sheet.header.cells),
      exportKey: await readExportKey(book),
    };
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
    ): Promise<{
      columns: ExportColumn[];
      employees: AsyncIterable<ExportedEmployee>;
      key: { installation: string; exportedAt: Date };
    }> {
      const pages = deps.employeesService.listInPages(actor, filters, EXPORT_PAGE);
      const [installation, widths] = await Promise.all([
        deps.references.installationId(),
        deps.references.widestValues(),
      ]);
      const columns = exportColumns(
        {
          salary: can(actor, 'showSalary'),
          cost: can(actor, 'showCost'),
          personal: canReadPersonalData(actor),
        },
        { installation, widths },
      );
      return {
        columns,
        employees: withVersions(pages, deps.references),
        key: { installation, exportedAt: new Date() },
      };
    },

    /** Any signed-in user may download the template; it lists the current names. */
    async template(): Promise<Buffer> {
      return buildTemplateWorkbook(await deps.references.referenceNames(), {
        maxRows: limits.importMaxRows,
        maxBytes: formatBytes(limits.importMaxBytes),
      });
    },

    /**
     * Permission first, then the file. Every row is checked and decided before anything is
     * written; any problem → 400 with all of them and nothing written. Otherwise creates and
     * changes go in one transaction, decided again inside it; conflicts and possible
     * duplicates only when ticked (`options`). A dry run answers the same report and writes nothing.
     */
    async importEmployees(
      actor: Actor,
      openUpload: () => Promise<Upload>,
      options: ImportOptions,
    ): Promise<ImportResult> {
      requirePermission(actor, 'manageEmployee', 'You do not have permission to import employees');
      let read: ReadSheet | null = await readUploadedSheet(
        (await openUpload()).bytes,
        workbookLimits(limits),
      );
      const { sheetName } = read;

      if (options.dryRun) {
        const { plan: p } = await plan(
          read,
          { references: deps.references, employees: deps.employees },
          options,
        );
        return { report: reportOf(sheetName, p) };
      }
      const by = authorOf(actor);
      return deps.transaction(async (repos) => {
        const { plan: p, stored, refs } = await plan(read!, repos, options);
        // The sheet's cells are done with once planned: not held through the writes.
        read = null;
        // An import moves only the pay of the employees it writes (the rules stay): those it
        // changes are priced before, and after with those it creates, from the records the
        // plan read and the values written (import-records.ts), not read again.
        const records = importRecords(refs);
        const before = p.updates.map((u) => records.before(stored.get(u.id)!));
        // The stored rows are done with once the before-records are built (those copy what
        // they need): not held through the writes and the entry.
        stored.clear();
        const pay = await deps.audit.payOfRecords(before);
        const ids = await repos.employees.newIds(p.creates.length);
        // Every reference was resolved by name in this transaction (the plan): no per-row checks.
        // Not awaited here: the database writes while the entry's pay and field changes are
        // worked out from the records (`writing`), and `record` waits for it before its own rows.
        const writing = repos.employees.referencesChecked(async () => {
          await repos.employees.insertMany(
            p.creates.map((c) => ({ ...c.employee, customMultiplierIds: [] })),
            by,
            ids,
          );
          // Each row with the fields the plan found changed: only those columns are written.
          await repos.employees.updateMany(
            p.updates.map((u) => ({ id: u.id, employee: u.employee, changed: u.changes })),
            by,
          );
        });
        function* after() {
          for (let i = 0; i < p.updates.length; i++) {
            const u = p.updates[i]!;
            yield records.after(u.id, u.employee, before[i]);
          }
          for (let i = 0; i < p.creates.length; i++) yield records.after(ids[i]!, p.creates[i]!.employee);
        }
        // One audit entry: the counts, and each employee created or changed with its fields
        // (before → after), with the pay-history rows of those whose pay moved.
        const recording = deps.audit.record(
          {
            action: 'import',
            entityType: 'import',
            label: `Import of sheet "${sheetName}"`,
            details: {
              sheet: sheetName,
              created: ids.length,
              changed: p.updates.length,
            },
          },
          { pay, after: after(), employeeChanges: 'details', writing },
        );
        // Neither outlives the transaction: a failure of either is answered once both have
        // settled (the write's own error first), so no statement of it runs after the rollback.
        const [wrote, recorded] = await Promise.allSettled([writing, recording]);
        if (wrote.status === 'rejected') throw wrote.reason;
        if (recorded.status === 'rejected') throw recorded.reason;
        return { report: reportOf(sheetName, p) };
      });
    },
  };
}

export type ExcelService = ReturnType<typeof createExcelService>;
