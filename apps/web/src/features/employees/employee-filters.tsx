import { Button, Checkbox, Grid, Group, NumberInput, Paper, Select, TextInput } from '@mantine/core';
import { employeeListQuery } from '@salary/shared/employees/employee.contract';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { memo, useEffect, useRef, useState } from 'react';
import { AsOfInput } from '../../components/as-of.tsx';
import { currencySymbol } from '../../lib/company-format.tsx';
import type { DirectoryFilters } from '../../lib/directory-filters.ts';
import { useGrades } from '../../lib/salary-rules/get-grades.ts';
import { useJobs } from '../../lib/salary-rules/get-jobs.ts';
import { useLevels } from '../../lib/salary-rules/get-levels.ts';
import { usePositions } from '../../lib/salary-rules/get-positions.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { filterSpans } from './filter-layout.ts';
import { selectValue, toOptions } from './select-options.ts';

/** Typing settles this long before the list is asked again. */
const TYPING_DELAY_MS = 300;

type Drafts = { name: string; salaryFrom: number | string; salaryTo: number | string };
type FieldErrors = Partial<Record<keyof DirectoryFilters, string>>;

const draftsOf = (f: DirectoryFilters): Drafts => ({
  name: f.name ?? '',
  salaryFrom: f.salaryFrom ?? '',
  salaryTo: f.salaryTo ?? '',
});

interface EmployeeFiltersProps {
  /** The applied filters: the address's. */
  filters: DirectoryFilters;
  /**
   * Salary From/To only for users who may see salaries: the server refuses salary filters
   * without showSalary (403), and without the Calculated Salary column there is nothing to
   * check the result against. Hidden rather than disabled, so no dead inputs are on screen.
   */
  showSalaryFilters: boolean;
  /** True while newly applied filters load. */
  applying: boolean;
  onApply(filters: DirectoryFilters): void;
  /** The As of day (YYYY-MM-DD); undefined: today. */
  asOf?: string | undefined;
  /** A new As of day (undefined: back to today). */
  onAsOf?(day: string | undefined): void;
}

/**
 * The directory's filter form. Every field applies on change — a choice at once, typing once it
 * settles — and the applied filters live in the address (employees-page.tsx), so Back,
 * reload and a shared link keep them. Apply Filters applies what is typed without waiting;
 * values the shared employeeListQuery schema refuses are marked and not applied.
 */
