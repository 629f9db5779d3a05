import type { Actor } from '@salary/shared/common/permissions';
import { IMPORT_ERRORS, IMPORT_LIST_LIMIT, type ImportProblem } from '@salary/shared/excel/excel.contract';
import { RAISE_CYCLE_MESSAGES as M, type Worksheet } from '@salary/shared/raise-cycles/raise-cycles.contract';
import {
  WORKSHEET_COLUMNS,
  WORKSHEET_CONFLICT,
  type WorksheetChange,
  type WorksheetConflict,
  type WorksheetImportReport,
  worksheetFileName,
} from '@salary/shared/raise-cycles/worksheet-file.contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { type OpenUnitOfWork, runPreview, type UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Upload } from '../excel/excel-import.service.ts';
import { importMessages } from '../excel/import-rows.reader.ts';
import { buildNameBook, type ReferenceNames } from '../excel/name-book.model.ts';
import type { ExcelLimits } from '../excel/workbook.limits.ts';
import { canPropose, type RaiseCyclesService } from './raise-cycles.service.ts';
import { raiseWorksheetWorkbook } from './raise-worksheet.workbook.ts';
import { parseWorksheetRow, readWorksheetFile, type WorksheetFile } from './raise-worksheet-file.reader.ts';
import { cellsOf, type PlannedChange, planWorksheetImport } from './raise-worksheet-import.plan.ts';
import { fileProposalOf, storedProposalOf } from './raise-worksheet-key.model.ts';

/*
 * A raise cycle's worksheet as a file (docs/raise-cycles.md): the export, the worksheet as its
 * reader may see it (the service's `worksheet`: same permission, a limited manager's team only),
 * and the import back. The import reads the upload (once the reader may propose on a draft),
 * then in ONE unit of work — the real one, or for the preview one that always rolls back
 * (`runPreview`) — reads the worksheet, decides each row (raise-worksheet-import.plan.ts) and
 * saves the rows the file changes through the service's `saveProposals` (its rules, its audit
 * entry). Any bad cell: 400 naming every row and column; a row changed in the app since the
 * export: 409 naming the rows; nothing written either way.
 */

/** Opens the upload, at most `maxBytes` (the route's multipart reading). */
export type OpenUpload = (maxBytes: number) => Promise<Upload>;

const MAX_NAMED = 5;
const notDraft = () => new AppError(409, 'CONFLICT', M.notDraft);

/** "row 3 (Ana Lima), row 5 (Ben Berg) and 2 more". */
function rowsNamed(rows: ReadonlyArray<{ row: number; line: { name: string } }>): string {
  const named = rows.slice(0, MAX_NAMED).map((r) => `row ${r.row} (${r.line.name})`);
  return rows.length > MAX_NAMED
    ? `${named.join(', ')} and ${rows.length - MAX_NAMED} more`
    : named.join(', ');
}

/** The column a refusal of `saveProposals` for a row's field stands in. */
const COLUMN_OF_FIELD: Record<string, string> = {
  employeeId: WORKSHEET_COLUMNS.employeeId,
  rating: WORKSHEET_COLUMNS.rating,
  value: WORKSHEET_COLUMNS.value,
  reason: WORKSHEET_COLUMNS.reason,
};

/**
 * A row refusal of `saveProposals` ("Row 2 (Ana): a raise outside … needs a reason", its row the
 * place in the list the import sent) as the file's problem: the spreadsheet row and column.
 */
function problemOf(error: AppError, sent: readonly PlannedChange[]): ImportProblem | null {
  const field = (error.data as { fields?: Array<{ field: string }> } | null)?.fields?.[0]?.field ?? '';
  const at = /^proposals\.(\d+)(?:\.(\w+))?/.exec(field);
  const index = at ? Number(at[1]) : Number(/^Row (\d+)\b/.exec(error.message)?.[1]) - 1;
  const change = sent[index];
  if (!change) return null;
  const message = error.message.replace(/^Row \d+(?: \([^)]*\))?: /, '');
  const column =
    COLUMN_OF_FIELD[at?.[2] ?? ''] ??
    (change.input.kind === 'MOVE' ? WORKSHEET_COLUMNS.newGrade : WORKSHEET_COLUMNS.kind);
  return { row: change.row, column, message: message.charAt(0).toUpperCase() + message.slice(1) };
}

