import { SimpleGrid } from '@mantine/core';
import type { Grade } from '@salary/shared/grades/grades.contract';
import type { Job } from '@salary/shared/jobs/jobs.contract';
import type { Level } from '@salary/shared/levels/levels.contract';
import type { UseFormReturn } from 'react-hook-form';
import { FormNumberInput, FormSelect } from '../../components/form-fields.tsx';
import { usePositions } from '../../lib/salary-rules/get-positions.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import type { CalculatorFormValues, CalculatorProfile } from './calculator-form-values.ts';

type CalculatorForm = UseFormReturn<CalculatorFormValues, unknown, CalculatorProfile>;

interface LookupSelectProps {
  form: CalculatorForm;
  name: 'jobId' | 'positionId' | 'gradeId' | 'levelId';
  label: string;
  placeholder: string;
  items: { id: number; name: string }[];
  disabled?: boolean;
  nothingFoundMessage?: string;
  onPicked?(): void;
}

function LookupSelect({ form, items, ...select }: LookupSelectProps) {
  return (
    <FormSelect
      control={form.control}
      {...select}
      required
      data={items.map((item) => ({ value: String(item.id), label: item.name }))}
    />
  );
}

function YearsInput({ form, name }: { form: CalculatorForm; name: 'yearsExperience' | 'yearsWithCompany' }) {
  return (
    <FormNumberInput
      control={form.control}
      name={name}
      label={name === 'yearsExperience' ? 'Years of Experience' : 'Years with Company'}
      // Empty counts as 0.
      placeholder="0"
      min={0}
      max={100}
      step={1}
    />
  );
}

interface ProfileFieldsProps {
  form: CalculatorForm;
  jobs: Job[];
  grades: Grade[];
  levels: Level[];
  /** The lists are still loading: the selects say so. */
  loading: boolean;
}

/** Job, Position (for the chosen job only), Grade, Level and the two year counts. */
export function ProfileFields({ form, jobs, grades, levels, loading }: ProfileFieldsProps) {
  const jobId = form.watch('jobId');
  const positions = usePositions(jobId === null ? null : Number(jobId), { refetchOnMount: 'always' });
  useLoadErrorToast(positions.error, 'Error loading positions');
  const pick = (what: string) => (loading ? 'Loading…' : `Select a ${what}`);

  return (
    <>
      {/* Job and position names run long: full width while the form shares the row with the
          details panel (md–lg), side by side when it has room. */}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 1, xl: 2 }} spacing="md">
        <LookupSelect
          form={form}
          name="jobId"
          label="Job"
          placeholder={pick('job')}
          items={jobs}
          // A position belongs to one job: a new job must not keep the old one's.
          onPicked={() => form.setValue('positionId', null)}
        />
        <LookupSelect
          form={form}
          name="positionId"
          label="Position"
          placeholder={jobId === null ? 'Select a job first' : 'Select a position'}
          items={jobId === null ? [] : (positions.data ?? [])}
          disabled={jobId === null}
          nothingFoundMessage={positions.isFetching ? 'Loading…' : 'No positions for this job'}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <LookupSelect form={form} name="gradeId" label="Grade" placeholder={pick('grade')} items={grades} />
        <LookupSelect form={form} name="levelId" label="Level" placeholder={pick('level')} items={levels} />
        <YearsInput form={form} name="yearsExperience" />
        <YearsInput form={form} name="yearsWithCompany" />
      </SimpleGrid>
    </>
  );
}
