import type { Actor } from '@salary/shared/common/permissions';
import { badRequest } from '../../lib/app-error.ts';
import { requirePermission } from '../../lib/authorize.ts';
import {
  type DatedRuleWrites,
  type PairRuleService,
  pairRuleService,
  type RowFinder,
} from '../../lib/pair-rule.service.ts';
import type { RepositoryOn, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { BaseSalariesRepository } from './base-salaries.repository.ts';
import { type BaseSalaryInput, type BaseSalaryRow, baseSalaryToApi } from './base-salaries.wire.ts';
import {
  BASE_SALARY_LABELS,
  type BaseSalaryCellInput,
  type BaseSalaryCellsResult,
  bandProblems,
  saveCells,
} from './base-salary-grid.service.ts';

export type { BaseSalaryCellInput, BaseSalaryCellsResult } from './base-salary-grid.service.ts';

/** Amounts are whole cents in and out; the routes convert the API's decimals at the edge. */
export interface BaseSalariesService extends PairRuleService<BaseSalaryRow, BaseSalaryInput> {
  /**
   * The grid's Save: every changed cell in one transaction, or nothing. Refused whole (400)
   * when any cell names a grade or level that does not exist or repeats another cell; each
   * such cell is named in `data.fields` as `cells.<index>.<field>`.
   */
  saveCells(
    uow: UnitOfWork,
    actor: Actor,
    input: { cells: BaseSalaryCellInput[] },
  ): Promise<BaseSalaryCellsResult>;
}

/** One amount per grade and level. */
export function createBaseSalariesService(deps: {
  baseSalaries: RepositoryOn<BaseSalariesRepository>;
  grades: RowFinder<{ id: number; name: string }>;
  levels: RowFinder<{ id: number; name: string }>;
  /** Dated rules (modules/rule-calendar); absent: every write is from today, undated. */
  calendar?: DatedRuleWrites;
  audit: Pick<AuditService, 'record' | 'payBefore' | 'staleVersion' | 'staleRows'>;
}): BaseSalariesService {
  const { grades, levels } = deps;
  const rules = pairRuleService(deps.baseSalaries, {
    calendar: deps.calendar,
    notFoundMessage: 'Base salary not found',
    references: [
      { field: 'gradeId', missing: 'Grade not found', find: (id, handle) => grades(handle).findById(id) },
      { field: 'levelId', missing: 'Level not found', find: (id, handle) => levels(handle).findById(id) },
    ],
    duplicate: (grade, level) =>
      `A base salary for grade ${grade.name} and level ${level.name} already exists`,
    // Grades and levels have no delete today; this guards a future one.
    foreignKey: () => badRequest('Grade or level not found'),
    audit: deps.audit,
    entityType: 'baseSalary',
    label: (rule) => `Base salary ${rule.grade.name} / ${rule.level.name}`,
    priced: (rule) => ({ gradeId: rule.gradeId, levelId: rule.levelId }),
    fields: ['gradeId', 'levelId', 'amount', 'bandSpread', 'bandMin', 'bandMax'],
    // The audit keeps what the API shows: the amount as a decimal.
    audited: baseSalaryToApi,
    labels: BASE_SALARY_LABELS,
  });
  return {
    ...rules,
    async update(uow, actor, id, input) {
      requirePermission(actor, 'manageSettings');
      // A bound typed before, kept by a write that moves the amount past it, is refused by name.
      const stored = await deps.baseSalaries(uow.tx).findById(id);
      const problems = stored ? bandProblems(input, stored, (f) => f) : [];
      if (problems.length > 0) throw badRequest(problems[0]!.message, problems);
      return rules.update(uow, actor, id, input);
    },
    saveCells: (uow, actor, input) =>
      saveCells(uow, deps.baseSalaries(uow.tx), deps.audit, deps.calendar, actor, input),
  };
}