export function createRaiseWorksheetFileService(deps: {
  /** The preview's unit of work, always rolled back, is opened on it. */
  db: Db;
  raiseCycles: Pick<RaiseCyclesService, 'get' | 'worksheet' | 'saveProposals'>;
  /** Grade and level names (on `handle`), for the New grade and New level cells. */
  names: (handle?: DbOrTx) => Promise<ReferenceNames>;
  /** This installation's id: a file of another is not this worksheet's. */
  installationId: () => Promise<string>;
  limits: ExcelLimits;
}) {
  const { raiseCycles, limits } = deps;

  /** The problems of a refused file: 400 with every one, nothing written. */
  const refuse = (sheet: string, problems: ImportProblem[]) =>
    new AppError(400, IMPORT_ERRORS.problems, importMessages.problems(problems.length, sheet), {
      sheet,
      problems,
    });

  /** Decides the file in `uow` and, unless it refuses, saves the rows it changes there. */
  async function importIn(
    uow: UnitOfWork,
    actor: Actor,
    id: number,
    file: WorksheetFile & { installation: string },
  ): Promise<{ report: WorksheetImportReport; saved: Worksheet | null }> {
    // Every read on the unit's transaction (PGlite has one connection: a read beside it would wait for it).
    const [sheet, refs] = await Promise.all([raiseCycles.worksheet(actor, id, uow.tx), deps.names(uow.tx)]);
    const { installation } = file;
    if (sheet.cycle.status !== 'DRAFT') throw notDraft();
    const book = buildNameBook(refs);
    const rows = file.rows.map((row) => parseWorksheetRow(row, file.columns, book));
    const plan = planWorksheetImport(rows, { sheet, installation });
    if (plan.foreign)
      throw new AppError(
        400,
        IMPORT_ERRORS.problems,
        importMessages.inSheet(
          'The file was exported from another raise cycle; export this cycle’s worksheet and import that',
          file.sheetName,
        ),
      );
    if (plan.problems.length) throw refuse(file.sheetName, plan.problems);
    const gradeNames = new Map(refs.grades.map((g) => [g.id, g.name]));
    const levelNames = new Map(refs.levels.map((l) => [l.id, l.name]));
    const names = { grade: (g: number) => gradeNames.get(g), level: (l: number) => levelNames.get(l) };
    if (plan.conflicts.length) {
      const conflicts: WorksheetConflict[] = plan.conflicts.slice(0, IMPORT_LIST_LIMIT).map((c) => ({
        row: c.row,
        employeeId: c.line.employeeId,
        name: c.line.name,
        exported: cellsOf(c.exported, names),
        now: cellsOf(storedProposalOf(c.line), names),
      }));
      throw new AppError(
        409,
        WORKSHEET_CONFLICT,
        `${importMessages.inSheet(
          `${plan.conflicts.length === 1 ? 'A row was' : `${plan.conflicts.length} rows were`} changed in the app since the file was exported: ${rowsNamed(plan.conflicts)}`,
          file.sheetName,
        )}. Nothing was imported; export the worksheet again and make your changes there.`,
        { sheet: file.sheetName, conflicts },
      );
    }
    let saved: Worksheet | null = null;
    if (plan.changes.length)
      try {
        saved = await raiseCycles.saveProposals(
          uow,
          actor,
          id,
          plan.changes.map((c) => c.input),
        );
      } catch (error) {
        const problem =
          error instanceof AppError && error.statusCode === 400 && problemOf(error, plan.changes);
        throw problem ? refuse(file.sheetName, [problem]) : error;
      }
    // The worksheet once saved (its totals, warnings and new pay): the save's answer, else as read.
    const final = saved ?? sheet;
    const after = new Map(final.rows.map((r) => [r.employeeId, r] as const));
    const changes = plan.changes.slice(0, IMPORT_LIST_LIMIT).map(
      (c): WorksheetChange => ({
        row: c.row,
        employeeId: c.line.employeeId,
        name: c.line.name,
        before: cellsOf(storedProposalOf(c.line), names),
        after: cellsOf(fileProposalOf(c.input), names),
        currentGross: c.line.currentGross,
        newGrossBefore: c.line.newGross,
        newGross: after.get(c.line.employeeId)?.newGross ?? c.line.newGross,
      }),
    );
    return {
      report: {
        sheet: file.sheetName,
        changed: plan.changes.length,
        changes,
        unchanged: plan.unchanged,
        totals: final.totals,
        warnings: final.warnings,
      },
      saved,
    };
  }

  return {
    /** The worksheet as the reader may see it, as .xlsx bytes (`moneyFormat`: the company's). */
    async exportFile(actor: Actor, id: number, moneyFormat: string) {
      const [sheet, refs, installation] = await Promise.all([
        raiseCycles.worksheet(actor, id),
        deps.names(),
        deps.installationId(),
      ]);
      const bytes = await raiseWorksheetWorkbook({
        sheet,
        grades: refs.grades,
        levels: refs.levels,
        installation,
        moneyFormat,
      });
      return { bytes, fileName: worksheetFileName(id) };
    },

    /**
     * Imports the file: who may propose on a draft first (403, 404, 409 before the upload is
     * read), then the file (400 for a file that is not a readable workbook, has no worksheet's
     * columns, too many rows, or bad cells; 409 for conflicts). `dryRun`: the same decisions and
     * the same save, in a unit of work that always rolls back — the preview, nothing written.
     */
    async importFile(
      open: OpenUnitOfWork,
      actor: Actor & { email: string },
      id: number,
      openUpload: OpenUpload,
      dryRun: boolean,
    ): Promise<{ report: WorksheetImportReport; message: string }> {
      const cycle = await raiseCycles.get(actor, id);
      if (!canPropose(actor)) throw forbidden(M.proposeForbidden);
      if (cycle.status !== 'DRAFT') throw notDraft();
      const file = {
        ...(await readWorksheetFile((await openUpload(limits.importMaxBytes)).bytes, limits)),
        installation: await deps.installationId(),
      };
      const work = (uow: UnitOfWork) => importIn(uow, actor, id, file);
      const { report, saved } = dryRun
        ? await runPreview(
            deps.db,
            {
              actor: { id: actor.id, email: actor.email },
              label: `preview of the worksheet import of cycle ${id}`,
            },
            work,
          )
        : await open(work);
      const count = report.changed;
      const counted = `${count} ${count === 1 ? 'proposal' : 'proposals'}`;
      const message = dryRun
        ? `${count} to change, ${report.unchanged} unchanged`
        : saved?.totals.overBudget
          ? `${counted} imported. ${M.overBudget}`
          : `${counted} imported`;
      return { report, message };
    },
  };
}

export type RaiseWorksheetFileService = ReturnType<typeof createRaiseWorksheetFileService>;
