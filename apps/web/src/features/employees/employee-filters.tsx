import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Group, NumberInput, Paper, Select, TextInput } from '@mantine/core';
import { employeeListQuery } from '@salary/shared/employees/employee.contract';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { memo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useGrades } from '../../lib/salary-rules/get-grades.ts';
import { useJobs } from '../../lib/salary-rules/get-jobs.ts';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
import { usePositions } from '../../lib/salary-rules/get-positions.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import type { EmployeeListFilters } from './api/get-employees.ts';
import { filterSpans } from './filter-layout.ts';
import { chosenId, selectValue, toOptions } from './select-options.ts';

type FilterValues = z.input<typeof employeeListQuery>;

const EMPTY: FilterValues = {
  technologyId: null,
  positionId: null,
  gradeId: null,
  levelId: null,
  salaryFrom: '',
  salaryTo: '',
};

interface EmployeeFiltersProps {
  nameSearch: string;
  onNameSearchChange(value: string): void;
  /**
   * Salary From/To only for users who may see salaries: the server refuses salary filters
   * without showSalary (403), and without the Calculated Salary column there is nothing to
   * check the result against. Hidden rather than disabled, so no dead inputs are on screen.
   */
  showSalaryFilters: boolean;
  /** True while newly applied filters load. */
  applying: boolean;
  onApply(filters: EmployeeListFilters): void;
  onReset(): void;
}

/**
 * Spec §2 filter form. The name search is live and client-side; the other fields are
 * server-side filters, checked by the shared employeeListQuery schema and sent on Apply.
 */
function EmployeeFiltersForm(props: EmployeeFiltersProps) {
  const form = useForm<FilterValues, unknown, EmployeeListFilters>({
    resolver: zodResolver(employeeListQuery),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const jobId = chosenId(useWatch({ control: form.control, name: 'technologyId' }));
  const jobs = useJobs();
  const positions = usePositions(jobId);
  const grades = useGrades();
  const levels = useLevels();
  useLoadErrorToast(jobs.error, 'Failed to fetch jobs');
  useLoadErrorToast(positions.error, 'Failed to fetch positions');
  useLoadErrorToast(grades.error, 'Failed to fetch grades');
  useLoadErrorToast(levels.error, 'Failed to fetch levels');

  const reset = () => {
    form.reset(EMPTY);
    props.onReset();
  };

  const idSelect = (
    name: 'technologyId' | 'positionId' | 'gradeId' | 'levelId',
    label: string,
    data: ReturnType<typeof toOptions>,
    extra: { disabled?: boolean; onPicked?: () => void } = {},
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          placeholder="All"
          data={data}
          clearable
          disabled={extra.disabled}
          value={selectValue(field.value)}
          onChange={(value) => {
            if (value === selectValue(field.value)) return;
            field.onChange(value);
            extra.onPicked?.();
          }}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={errors[name]?.message}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );

  const moneyInput = (name: 'salaryFrom' | 'salaryTo', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          placeholder="Any"
          prefix="$"
          hideControls
          min={0}
          step={100}
          decimalScale={2}
          thousandSeparator=","
          allowNegative={false}
          value={field.value as number | string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={errors[name]?.message}
        />
      )}
    />
  );

  const { search, pair, narrow, buttons } = filterSpans(props.showSalaryFilters);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form
        onSubmit={form.handleSubmit(props.onApply)}
        onReset={reset}
        noValidate
        aria-label="Filter employees"
      >
        <Grid gap="md" align="flex-end">
          <Grid.Col span={search}>
            <TextInput
              label="Search by Name"
              placeholder="Type a name"
              leftSection={<IconSearch size={16} />}
              value={props.nameSearch}
              onChange={(event) => props.onNameSearchChange(event.currentTarget.value)}
              type="search"
              autoComplete="off"
            />
          </Grid.Col>
          <Grid.Col span={pair}>
            {idSelect('technologyId', 'Technology', toOptions(jobs.data), {
              // A position belongs to one technology: a new technology clears it (spec §2).
              onPicked: () => form.setValue('positionId', null),
            })}
          </Grid.Col>
          <Grid.Col span={pair}>
            {idSelect('positionId', 'Position', toOptions(positions.data), { disabled: jobId === null })}
          </Grid.Col>
          <Grid.Col span={narrow}>{idSelect('gradeId', 'Grade', toOptions(grades.data))}</Grid.Col>
          <Grid.Col span={narrow}>{idSelect('levelId', 'Level', toOptions(levels.data))}</Grid.Col>
          {props.showSalaryFilters ? (
            <>
              <Grid.Col span={narrow}>{moneyInput('salaryFrom', 'Salary From')}</Grid.Col>
              <Grid.Col span={narrow}>{moneyInput('salaryTo', 'Salary To')}</Grid.Col>
            </>
          ) : null}
          <Grid.Col span={buttons}>
            <Group gap="sm" justify="flex-end" wrap="nowrap">
              <Button type="reset" variant="default">
                Reset
              </Button>
              <Button type="submit" leftSection={<IconFilter size={16} />} loading={props.applying}>
                Apply Filters
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
      </form>
    </Paper>
  );
}

/** Memoised: the list reloading (10,000 rows) must not re-render the selects. */
export const EmployeeFilters = memo(EmployeeFiltersForm);
