import type { DateTimeFormat } from '@salary/shared/common/date-time';
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
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import { collectGarbage } from '../../lib/collect-garbage.ts';
import type { OpenUnitOfWork, RepositoryOn } from '../../lib/unit-of-work.ts';
import type { AuditService, WrittenEmployee } from '../audit/audit.service.ts';
import { authorOf, type EmployeesService } from '../employees/employees.service.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import type { ExcelRepository, StoredEmployee } from './excel.repository.ts';
import {
  type ExportColumn,
  type ExportedEmployee,
  exportColumns,
  type ValueWidths,
} from './export-workbook.ts';
import { importPayPreview } from './import-pay-preview.ts';
import { createImportPlanner, type ImportPlan, type PlanRow, type SliceDecisions } from './import-plan.ts';
import { importRecords } from './import-records.ts';
import { type ColumnIndexes, importMessages, mapHeader, parseRow } from './import-rows.ts';
import { buildNameBook, nameKey } from './name-book.ts';
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

/**
 * Rows of the file decided, written and audited together (their stored rows read, their
 * before and after priced and compared): the import holds one slice of these at a time
 * beside the parsed file, never 100,000 stored rows, decisions and priced records at once.
 */
const IMPORT_SLICE = 5_000;

/**
 * Full collections while an import writes: before its first slice (the sheet's cells, let go
 * once parsed, are most of the heap then) and every 7 slices (35,000 rows) after. A slice's
 * stored rows, priced records and statement texts all live across its database round trips,
 * so they reach V8's old generation, which grows to about twice what is live before V8
 * collects it on its own. Updating 100,000 employees on PGlite peaked +201–253 MB above idle
 * without these collections and +148–164 MB with them (three collections, ~0.1–0.2 s);
 * collecting every 4 slices or every slice was no lower and slower, collecting by heap
 * growth did not lower it.
 */
const COLLECT_EVERY = 7;

type ImportPlanner = ReturnType<typeof createImportPlanner>;

const refused = (code: string, message: string) => new AppError(400, code, message);

/**
 * The employee writes the import needs, set-based. The composition root hands in the
 * employees' own store (its repository, bound to the import's unit of work).
 */
