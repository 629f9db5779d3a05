import type { DateTimeFormat } from '@salary/shared/common/date-time';
import { type Actor, can } from '@salary/shared/common/permissions';
import type { EmployeeInput } from '@salary/shared/employees/employee.contract';
import {
  ALLOWANCE_COLUMN,
  ALLOWANCE_REASON_COLUMN,
  ALLOWANCE_TYPE_COLUMN,
  IMPORT_ERRORS,
  type ImportOptions,
  type ImportReport,
} from '@salary/shared/excel/excel.contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import { collectGarbage } from '../../lib/collect-garbage.ts';
import type { OpenUnitOfWork, RepositoryOn } from '../../lib/unit-of-work.ts';
import type { AuditService, WrittenEmployee } from '../audit/audit.service.ts';
import type { EmployeeRecord } from '../employees/employee.model.ts';
import {
  DATED_FIELDS,
  type DatedWrite,
  type EmployeeVersionsRepository,
  FIRST_DAY,
} from '../employees/employee-versions.repository.ts';
import { authorOf } from '../employees/employees.service.ts';
import { withAllowance } from '../employees/individual-pay.model.ts';
import {
  assertBackPayReach,
  type BackPayService,
  backPayFor,
  type StoredBackPay,
} from '../impact/back-pay.service.ts';
import type { PricingService } from '../pricing/pricing.service.ts';
import type { ExcelRepository, StoredEmployee } from './excel.repository.ts';
import { createImportPlanner, type ImportPlan, type PlanRow, type SliceDecisions } from './import.plan.ts';
import {
  missingAllowanceColumns,
  type PayColumns,
  payColumnsOf,
  type RowPay,
  readRowPay,
  setsAllowance,
} from './import-pay.reader.ts';
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
  /** A dated import's versions: the same dated write as one employee's (docs/decisions/0025). */
  versions: Pick<EmployeeVersionsRepository, 'writeFrom' | 'applyToRows'>;
}

/** A dated import's day and the company's today, when the day is not today. */
export interface ImportDay {
  day: string;
  today: string;
}

/** The dated fields by their API names, individual pay among them: a dated import writes their changes as versions. */
const DATED_WIRE = new Set<string>([...DATED_FIELDS.map((f) => f.wire), 'allowance', 'excludedBenefits']);

type SliceUpdate = SliceDecisions['updates'][number];

/** The fields of an update that are not dated (name, gender, the days): written to the row at once. */
const undatedChanges = (u: SliceUpdate) => u.changes.filter((c) => !DATED_WIRE.has(c.field));

/**
 * The individual pay a row changes as a dated write's fields: the allowance among the
 * employee's own components as stored on the write's day (`components`), the benefits not received.
 */
function payInput(pay: RowPay | undefined, components: unknown): DatedWrite['input'] {
  if (!pay) return {};
  return {
    ...(pay.allowance !== undefined && { payComponents: withAllowance(components, pay.allowance) }),
    ...(pay.excludedBenefits !== undefined && { excludedBenefits: pay.excludedBenefits }),
  };
}

/**
 * The version an update writes from its day: the dated fields it changes (the rest keep that
 * day's), and its individual pay (`stored`: the employee on that day).
 */
function datedWrite(u: SliceUpdate, stored: StoredEmployee): DatedWrite | null {
  const changed = new Set(u.changes.filter((c) => DATED_WIRE.has(c.field)).map((c) => c.field));
  const input: Record<string, unknown> = payInput(u.pay, stored.payComponents);
  for (const f of DATED_FIELDS) if (changed.has(f.wire)) input[f.input] = u.employee[f.input];
  if (!Object.keys(input).length) return null;
  return { id: u.id, input: input as DatedWrite['input'] };
}

/** A record's dated fields (what a row keeps today when its version waits or a later one holds). */
const datedOf = (record: EmployeeRecord) =>
  Object.fromEntries(DATED_FIELDS.map((f) => [f.input, record[f.input]]));

