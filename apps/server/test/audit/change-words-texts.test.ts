import { auditQuery } from '@salary/shared/audit/audit.contract';
import { updateBaseSalaryBody } from '@salary/shared/base-salaries/base-salaries.contract';
import { employeeFormBody, toEmployeeInput } from '@salary/shared/employees/employee.contract';
import { updateSettingsBody } from '@salary/shared/settings/settings.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseSalaryFromApi } from '../../src/modules/base-salaries/base-salaries.wire.ts';
import { buildMediumServices, type MediumContext } from '../support/medium.ts';
import { type CauseWriter, changeOfEachKind } from '../support/twin-setups.ts';

/*
 * Causes and audit texts in the form's words, names for ids (audit.service.ts,
 * change-words.model.ts), written by the services' own writes. That no viewer reads an amount of a
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

/** Each write as its route makes it: the form's body parsed by the route's own contract. */
const throughServices: CauseWriter = {
  async createEmployee(form) {
    const input = toEmployeeInput(employeeFormBody.parse(form));
    return (await t.asActor(t.admin, (services, uow) => services.employees.create(uow, t.admin, input))).id;
  },
  async setBaseSalary(id, body) {
    // The service takes cents; the route converts the API's decimal the same way.
    const amount = baseSalaryFromApi(updateBaseSalaryBody.parse(body));
    await t.asActor(t.admin, (services, uow) => services.baseSalaries.update(uow, t.admin, id, amount));
  },
  putSettings: async (changes) => (await putSettings(changes)) as Record<string, unknown>,
  async updateEmployee(id, form) {
    const edit = employeeFormBody.parse(form);
    await t.asActor(t.admin, (services, uow) =>
      services.employees.update(uow, t.admin, id, toEmployeeInput(edit), edit.version),
    );
  },
};

beforeAll(async () => {
  ({ employeeId, employeeName, levelNames } = await changeOfEachKind(t, throughServices));
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