export interface EmployeeImportStore {
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
  creations: [],
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
  /** The import's repositories: on the database (a dry run, the export), or bound to the import's unit of work. */
  repos: RepositoryOn<ImportRepos>;
  /** The import records one entry (counts, per-employee changes) with the pay it moved. */
  audit: Pick<AuditService, 'entryInSlices'>;
  /** A dry run prices its rows with the stored rules, as the list would once imported. */
  pricing: Pick<PricingService, 'rulesAt' | 'price'>;
  limits: ExcelLimits;
  /** The company's date format and zone (read on `handle`): a conflict names the day the app changed a row. */
  format?: (handle?: DbOrTx) => Promise<DateTimeFormat>;
}) {
  const { limits } = deps;
  /** The repositories on the database. */
  const onDb = deps.repos();

  /**
   * Parses the sheet and finds every problem against the employees as they are inside `repos`
   * (any problem: 400 with all of them). The rows are decided afterwards, a slice at a time
   * (`slices`). The sheet's cells are let go as soon as they are parsed.
   */
  async function prepare(read: ReadSheet, repos: ImportRepos, options: ImportOptions, handle?: DbOrTx) {
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
    const existing = await repos.references.existingIds([...ids, ...missing]);
    const newNames = [
      ...new Set(
        rows.flatMap((r) =>
          r.parsed.id === null && r.parsed.employee ? [nameKey(r.parsed.employee.name)] : [],
        ),
      ),
    ];
    const sameName = await repos.references.employeesNamed(newNames);
    const planner = createImportPlanner(rows, {
      existing,
      sameName,
      installation,
      refs,
      exportedIds,
      options,
      dateFormat: deps.format ? await deps.format(handle) : undefined,
    });
    const { problems } = planner.plan;
    if (problems.length) {
      const report: ImportReport = { ...emptyReport(read.sheetName), problems };
      throw new AppError(
        400,
        IMPORT_ERRORS.problems,
        importMessages.problems(problems.length, read.sheetName),
        report,
      );
    }
    // The rows in slices, each let go once decided (slices()).
    const pending: PlanRow[][] = [];
    for (let start = 0; start < rows.length; start += IMPORT_SLICE)
      pending.push(rows.slice(start, start + IMPORT_SLICE));
    return { pending, planner, refs };
  }

  /**
   * The rows decided a slice at a time, in file order, each slice with the stored rows of the
   * employees it names; `pending` is emptied as they go, so a slice's parsed rows are let go
   * once decided. The next slice's stored rows are asked for before this one is handed out,
   * so the database reads them while the caller writes (its statements queue behind the read).
   */
  async function* slices(
    pending: PlanRow[][],
    planner: ImportPlanner,
    repos: ImportRepos,
  ): AsyncGenerator<SliceDecisions & { stored: ReadonlyMap<number, StoredEmployee> }> {
    const read = (slice: PlanRow[] | undefined) => {
      const ids = slice ? planner.idsOf(slice) : [];
      const reading = repos.references.storedEmployees(ids).then((stored) => {
        // Checked to exist before the first slice: deleted by someone else since (PostgreSQL).
        const gone = ids.filter((id) => !stored.has(id));
        if (gone.length)
          throw new AppError(
            409,
            IMPORT_ERRORS.employeeGone,
            `${gone.length === 1 ? 'Employee' : 'Employees'} ${gone.slice(0, 5).join(', ')}${gone.length > 5 ? ', …' : ''} ${gone.length === 1 ? 'was' : 'were'} deleted while the file was being imported; nothing was imported. Import the file again.`,
          );
        return stored;
      });
      // Awaited below; until then a failure must not count as unhandled.
      reading.catch(() => undefined);
      return reading;
    };
    let next = read(pending[0]);
    for (let slice = pending.shift(); slice; slice = pending.shift()) {
      const stored = await next;
      if (pending.length) next = read(pending[0]);
      yield { ...planner.decide(slice, stored), stored };
    }
  }

  const reportOf = (sheet: string, p: ImportPlan): ImportReport => ({
    sheet,
    created: p.created,
    updated: p.updated,
    unchanged: p.unchanged,
    problems: [],
    creations: [],
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
        onDb.references.installationId(),
        onDb.references.widestValues(),
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
        employees: withVersions(pages, onDb.references),
        key: { installation, exportedAt: new Date() },
      };
    },

    /** Any signed-in user may download the template; it lists the current names. */
    async template(): Promise<Buffer> {
      return buildTemplateWorkbook(await onDb.references.referenceNames(), {
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
      open: OpenUnitOfWork,
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
        const { pending, planner, refs } = await prepare(read, onDb, options);
        read = null;
        // What the table shows before Confirm: the new rows, and each row's gross before → after.
        const pay = await importPayPreview(deps.pricing, refs, { salary: can(actor, 'showSalary') });
        for await (const decided of slices(pending, planner, onDb)) pay.add(decided);
        return { report: pay.into(reportOf(sheetName, planner.finish())) };
      }
      const by = authorOf(actor);
      return open(async (uow) => {
        const repos = deps.repos(uow.tx);
        const { pending, planner, refs } = await prepare(read!, repos, options, uow.tx);
        // The sheet's cells are done with once parsed: not held through the writes.
        read = null;
        // One entry: the counts, and each employee created or changed with its fields
        // (before → after), with the pay-history rows of those whose pay moved. Its employees
        // come a slice at a time, priced from the records the plan read and the values written
        // (import-records.ts), not read again: an import moves only the pay of the employees
        // it writes (the rules stay).
        const entry = await deps.audit.entryInSlices(uow);
        const records = importRecords(refs);
        let created = 0;
        let sliceCount = 0;
        for await (const { creates, updates, stored } of slices(pending, planner, repos)) {
          if (sliceCount++ % COLLECT_EVERY === 0) collectGarbage();
          const ids = await repos.employees.newIds(creates.length);
          created += ids.length;
          // Not awaited here: the database writes while the slice's pay and field changes are
          // worked out, and their rows queue behind the write. The database checks every
          // reference of the rows written (foreign keys), as for any other write.
          const writing = (async () => {
            if (creates.length)
              await repos.employees.insertMany(
                creates.map((c) => ({ ...c.employee, customMultiplierIds: [] })),
                by,
                ids,
              );
            // Each row with the fields the plan found changed: only those columns are written.
            if (updates.length)
              await repos.employees.updateMany(
                updates.map((u) => ({ id: u.id, employee: u.employee, changed: u.changes })),
                by,
              );
          })();
          const written = function* (): Iterable<WrittenEmployee> {
            for (const u of updates) {
              const before = records.before(stored.get(u.id)!);
              yield { before, after: records.after(u.id, u.employee, before) };
            }
            for (let i = 0; i < creates.length; i++)
              yield { after: records.after(ids[i]!, creates[i]!.employee) };
          };
          // Neither outlives the transaction: a failure of either is answered once both have
          // settled (the write's own error first), so no statement of it runs after the rollback.
          const [wrote, recorded] = await Promise.allSettled([writing, entry.add(written())]);
          if (wrote.status === 'rejected') throw wrote.reason;
          if (recorded.status === 'rejected') throw recorded.reason;
        }
        const p = planner.finish();
        await entry.finish({
          action: 'import',
          entityType: 'import',
          label: `Import of sheet "${sheetName}"`,
          details: { sheet: sheetName, created, changed: p.updated },
        });
        return { report: reportOf(sheetName, p) };
      });
    },
  };
}

export type ExcelService = ReturnType<typeof createExcelService>;
