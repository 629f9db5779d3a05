import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CalculationResult } from '@salary/shared/calculator/calculator.contract';
import { BASE_MULTIPLIERS } from '@salary/shared/settings/settings.contract';
import type { Ref } from 'react';
import { formatAdjustmentFactor, formatDollars, formatPercentOneDecimal } from './calculation-format.ts';
import { adjustmentRule, multiplierLine, type YearsUsed } from './calculation-lines.ts';
import { Figure, FigureGroup, Stat } from './figure-rows.tsx';

// Experience and loyalty apply once per year of experience / with the company.
const EXPERIENCE = BASE_MULTIPLIERS[0].label;
const LOYALTY = BASE_MULTIPLIERS[1].label;

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
 * The breakdown of one calculation. Cost figures (benefits, the company's insurance share, total
 * cost) are absent from the answer without showCost, and so are their rows.
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
  const perYear = (name: string) =>
    name === EXPERIENCE ? years.yearsExperience : name === LOYALTY ? years.yearsWithCompany : null;
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

        <FigureGroup title="Base">
          <Figure id="baseSalary" label="Base Salary" value={formatDollars(d.baseSalary)} />
          <Figure
            id="adjustmentFactor"
            label="Adjustment Factor"
            hint="Job and position adjustment, in percent of base"
            value={formatAdjustmentFactor(d.adjustmentFactor)}
          />
          <Figure
            id="adjustmentAmount"
            label="Job and Position Adjustment"
            hint={adjustmentRule(d)}
            value={formatDollars(d.adjustmentAmount)}
          />
          <Figure
            id="adjustedSalary"
            label="Adjusted Salary"
            hint="Base salary plus the adjustment: what the multipliers apply to"
            value={formatDollars(d.adjustedSalary)}
            strong
          />
        </FigureGroup>

        <FigureGroup title="Adjustments">
          {d.adjustmentDetails.map((row) => (
            <Figure
              key={`adjustment:${row.name}`}
              id={`adjustment:${row.name}`}
              label={row.name}
              hint={multiplierLine(row, d.adjustedSalary, perYear(row.name))}
              value={formatDollars(row.amount)}
            />
          ))}
          {d.customMultiplierDetails.map((row, i) => (
            <Figure
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list per answer, and titles may repeat.
              key={`custom:${i}:${row.name}`}
              id={`custom:${row.name}`}
              label={row.name}
              hint={`Custom · ${multiplierLine(row, d.adjustedSalary, null)}`}
              value={formatDollars(row.amount)}
            />
          ))}
          <Figure
            id="totalAdjustments"
            label="Total Adjustments"
            value={formatDollars(d.totalAdjustments)}
            strong
          />
          <Figure
            id="grossSalary"
            label="Gross Salary"
            hint="Adjusted salary plus total adjustments"
            value={formatDollars(d.grossSalary)}
            strong
          />
        </FigureGroup>

        {d.selectedBenefits !== undefined ? (
          <FigureGroup title="Benefits">
            {d.selectedBenefits.map((benefit) => (
              <Figure
                key={benefit.name}
                id={`benefit:${benefit.name}`}
                label={benefit.name}
                hint={benefit.type === 'PERCENTAGE' ? 'Percentage of gross salary' : 'Fixed amount'}
                value={formatDollars(benefit.amount)}
              />
            ))}
            {d.totalBenefitsCost !== undefined ? (
              <Figure
                id="totalBenefitsCost"
                label="Total Benefits Cost"
                value={formatDollars(d.totalBenefitsCost)}
                strong
              />
            ) : null}
          </FigureGroup>
        ) : null}

        <FigureGroup title="Social Insurance">
          {d.socialInsuranceAmount !== undefined ? (
            <Figure
              id="socialInsuranceAmount"
              label="Social Insurance"
              value={formatDollars(d.socialInsuranceAmount)}
            />
          ) : null}
          <Figure
            id="employeeSocialInsurance"
            label="Employee Share"
            hint="Deducted from the gross salary"
            value={formatDollars(result.employeeSocialInsurance)}
          />
          {result.companySocialInsurance !== undefined ? (
            <Figure
              id="companySocialInsurance"
              label="Company Share"
              hint="Paid by the company on top"
              value={formatDollars(result.companySocialInsurance)}
            />
          ) : null}
        </FigureGroup>

        <FigureGroup title="Totals">
          <Figure id="netSalary" label="Net Salary" value={formatDollars(d.netSalary)} strong />
          {d.totalCost !== undefined ? (
            <Figure
              id="totalCost"
              label="Total Cost"
              hint="Gross salary, benefits and the company's insurance share"
              value={formatDollars(d.totalCost)}
              strong
            />
          ) : null}
        </FigureGroup>

        <FigureGroup title="Effective Rates">
          <Figure
            id="experienceMultiplier"
            label="Experience Multiplier"
            hint="Total effect of experience, in percent of the adjusted salary"
            value={formatPercentOneDecimal(d.experienceMultiplier)}
          />
          <Figure
            id="loyaltyMultiplier"
            label="Loyalty Multiplier"
            hint="Total effect of years with the company, in percent of the adjusted salary"
            value={formatPercentOneDecimal(d.loyaltyMultiplier)}
          />
        </FigureGroup>
      </Stack>
    </Paper>
  );
}
