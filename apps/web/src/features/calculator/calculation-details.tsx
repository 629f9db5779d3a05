import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CalculationResult } from '@salary/shared/calculator/calculator.contract';
import type { Ref } from 'react';
import { calculationSections } from './calculation-figures.ts';
import type { YearsUsed } from './calculation-lines.ts';
import { Figure, FigureGroup, Stat } from './figure-rows.tsx';

interface CalculationDetailsProps {
  result: CalculationResult;
  /** What it was computed for: "Backend · Senior Engineer · Senior / L2 · 6 years' experience". */
  profile: string;
  years: YearsUsed;
  /** An input changed since: the figures belong to the earlier profile. */
  stale?: boolean;
  /** Receives the panel's heading: focus lands there after Calculate. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The breakdown of one calculation: the three headline figures, then the sections of
 * calculationSections. Cost figures are absent from the answer without showCost, and so are their
 * rows.
 */
export function CalculationDetails({
  result,
  profile,
  years,
  stale = false,
  headingRef,
}: CalculationDetailsProps) {
  const d = result.details;
  const showsCost = d.totalCost !== undefined;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label="Calculation Details"
      data-stale={stale || undefined}
    >
      <Stack gap="lg">
        <div>
          <Title order={2} size="h4" ref={headingRef} tabIndex={-1} data-testid="details-heading">
            Calculation Details
          </Title>
          <Text size="sm" c="dimmed" data-testid="details-profile">
            For {profile}
          </Text>
        </div>
        {stale ? (
          <Alert
            color="yellow"
            variant="light"
            data-testid="details-stale"
            title="Out of date — Calculate again"
          >
            An input changed after this calculation; these figures are for the profile above.
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: showsCost ? 3 : 2 }} spacing="xs">
          <Stat id="grossSalary" label="Gross Salary" value={d.grossSalary} />
          <Stat id="netSalary" label="Net Salary" value={d.netSalary} />
          {d.totalCost !== undefined ? <Stat id="totalCost" label="Total Cost" value={d.totalCost} /> : null}
        </SimpleGrid>

        {calculationSections(result, years).map((section) => (
          <FigureGroup key={section.title} title={section.title}>
            {section.rows.map(({ key, ...figure }) => (
              <Figure key={key} {...figure} />
            ))}
          </FigureGroup>
        ))}
      </Stack>
    </Paper>
  );
}
