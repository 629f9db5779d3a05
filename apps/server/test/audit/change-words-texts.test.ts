import { auditQuery } from '@salary/shared/audit/audit.contract';
import { updateBaseSalaryBody } from '@salary/shared/base-salaries/base-salaries.contract';
import { employeeFormBody, toEmployeeInput } from '@salary/shared/employees/employee.contract';
import { updateSettingsBody } from '@salary/shared/settings/settings.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediumServices, type MediumContext } from '../support/medium.ts';

/*
 * Causes and audit texts in the form's words, names for ids (audit.service.ts,
 * describe-change.ts), written by the services' own writes. That no viewer reads an amount of a
 * rule it may not read — in the pay history and in the export — is tested through the routes in
 * change-words.test.ts.
 */

let t: MediumContext;
beforeAll(async () => {
  t = await buildMediumServices();
});
afterAll(async () => t.close());

const RAW = [/\b[a-z]+[A-Z][A-Za-z]*\b/, /\b[A-Z]+_[A-Z_]+\b/, /cm_/, /\bbulkSave\b/];

let employeeId = 0;
let employeeName = '';
let levelNames: [string, string] = ['', ''];

/** PUT /api/settings of the record as read, with `changes`. */
async function putSettings(changes: Record<string, unknown>) {
  const { updatedAt: _u, ...body } = (await t.services.settings.get(t.admin)) as Record<string, unknown>;
  const input = updateSettingsBody.parse({ ...body, ...changes });
  return t.asActor(t.admin, (services, uow) => services.settings.update(uow, t.admin, input));
}

beforeAll(async () => {
  const c = await t.newCompany(2500.17);
  const otherLevel = await t.newLevel();
  await t.newBaseSalary(c.grade.id, otherLevel.id, 2600);
  levelNames = [c.level.name, otherLevel.name];
  employeeName = `Words Person ${Date.now()}`;
  const form = {
    name: employeeName,
    technologyId: c.job.id,
    specializationId: c.position.id,
    gradeId: c.grade.id,
    levelId: c.level.id,
    yearsExperience: 3,
    yearsWithCompany: 1,
    offshoreProject: false,
  };
  const created = await t.asActor(t.admin, (services, uow) =>
    services.employees.create(uow, t.admin, toEmployeeInput(employeeFormBody.parse(form))),
  );
  employeeId = created.id;
  // Each cause kind: a base salary, settings multipliers, benefits, social insurance, a
  // custom multiplier, and employee field edits.
  const amount = updateBaseSalaryBody.parse({ gradeId: c.grade.id, levelId: c.level.id, amount: 3333.33 });
  await t.asActor(t.admin, (services, uow) =>
    services.baseSalaries.update(uow, t.admin, c.baseSalary.id, amount),
  );
  await putSettings({ experienceMultiplier: 7.77, experienceMultiplierType: 'PERCENTAGE' });
  await putSettings({ benefits: [{ name: 'Lunch', amount: 123.45, type: 'FIXED_AMOUNT' }] });
  await putSettings({
    socialInsuranceEnabled: true,
    socialInsuranceType: 'COMPANY_PERCENTAGE',
    totalInsurancePercentage: 11.11,
    companyInsurancePercentage: 6.66,
  });
  const saved = await putSettings({
    customMultipliers: [{ id: 'tmp-1', title: 'On-call', multiplier: 456.78, type: 'FIXED' }],
  });
  const cm = (saved.customMultipliers as Array<{ id: string }>)[0]!.id;
  const edit = employeeFormBody.parse({
    ...form,
    levelId: otherLevel.id,
    offshoreProject: true,
    customMultipliers: JSON.stringify([cm]),
  });
  await t.asActor(t.admin, (services, uow) =>
    services.employees.update(uow, t.admin, employeeId, toEmployeeInput(edit), edit.version),
  );
}, 60_000);

const history = () => t.services.audit.history(t.admin, employeeId);
const auditLog = (query: string) =>
  t.services.audit.list(t.admin, auditQuery.parse(Object.fromEntries(new URLSearchParams(query))));

describe('pay history causes', () => {
  it('read in the form words, with names for ids, and carry amounts for rule readers', async () => {
    const causes = (await history()).map((r) => r.cause);
    expect(causes).toContain(
      `Base salary ${(await t.services.grades.list()).find((g) => causes.some((c) => c.includes(g.name)))?.name} / ${levelNames[0]}: $2,500.17 → $3,333.33 by ${t.admin.email}`,
    );
    expect(causes.some((c) => c.startsWith('Settings: Experience multiplier: 0% → 7.77%'))).toBe(true);
    expect(causes.some((c) => c.startsWith('Settings: Benefit added: Lunch, $123.45'))).toBe(true);
    expect(
      causes.some((c) => c.includes('Payment method: Company pays all → Company pays a percentage')),
    ).toBe(true);
    expect(causes.some((c) => c.includes('Total percentage: 14% → 11.11%'))).toBe(true);
    const edit = causes.find((c) => c.startsWith(`Employee ${employeeName}:`))!;
    expect(edit).toContain(`Level: ${levelNames[0]} → ${levelNames[1]}`);
    expect(edit).toContain('Base on Project: No → Yes');
    expect(edit).toContain('Custom multipliers: none → On-call');
    for (const cause of causes) for (const raw of RAW) expect(cause).not.toMatch(raw);
  });
});

describe('the Audit Log', () => {
  it('says every change without keys, constants or ids, and filters by record name', async () => {
    const res = await auditLog('limit=200');
    for (const e of res.entries) {
      for (const text of [e.summary, ...e.described]) for (const raw of RAW) expect(text).not.toMatch(raw);
    }
    const texts = res.entries.flatMap((e) => e.described);
    expect(texts).toContain('Custom multiplier added: On-call, $456.78 fixed');
    expect(texts).toContain('Custom multipliers: none → On-call');

    const byName = await auditLog(`record=${encodeURIComponent(employeeName.toLowerCase())}`);
    const found = byName.entries;
    expect(found.map((e) => e.action).sort()).toEqual(['create', 'update']);
    expect(found.every((e) => e.entityId === String(employeeId))).toBe(true);
  });
});
