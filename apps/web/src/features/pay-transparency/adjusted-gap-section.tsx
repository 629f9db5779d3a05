import { Group, Stack, Table, Text } from '@mantine/core';
import {
  ADJUSTED_GAP_EXPLANATION,
  ADJUSTED_GAP_TITLE,
  type AdjustedGap,
  type AdjustedGapEstimate,
  TOO_FEW_REASON_TEXTS,
  TOO_FEW_TO_ESTIMATE,
} from '@salary/shared/pay-transparency/adjusted-gap.contract';
import { TableScrollRegion } from '../../components/table-scroll-region.tsx';
import { numberFormat } from '../../lib/company-format.tsx';
import { formatPercent } from './pay-format.ts';
import { ReportSection } from './report-section.tsx';

type Estimated = Extract<AdjustedGapEstimate, { tooFew: false }>;

const count = (n: number) => numberFormat({ maximumFractionDigits: 0 }).format(n);
const rSquared = (r: number) =>
  numberFormat({ minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(r);
const logPoints = (se: number) =>
  `${numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(se)} log points`;

/** '−5.6% to −4.2%' */
export const intervalText = (e: Estimated) => `${formatPercent(e.low)} to ${formatPercent(e.high)}`;

/** The figure said in words, so that its sign never has to be read from a colour or a minus. */
export function meaningOf(e: Estimated): string {
  const size = formatPercent(Math.abs(e.percent));
  const sure = e.low > 0 || e.high < 0 ? '' : ' (the interval includes no gap)';
  if (e.percent < 0) return `Women are paid ${size} less than men with a comparable profile${sure}`;
  if (e.percent > 0) return `Women are paid ${size} more than men with a comparable profile${sure}`;
  return 'No difference between women and men with a comparable profile';
}

export const tooFewText = (e: Extract<AdjustedGapEstimate, { tooFew: true }>) =>
  `${TOO_FEW_TO_ESTIMATE} (${TOO_FEW_REASON_TEXTS[e.reason]})`;

function CompanyEstimate({ estimate }: { estimate: AdjustedGapEstimate }) {
  if (estimate.tooFew)
    return (
      <Stack gap={2} aria-label="Whole company" role="group">
        <Text size="sm" fw={600}>
          Whole company
        </Text>
        <Text fz="lg" fw={700} data-testid="adjusted-gap-company">
          {TOO_FEW_TO_ESTIMATE}
        </Text>
        <Text size="sm" c="dimmed">
          {TOO_FEW_REASON_TEXTS[estimate.reason]}; {count(estimate.n)} employees
        </Text>
      </Stack>
    );
  return (
    <Stack gap={2} aria-label="Whole company" role="group">
      <Text size="sm" fw={600}>
        Whole company
      </Text>
      <Text fz={28} fw={700} lh={1.2} data-testid="adjusted-gap-company">
        {formatPercent(estimate.percent)}
      </Text>
      <Text size="sm">{meaningOf(estimate)}</Text>
      <Group gap="lg">
        <Text size="sm" c="dimmed">
          95% interval {intervalText(estimate)}
        </Text>
        <Text size="sm" c="dimmed">
          Standard error {logPoints(estimate.standardError)}
        </Text>
        <Text size="sm" c="dimmed">
          {count(estimate.n)} employees
        </Text>
        <Text size="sm" c="dimmed">
          R² {rSquared(estimate.rSquared)}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * The adjusted pay gap: the woman coefficient of a regression of ln(hourly pay) on grade,
 * level, years and flags, for the company and each job, with what it means in one paragraph.
 */
export function AdjustedGapSection({ adjustedGap }: { adjustedGap: AdjustedGap }) {
  return (
    <ReportSection
      label={ADJUSTED_GAP_TITLE}
      title={ADJUSTED_GAP_TITLE}
      description="Women's hourly pay against men's with the same grade, level, years and flags, as a percentage; negative means women are paid less."
    >
      <CompanyEstimate estimate={adjustedGap.company} />
      <TableScrollRegion label="Adjusted pay gap by job table" minWidth={760}>
        <Table striped aria-label="Adjusted pay gap by job" data-testid="adjusted-gap-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Job</Table.Th>
              <Table.Th scope="col" ta="right">
                Employees
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Adjusted gap
              </Table.Th>
              <Table.Th scope="col">95% interval</Table.Th>
              <Table.Th scope="col" ta="right">
                Standard error
              </Table.Th>
              <Table.Th scope="col" ta="right">
                R²
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {adjustedGap.jobs.map(({ jobId, jobName, estimate: e }) => (
              <Table.Tr key={jobId}>
                <Table.Th scope="row" fw={600}>
                  {jobName}
                </Table.Th>
                <Table.Td ta="right">{count(e.n)}</Table.Td>
                {e.tooFew ? (
                  <Table.Td colSpan={4}>{tooFewText(e)}</Table.Td>
                ) : (
                  <>
                    <Table.Td ta="right">
                      {formatPercent(e.percent)}
                      <Text size="xs" c="dimmed">
                        {e.percent < 0
                          ? 'women paid less'
                          : e.percent > 0
                            ? 'women paid more'
                            : 'no difference'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{intervalText(e)}</Table.Td>
                    <Table.Td ta="right">{logPoints(e.standardError)}</Table.Td>
                    <Table.Td ta="right">{rSquared(e.rSquared)}</Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
      <Text size="sm" data-testid="adjusted-gap-explanation">
        {ADJUSTED_GAP_EXPLANATION}
      </Text>
    </ReportSection>
  );
}