function EmployeeFiltersForm({
  filters,
  showSalaryFilters,
  applying,
  onApply,
  asOf,
  onAsOf,
}: EmployeeFiltersProps) {
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(filters));
  const [errors, setErrors] = useState<FieldErrors>({});
  // What this form last applied: a change of the address from elsewhere (Back, Reset, a link)
  // replaces the drafts; our own echo must not, or keystrokes typed meanwhile would be lost.
  const applied = useRef(filters);
  useEffect(() => {
    if (applied.current === filters) return;
    const mine = JSON.stringify(applied.current) === JSON.stringify(filters);
    applied.current = filters;
    if (!mine) {
      setDrafts(draftsOf(filters));
      setErrors({});
    }
  }, [filters]);

  const jobs = useJobs();
  const positions = usePositions(filters.technologyId ?? null);
  const grades = useGrades();
  const levels = useLevels();
  useLoadErrorToast(jobs.error, 'Failed to fetch jobs');
  useLoadErrorToast(positions.error, 'Failed to fetch positions');
  useLoadErrorToast(grades.error, 'Failed to fetch grades');
  useLoadErrorToast(levels.error, 'Failed to fetch levels');

  /** Checks the whole set with the shared schema; applies it when it passes. */
  const apply = (patch: Partial<Record<keyof DirectoryFilters, unknown>>, typed: Drafts = drafts) => {
    const raw = { ...filters, ...typed, ...patch };
    const parsed = employeeListQuery.safeParse(raw);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues)
        next[issue.path[0] as keyof DirectoryFilters] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    if (JSON.stringify(parsed.data) === JSON.stringify(filters)) return;
    applied.current = parsed.data;
    onApply(parsed.data);
  };
  const applyRef = useRef(apply);
  applyRef.current = apply;

  // Typed fields apply once the typing settles.
  useEffect(() => {
    const same = draftsOf(applied.current);
    if (
      same.name === drafts.name.trim() &&
      same.salaryFrom === drafts.salaryFrom &&
      same.salaryTo === drafts.salaryTo
    )
      return;
    const timer = setTimeout(() => applyRef.current({}, drafts), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [drafts]);

  const reset = () => {
    setDrafts(draftsOf({}));
    setErrors({});
    applied.current = {};
    onApply({});
  };

  const idSelect = (
    name: 'technologyId' | 'positionId' | 'gradeId' | 'levelId',
    label: string,
    data: ReturnType<typeof toOptions>,
    disabled = false,
  ) => (
    <Select
      label={label}
      placeholder="All"
      data={data}
      clearable
      disabled={disabled}
      value={selectValue(filters[name] ?? null)}
      onChange={(value) => {
        if (value === selectValue(filters[name] ?? null)) return;
        // A position belongs to one technology: a new technology clears it.
        apply(name === 'technologyId' ? { technologyId: value, positionId: undefined } : { [name]: value });
      }}
      name={name}
      error={errors[name]}
      // The theme's keepMounted too: these props replace the theme's, not merge with them.
      comboboxProps={{ withinPortal: true, keepMounted: false }}
    />
  );

  const moneyInput = (name: 'salaryFrom' | 'salaryTo', label: string) => (
    <NumberInput
      label={label}
      placeholder="Any"
      prefix={currencySymbol()}
      hideControls
      min={0}
      step={100}
      thousandSeparator=","
      // What is typed stays as typed (no cut decimals, no dropped minus, no clamp on leaving):
      // the shared schema's message says what is wrong, and a wrong value is not applied.
      clampBehavior="none"
      value={drafts[name]}
      onChange={(value) => setDrafts((d) => ({ ...d, [name]: value }))}
      name={name}
      error={errors[name]}
    />
  );

  const { search, pair, asOf: asOfSpan, narrow, buttons } = filterSpans(showSalaryFilters);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          apply({});
        }}
        onReset={(event) => {
          event.preventDefault();
          reset();
        }}
        noValidate
        aria-label="Filter employees"
      >
        <Grid gap="md" align="flex-end">
          <Grid.Col span={search}>
            <TextInput
              label="Search by Name"
              placeholder="Name, last name first, or ID"
              leftSection={<IconSearch size={16} />}
              value={drafts.name}
              onChange={(event) => {
                const name = event.currentTarget.value;
                setDrafts((d) => ({ ...d, name }));
              }}
              error={errors.name}
              type="search"
              autoComplete="off"
            />
          </Grid.Col>
          <Grid.Col span={pair}>{idSelect('technologyId', 'Technology', toOptions(jobs.data))}</Grid.Col>
          <Grid.Col span={pair}>
            {idSelect(
              'positionId',
              'Position',
              toOptions(positions.data),
              filters.technologyId === undefined,
            )}
          </Grid.Col>
          <Grid.Col span={asOfSpan}>
            <AsOfInput day={asOf} onChange={(day) => onAsOf?.(day)} />
          </Grid.Col>
          <Grid.Col span={narrow}>{idSelect('gradeId', 'Grade', toOptions(grades.data))}</Grid.Col>
          <Grid.Col span={narrow}>{idSelect('levelId', 'Level', toOptions(levels.data))}</Grid.Col>
          {showSalaryFilters ? (
            <>
              <Grid.Col span={narrow}>{moneyInput('salaryFrom', 'Salary From')}</Grid.Col>
              <Grid.Col span={narrow}>{moneyInput('salaryTo', 'Salary To')}</Grid.Col>
            </>
          ) : null}
          <Grid.Col span={buttons}>
            <Group gap="sm" justify="flex-end" wrap="wrap">
              {/* Leavers (and hires still to start) are left out unless asked for: status=all. */}
              {showSalaryFilters ? (
                <Checkbox
                  label="Outside band"
                  checked={filters.outsideBand === true}
                  onChange={(event) => apply({ outsideBand: event.currentTarget.checked ? true : undefined })}
                />
              ) : null}
              <Checkbox
                label="Show leavers"
                checked={filters.status === 'all'}
                onChange={(event) => apply({ status: event.currentTarget.checked ? 'all' : undefined })}
              />
              <Button type="reset" variant="default">
                Reset
              </Button>
              <Button type="submit" leftSection={<IconFilter size={16} />} loading={applying}>
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
