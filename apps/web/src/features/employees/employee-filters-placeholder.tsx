import { Grid, Group, Paper, Skeleton, Text } from '@mantine/core';
import { filterSpans } from './filter-layout.ts';

type Span = ReturnType<typeof filterSpans>['search'];

function Field({ label, span }: { label: string; span: Span }) {
  return (
    <Grid.Col span={span}>
      {/* Padded to the height of a Mantine label above its input, so nothing shifts on the swap. */}
      <Text size="sm" fw="var(--mantine-font-weight-medium)" lh={1.55} pt={2} pb={1}>
        {label}
      </Text>
      <Skeleton h={36} radius="md" />
    </Grid.Col>
  );
}

/** Stands in, same size, while the filter form's code loads (it must not hold up the first rows). */
export function EmployeeFiltersPlaceholder({ showSalaryFilters }: { showSalaryFilters: boolean }) {
  const spans = filterSpans(showSalaryFilters);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-busy="true" aria-label="Loading filters">
      <Grid gap="md" align="flex-end">
        <Field label="Search by Name" span={spans.search} />
        <Field label="Technology" span={spans.pair} />
        <Field label="Position" span={spans.pair} />
        <Field label="As of" span={spans.asOf} />
        <Field label="Grade" span={spans.narrow} />
        <Field label="Level" span={spans.narrow} />
        {showSalaryFilters ? (
          <>
            <Field label="Salary From" span={spans.narrow} />
            <Field label="Salary To" span={spans.narrow} />
          </>
        ) : null}
        <Grid.Col span={spans.buttons}>
          <Group gap="sm" justify="flex-end" wrap="nowrap">
            <Skeleton h={36} w={80} radius="md" />
            <Skeleton h={36} w={150} radius="md" />
          </Group>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
