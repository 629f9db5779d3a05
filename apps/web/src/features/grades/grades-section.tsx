import { createGradeBody, type Grade } from '@salary/shared/grades/grades.contract';
import { IconStairs } from '@tabler/icons-react';
import { OrderedNameRulesSection } from '../../components/rules-kit/name-rules-section.tsx';
import type { RuleColumn } from '../../components/rules-kit/rules-table.tsx';
import { useGrades } from '../../lib/salary-rules/get-grades.ts';
import { useCreateGrade } from './api/create-grade.ts';
import { useDeleteGrade } from './api/delete-grade.ts';
import { useReorderGrades } from './api/reorder-grades.ts';
import { useUpdateGrade } from './api/update-grade.ts';

const COLUMNS: RuleColumn<Grade>[] = [
  { header: 'Name', kind: 'name', cell: (grade) => grade.name },
  { header: 'Order', kind: 'count', cell: (grade) => grade.order },
];

/**
 * Settings → Grades: grades by order, moved up/down one place at a time; a grade
 * nothing uses can be deleted (the server names what keeps one alive).
 */
export default function GradesSection() {
  return (
    <OrderedNameRulesSection
      title="Grades"
      description="Seniority grades, listed by their order."
      query={useGrades({ refetchOnMount: 'always' })}
      empty={{
        icon: IconStairs,
        manage: 'Add grades from the lowest to the highest; you can reorder them later.',
      }}
      columns={COLUMNS}
      minWidth={320}
      noun="Grade"
      schema={createGradeBody}
      creating={useCreateGrade()}
      updating={useUpdateGrade()}
      deleting={useDeleteGrade()}
      reordering={useReorderGrades()}
    />
  );
}
