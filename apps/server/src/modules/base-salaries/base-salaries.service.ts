import type { BaseSalary, createBaseSalaryBody } from '@salary/shared/base-salaries/base-salaries.contract';
import type { Actor } from '@salary/shared/common/permissions';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { pairRuleService, type RowFinder } from '../../lib/pair-rule.service.ts';
import { createBaseSalariesRepository } from './base-salaries.repository.ts';

type BaseSalaryInput = z.output<typeof createBaseSalaryBody>;

export interface BaseSalariesService {
  list(actor: Actor): Promise<BaseSalary[]>;
  create(actor: Actor, input: BaseSalaryInput): Promise<BaseSalary>;
  update(actor: Actor, id: number, input: BaseSalaryInput): Promise<BaseSalary>;
  remove(actor: Actor, id: number): Promise<void>;
}

/** One amount per grade and level. */
export function createBaseSalariesService(deps: {
  db: Db;
  grades: RowFinder<{ id: number; name: string }>;
  levels: RowFinder<{ id: number; name: string }>;
}): BaseSalariesService {
  const { grades, levels } = deps;
  return pairRuleService(createBaseSalariesRepository(deps.db), {
    notFoundMessage: 'Base salary not found',
    references: [
      { field: 'gradeId', missing: 'Grade not found', find: (id) => grades.findById(id) },
      { field: 'levelId', missing: 'Level not found', find: (id) => levels.findById(id) },
    ],
    duplicate: (grade, level) =>
      `A base salary for grade ${grade.name} and level ${level.name} already exists`,
    // Grades and levels have no delete today; this guards a future one.
    foreignKey: () => badRequest('Grade or level not found'),
  });
}