const ALLOWANCE_COLUMNS = `${ALLOWANCE_TYPE_COLUMN}, ${ALLOWANCE_COLUMN} and ${ALLOWANCE_REASON_COLUMN}`;

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
  /** What an import dated before today owes (impact/back-pay.service.ts), kept in its entry. */
  backPay?: Pick<BackPayService, 'backPayOf'>;
  limits: ExcelLimits;
  /** The company's date format and zone (read on `handle`): a conflict names the day the app changed a row. */
  format?: (handle?: DbOrTx) => Promise<DateTimeFormat>;
  /** The company's benefits by name now (read on `handle`): the names Benefits Not Received may give. */
  benefitNames?: (handle?: DbOrTx) => Promise<string[]>;
}) {
  const { limits } = deps;
  /** The repositories on the database. */
  const onDb = deps.repos();

  /**
   * Parses the sheet and finds every problem against the employees as they are inside `repos`
   * (any problem: 400 with all of them). The rows are decided afterwards, a slice at a time
   * (`slices`). The sheet's cells are let go as soon as they are parsed.
   */
  async function prepare(
    read: ReadSheet & { pay: PayColumns },
    repos: ImportRepos,
    options: ImportOptions,
    handle?: DbOrTx,
  ) {
    const { sheet, columns, extras, exportKey, pay: payColumns } = read;
    const refs = await repos.references.referenceNames();
    const benefits = payColumns.benefits >= 0 && deps.benefitNames ? await deps.benefitNames(handle) : [];
    // Another day than today: the rows are compared with each employee as on that day.
    const on: ImportDay | undefined =
      options.effectiveFrom !== undefined && options.effectiveFrom !== refs.asOf
        ? { day: options.effectiveFrom, today: refs.asOf }
        : undefined;
    if (on) assertBackPayReach(on.day, on.today);
    const book = buildNameBook(refs);
    const rows: PlanRow[] = sheet.rows.map((row) => {
      const parsed = parseRow(row, columns, book);
      const cell = (index: number) => (index < 0 ? undefined : (row.cells[index] ?? null));
      const keyCell = cell(extras.key);
      const salary = cell(extras.salary);
      const cost = cell(extras.cost);
      const own = readRowPay(row, payColumns, benefits);
      if (own.problems.length) parsed.problems.push(...own.problems);
      return {
        parsed,
        pay: own.pay,
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
      exportedAt: exportedIds ? exportKey?.exportedAt : null,
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
    const sliceRows = limits.importSliceRows ?? IMPORT_SLICE;
    for (let start = 0; start < rows.length; start += sliceRows)
      pending.push(rows.slice(start, start + sliceRows));
    // The employees of the file that exist: whose pay an import dated before today may move.
    const scope = ids.filter((id) => existing.has(id));
    return { pending, planner, refs, on, scope };
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
    on: ImportDay | undefined,
  ): AsyncGenerator<SliceDecisions & { stored: ReadonlyMap<number, StoredEmployee> }> {
    const read = (slice: PlanRow[] | undefined) => {
      const ids = slice ? planner.idsOf(slice) : [];
      const reading = repos.references.storedEmployees(ids, on).then((stored) => {
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

  const reportOf = (sheet: string, p: ImportPlan, effectiveFrom?: string): ImportReport => ({
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
    ...(effectiveFrom !== undefined && { effectiveFrom }),
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
      const sheet = await readUploadedSheet((await openUpload()).bytes, limits);
      let read: (ReadSheet & { pay: PayColumns }) | null = {
        ...sheet,
        pay: payColumnsOf(sheet.sheet.header!.cells),
      };
      const { sheetName } = read;
      const missing = missingAllowanceColumns(read.pay);
      if (missing.length)
        throw new AppError(
          400,
          IMPORT_ERRORS.missingColumns,
          importMessages.inSheet(importMessages.missingColumns(missing), sheetName),
        );
      // The allowance is that employee's pay: only who may see it may write it.
      if (setsAllowance(read.pay))
        requirePermission(
          actor,
          'showSalary',
          `You do not have permission to see or change individual allowances; remove the columns ${ALLOWANCE_COLUMNS} from the file`,
        );

      if (options.dryRun) {
        const { pending, planner, refs, on } = await prepare(read, onDb, options);
        read = null;
        // What the table shows before Confirm: the new rows, and each row's gross before → after
        // (as of the import's day when it names another).
        const pay = await importPayPreview(deps.pricing, refs, { salary: can(actor, 'showSalary') }, on?.day);
        for await (const decided of slices(pending, planner, onDb, on)) pay.add(decided);
        return { report: pay.into(reportOf(sheetName, planner.finish(), options.effectiveFrom)) };
      }
      const by = authorOf(actor);
      return open(async (uow) => {
        const repos = deps.repos(uow.tx);
        const { pending, planner, refs, on, scope } = await prepare(read!, repos, options, uow.tx);
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
        const writeSlices = async () => {
          for await (const { creates, updates, stored } of slices(pending, planner, repos, on)) {
            if (sliceCount++ % COLLECT_EVERY === 0) collectGarbage();
            const ids = await repos.employees.newIds(creates.length);
            created += ids.length;
            // Not awaited here: the database writes while the slice's pay and field changes are
            // worked out, and their rows queue behind the write. The database checks every
            // reference of the rows written (foreign keys), as for any other write.
            const writing = (async () => {
              if (creates.length) {
                await repos.employees.insertMany(
                  creates.map((c) => ({ ...c.employee, customMultiplierIds: [] })),
                  by,
                  ids,
                );
                // A new employee's individual pay is its own from its first day, like its other fields.
                const own = creates.flatMap((c, i) =>
                  c.pay ? [{ id: ids[i]!, input: payInput(c.pay, []) }] : [],
                );
                await repos.versions.writeFrom(own, FIRST_DAY, refs.asOf, by);
              }
              if (!updates.length) return;
              // Each row with the fields the plan found changed: only those columns are written.
              if (!on) {
                await repos.employees.updateMany(
                  updates.map((u) => ({ id: u.id, employee: u.employee, changed: u.changes })),
                  by,
                );
                // The individual pay a row changes: its version from today, which the row then holds.
                const own = updates.flatMap((u) =>
                  u.pay ? [{ id: u.id, input: payInput(u.pay, stored.get(u.id)!.payComponents) }] : [],
                );
                if (own.length) {
                  await repos.versions.writeFrom(own, refs.asOf, refs.asOf, by);
                  await repos.versions.applyToRows(
                    own.map((w) => w.id),
                    refs.asOf,
                    false,
                  );
                }
                return;
              }
              // Dated: the row takes the undated fields at once (from a day still to come, only
              // rows that change one move); the dated ones become versions from the day, as a
              // dated write of one employee does (employee-versions.repository.ts `writeFrom`).
              const rows = updates.filter((u) => on.day <= on.today || undatedChanges(u).length);
              if (rows.length)
                await repos.employees.updateMany(
                  rows.map((u) => ({ id: u.id, employee: u.employee, changed: undatedChanges(u) })),
                  by,
                );
              await repos.versions.writeFrom(
                updates.flatMap((u) => datedWrite(u, stored.get(u.id)!) ?? []),
                on.day,
                on.today,
                by,
              );
            })();
            const written = function* (): Iterable<WrittenEmployee> {
              for (const u of updates) {
                const s = stored.get(u.id)!;
                const before = records.before(s);
                const after = records.after(u.id, u.employee, before, u.pay);
                if (!on || !s.today) {
                  yield { before, after };
                  continue;
                }
                // The fields as on the day; the pay history as today: the row today, and after
                // the write (its dated fields only when the version holds today).
                const nowBefore = records.before({
                  ...s,
                  fields: s.today.fields,
                  customMultiplierIds: s.today.customMultiplierIds,
                });
                const holds = on.day <= on.today && !s.today.laterVersion;
                const nowAfter = records.after(
                  u.id,
                  holds ? u.employee : { ...u.employee, ...datedOf(nowBefore) },
                  nowBefore,
                  holds ? u.pay : undefined,
                );
                yield { before, after, today: { before: nowBefore, after: nowAfter } };
              }
              for (let i = 0; i < creates.length; i++)
                yield { after: records.after(ids[i]!, creates[i]!.employee, undefined, creates[i]!.pay) };
            };
            // Neither outlives the transaction: a failure of either is answered once both have
            // settled (the write's own error first), so no statement of it runs after the rollback.
            const [wrote, recorded] = await Promise.allSettled([writing, entry.add(written())]);
            if (wrote.status === 'rejected') throw wrote.reason;
            if (recorded.status === 'rejected') throw recorded.reason;
          }
        };
        // Dated before today: what the file's employees are owed for the days since (priced
        // before and after the whole write), kept in the entry as a dated write of one keeps it.
        let backPay: StoredBackPay | undefined;
        if (on && on.day < on.today && deps.backPay)
          backPay = await deps.backPay.backPayOf(uow, on.day, scope, writeSlices);
        else await writeSlices();
        const p = planner.finish();
        await entry.finish({
          action: 'import',
          entityType: 'import',
          label: `Import of sheet "${sheetName}"`,
          details: {
            sheet: sheetName,
            created,
            changed: p.updated,
            ...(options.effectiveFrom !== undefined && { effectiveFrom: options.effectiveFrom }),
            ...(on && on.day > on.today && { scheduled: true }),
            ...(backPay && { backPay }),
          },
        });
        const report = reportOf(sheetName, p, options.effectiveFrom);
        return {
          report: backPay
            ? {
                ...report,
                backPay: backPayFor(backPay, {
                  salary: can(actor, 'showSalary'),
                  cost: can(actor, 'showCost'),
                }),
              }
            : report,
        };
      });
    },
  };
}

export type ExcelImportService = ReturnType<typeof createExcelImportService>;
