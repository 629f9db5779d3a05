import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { CalculationResult } from '@salary/shared/calculator/calculator.contract';
import { BASE_MULTIPLIERS } from '@salary/shared/settings/settings.contract';
import {
  formatAdjustmentFactor,
  formatDollars,
  formatPercentOneDecimal,
  formatRate,
} from './calculation-format.ts';
import { Figure, FigureGroup, Stat } from './figure-rows.tsx';

// Experience and loyalty apply once per year; their rows say so.
const PER_YEAR = new Set<string>([BASE_MULTIPLIERS[0].label, BASE_MULTIPLIERS[1].label]);

/**
 * The breakdown of one calculation. Cost figures (benefits, the company's insurance share, total
 * cost) are absent from the answer without showCost, and so are their rows.
 */
export function CalculationDetails({ result }: { result: CalculationResult }) {
  const d = result.details;
  const showsCost = d.totalCost !== undefined;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label="Calculation Details"
    >
      <Stack gap="lg">
        <Title order={3} size="h4">
          Calculation Details
        </Title>
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
            id="experienceMultiplier"
            label="Experience Multiplier"
            hint="Total effect of experience"
            value={formatPercentOneDecimal(d.experienceMultiplier)}
          />
          <Figure
            id="loyaltyMultiplier"
            label="Loyalty Multiplier"
            hint="Total effect of years with the company"
            value={formatPercentOneDecimal(d.loyaltyMultiplier)}
          />
        </FigureGroup>

        <FigureGroup title="Adjustments">
          {d.adjustmentDetails.map((row) => (
            <Figure
              key={`adjustment:${row.name}`}
              id={`adjustment:${row.name}`}
              label={row.name}
              hint={`${formatRate(row.value, row.type)}${PER_YEAR.has(row.name) ? ' per year' : ''}`}
              value={formatDollars(row.amount)}
            />
          ))}
          {d.customMultiplierDetails.map((row, i) => (
            <Figure
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list per answer, and titles may repeat.
              key={`custom:${i}:${row.name}`}
              id={`custom:${row.name}`}
              label={row.name}
              hint={`Custom · ${formatRate(row.value, row.type)}`}
              value={formatDollars(row.amount)}
            />
          ))}
          <Figure
            id="totalAdjustments"
            label="Total Adjustments"
            value={formatDollars(d.totalAdjustments)}
            strong
          />
          <Figure id="grossSalary" label="Gross Salary" value={formatDollars(d.grossSalary)} strong />
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
      </Stack>
    </Paper>
  );
}
