import type { Grade } from '@salary/shared/grades/grades.contract';
import { type ListAudit, orderedListService } from '../../lib/ordered-list.service.ts';
import type { RepositoryOn } from '../../lib/unit-of-work.ts';
import type { GradesRepository } from './grades.repository.ts';

const GRADES = { noun: 'Grade', plural: 'Grades', field: 'grades' };

/**
 * A named list with an order of its own: a new grade goes last unless given an order, and
 * grades reorder together.
 */
export function createGradesService(deps: { grades: RepositoryOn<GradesRepository>; audit: ListAudit }) {
  return orderedListService<Grade>(deps.grades, { audit: deps.audit, ...GRADES });
}
