import type { DateTimeFormat } from '@salary/shared/common/date-time';
import { type Actor, can } from '@salary/shared/common/permissions';
import type { EmployeeInput } from '@salary/shared/employees/employee.contract';
import { IMPORT_ERRORS, type ImportOptions, type ImportReport } from '@salary/shared/excel/excel.contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import { collectGarbage } from '../../lib/collect-garbage.ts';
import type { OpenUnitOfWork, RepositoryOn } from '../../lib/unit-of-work.ts';
import type { AuditService, WrittenEmployee } from '../audit/audit.service.ts';
import { authorOf } from '../employees/employees.service.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import type { ExcelRepository, StoredEmployee } from './excel.repository.ts';
import { createImportPlanner, type ImportPlan, type PlanRow, type SliceDecisions } from './import.plan.ts';
import { importPayPreview } from './import-pay-preview.plan.ts';
import { importRecords } from './import-records.model.ts';
import { importMessages, parseRow } from './import-rows.reader.ts';
import { moneyOf, type ReadSheet, readUploadedSheet } from './import-sheet.reader.ts';
import { buildNameBook, nameKey } from './name-book.model.ts';
import { decodeRowKey } from './row-key.model.ts';
import { cellText } from './sheet-cells.model.ts';
import type { ExcelLimits } from './workbook.limits.ts';

/*
 * The import (POST /employees/import): the uploaded file read (import-sheet.reader.ts), every row
 * parsed and checked against the employees as they are, then decided and written a slice at a
 * time in one unit of work with one audit entry — or, as a dry run, decided and priced for the
 * preview and nothing written. Reverting an import is import-revert.service.ts.
 */

/** The uploaded file, read by the route only once the service allows it. */
export interface Upload {
  bytes: Buffer;
}

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

export function createExcelImportService(deps: {
  /** The import's repositories: on the database (a dry run), or bound to the import's unit of work. */
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

  return {
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
      let read: ReadSheet | null = await readUploadedSheet((await openUpload()).bytes, limits);
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
        // (import-records.model.ts), not read again: an import moves only the pay of the employees
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

export type ExcelImportService = ReturnType<typeof createExcelImportService>;
