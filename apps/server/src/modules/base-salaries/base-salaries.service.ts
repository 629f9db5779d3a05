import type { BaseSalary, createBaseSalaryBody } from '@salary/shared/base-salaries/base-salaries.contract';
import type { FieldProblem } from '@salary/shared/common/envelope';
import type { Actor } from '@salary/shared/common/permissions';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { requireMoneyRulesReader, requirePermission } from '../../lib/authorize.ts';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import { createGradesRepository } from '../grades/grades.repository.ts';
import { createLevelsRepository } from '../levels/levels.repository.ts';
import { createBaseSalariesRepository } from './base-salaries.repository.ts';

type BaseSalaryInput = z.output<typeof createBaseSalaryBody>;

const BASE_SALARY_NOT_FOUND = 'Base salary not found';

export function createBaseSalariesService(deps: { db: Db }) {
  const baseSalaries = createBaseSalariesRepository(deps.db);
  const grades = createGradesRepository(deps.db);
  const levels = createLevelsRepository(deps.db);

  /**
   * Checks the grade and level (both reported at once) and that no other base salary
   * covers the pair; the unique index still decides a race between two saves.
   */
  async function save(input: BaseSalaryInput, exceptId: number | undefined, run: () => Promise<number>) {
    const [grade, level] = await Promise.all([
      grades.findById(input.gradeId),
      levels.findById(input.levelId),
    ]);
    const missing: FieldProblem[] = [];
    if (!grade) missing.push({ field: 'gradeId', message: 'Grade not found' });
    if (!level) missing.push({ field: 'levelId', message: 'Level not found' });
    if (!grade || !level) throw badRequest(missing.map((m) => m.message).join('; '), missing);
    const duplicate = conflict(
      `A base salary for grade ${grade.name} and level ${level.name} already exists`,
    );
    if (await baseSalaries.findByGradeAndLevel(grade.id, level.id, exceptId)) throw duplicate;
    let id: number;
    try {
      id = await run();
    } catch (error) {
      const code = pgErrorCode(error);
      if (code === PG_UNIQUE_VIOLATION) throw duplicate;
      // Grades and levels have no delete today; this guards a future one.
      if (code === PG_FOREIGN_KEY_VIOLATION) throw badRequest('Grade or level not found');
      throw error;
    }
    const saved = await baseSalaries.findById(id);
    if (!saved) throw notFound(BASE_SALARY_NOT_FOUND);
    return saved;
  }

  return {
    list(actor: Actor): Promise<BaseSalary[]> {
      requireMoneyRulesReader(actor);
      return baseSalaries.list();
    },

    async create(actor: Actor, input: BaseSalaryInput): Promise<BaseSalary> {
      requirePermission(actor, 'manageSettings');
      return save(input, undefined, () => baseSalaries.insert(input));
    },

    async update(actor: Actor, id: number, input: BaseSalaryInput): Promise<BaseSalary> {
      requirePermission(actor, 'manageSettings');
      if (!(await baseSalaries.findById(id))) throw notFound(BASE_SALARY_NOT_FOUND);
      return save(input, id, async () => {
        if (!(await baseSalaries.update(id, input))) throw notFound(BASE_SALARY_NOT_FOUND);
        return id;
      });
    },

    async remove(actor: Actor, id: number): Promise<void> {
      requirePermission(actor, 'manageSettings');
      if (!(await baseSalaries.delete(id))) throw notFound(BASE_SALARY_NOT_FOUND);
    },
  };
}
