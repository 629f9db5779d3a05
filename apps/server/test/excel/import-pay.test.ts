import { type ImportReport, importQuery } from '@salary/shared/excel/excel.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../support/factories.ts';
import { buildMediumServices, listFilters, type MediumActor, type MediumContext } from '../support/medium.ts';
import { IMPORT_HEADER, importRow, xlsxOf } from './excel-files.ts';

/*
 * An import's pay, seen before and after it: the dry run lists each new row and each changed
 * row's gross before → after (what the list shows once imported), and every employee an import
 * creates starts its pay history with its opening pay. The import service's plan and writes,
 * called directly; its route (upload, refusals, the envelope) is tested in excel-import.routes.test.ts.
 */

let t: MediumContext;
let c: Company;
let rich: { grade: { id: number; name: string }; level: { id: number; name: string } };
let ada: number;

beforeAll(async () => {
  t = await buildMediumServices();
  c = await t.newCompany(4000);
  const grade = await t.newGrade('Senior');
  const level = await t.newLevel('Lead');
  await t.newBaseSalary(grade.id, level.id, 7000);
  rich = { grade, level };
  ada = await t.newEmployeeOf(c, { name: 'Ada Lovelace', yearsExperience: 2 });
});
afterAll(async () => t.close());

const employee = (id: number) => t.services.employees.get(t.admin, id);
const historyOf = (id: number) => t.services.audit.history(t.admin, id);

/** POST /api/employees/import?<query> of `bytes`, as `actor`: the import's report. */
async function importFile(bytes: Buffer, options: { query?: string; actor?: MediumActor } = {}) {
  const actor = options.actor ?? t.admin;
  const query = importQuery.parse(Object.fromEntries(new URLSearchParams(options.query ?? '')));
  const { report } = await t.asActor(actor, 'when-ready', (services, open) =>
    services.excelImport.importEmployees(open, actor, async () => ({ bytes }), query),
  );
  return report;
}

async function file() {
  return xlsxOf([
    IMPORT_HEADER,
    importRow(c, {
      ID: ada,
      Name: 'Ada Lovelace',
      Grade: rich.grade.name,
      Level: rich.level.name,
      'Years of Experience': 2,
    }),
    importRow(c, { Name: 'Grace Hopper', 'Years of Experience': 5 }),
  ]);
}

describe('the import preview and its pay', () => {
  it('lists the new rows and each changed row’s gross before → after, as the list shows them once imported', async () => {
    const grossBefore = (await employee(ada)).calculatedSalary;
    const report: ImportReport = await importFile(await file(), { query: '?dryRun=true' });
    expect(report.creations).toEqual([
      {
        row: 3,
        name: 'Grace Hopper',
        job: c.job.name,
        position: c.position.name,
        grade: c.grade.name,
        level: c.level.name,
        grossSalary: expect.any(Number),
      },
    ]);
    // A file the app did not export: its changed row is held as a conflict until ticked.
    const change = report.conflicts.find((ch) => ch.id === ada)!;
    expect(change.grossBefore).toBe(grossBefore);
    expect(change.grossAfter).toBeGreaterThan(grossBefore!);

    await importFile(await file(), { query: `?overwrite=${ada}` });
    expect((await employee(ada)).calculatedSalary).toBe(change.grossAfter);
    const list = await t.services.employees.list(t.admin, listFilters(''));
    const grace = list.find((e) => e.name === 'Grace Hopper')!;
    expect(grace.calculatedSalary).toBe(report.creations[0]!.grossSalary);

    // The new employee's history starts with its opening pay.
    const rows = await historyOf(grace.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      grossBefore: null,
      grossAfter: grace.calculatedSalary,
      costBefore: null,
      costAfter: grace.accumulatedCost,
    });
    expect(rows[0]!.cause).toContain('Import of sheet "Employees"');
  });

  it('shows no gross to an importer who may not see salaries', async () => {
    const importer = await t.newActor({ manageEmployee: true });
    const preview = await importFile(
      await xlsxOf([
        IMPORT_HEADER,
        importRow(c, { ID: ada, Name: 'Ada Lovelace', 'Years of Experience': 9 }),
        importRow(c, { Name: 'Linus' }),
      ]),
      { query: '?dryRun=true', actor: importer },
    );
    expect(preview.creations.map((n) => n.name)).toEqual(['Linus']);
    expect(JSON.stringify(preview)).not.toMatch(/gross/i);
  });
});
