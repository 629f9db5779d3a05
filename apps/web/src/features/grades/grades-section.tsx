import { createGradeBody, type Grade } from '@salary/shared/grades/grades.contract';
import { IconArrowDown, IconArrowUp, IconStairs } from '@tabler/icons-react';
import { IconAction } from '../../components/icon-action.tsx';
import { NameRulesSection } from '../../components/rules-kit/name-rules-section.tsx';
import { deleteMessages } from '../../components/rules-kit/rule-messages.ts';
import type { RuleColumn } from '../../components/rules-kit/rules-table.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useGrades } from '../../lib/salary-rules/get-grades.ts';
import { type MoveDirection, swapGradeOrder } from '../../lib/salary-rules/list-order.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
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
  const toast = useToast();
  const grades = useGrades({ refetchOnMount: 'always' });
  const reorderGrades = useReorderGrades();

  // The grades' own: Up/Down swap two neighbours' orders and send every pair.
  const move = async (index: number, direction: MoveDirection) => {
    const pairs = grades.data ? swapGradeOrder(grades.data, index, direction) : null;
    if (!pairs) return;
    try {
      await reorderGrades.mutateAsync({ grades: pairs });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to reorder grades'));
    }
  };

  return (
    <NameRulesSection
      title="Grades"
      description="Seniority grades, listed by their order."
      query={grades}
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
      deleting={{ mutation: useDeleteGrade(), ...deleteMessages('Grade') }}
      ownActions={(grade, index, rows) => (
        <>
          <IconAction
            label={`Move ${grade.name} up`}
            icon={<IconArrowUp size={18} stroke={1.6} />}
            // While a reorder is on its way no other move may start.
            disabled={index === 0 || reorderGrades.isPending}
            onClick={() => move(index, 'up')}
          />
          <IconAction
            label={`Move ${grade.name} down`}
            icon={<IconArrowDown size={18} stroke={1.6} />}
            disabled={index === rows.length - 1 || reorderGrades.isPending}
            onClick={() => move(index, 'down')}
          />
        </>
      )}
    />
  );
}
