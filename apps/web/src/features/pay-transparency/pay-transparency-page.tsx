import { Box, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  CATEGORY_KIND_LABELS,
  type CategoryKind,
  type PayCategory,
} from '@salary/shared/pay-transparency/pay-transparency.contract';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { AsOfBanner, AsOfInput } from '../../components/as-of.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PrintButton } from '../../components/print-button.tsx';
import { SectionLoader } from '../../components/section-loader.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useCurrentUser } from '../../lib/auth/auth-context.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { AdjustedGapSection } from './adjusted-gap-section.tsx';
import { useExportPayReport } from './api/export-pay-report.ts';
import { usePayReport } from './api/get-pay-report.ts';
import { CategoryTable } from './category-table.tsx';
import { HeadlineCards } from './headline-cards.tsx';
import { JustificationDialog } from './justification-dialog.tsx';
import { PayDefinitions } from './pay-definitions.tsx';
import { QuartileChart } from './quartile-chart.tsx';
import { ReportPeriodInput, useReportPeriod } from './report-period.tsx';
import { UnscoredJobsNote } from './unscored-jobs-note.tsx';
import { YearSummary } from './year-summary.tsx';

/** /pay-transparency: the gender pay gap report (admins and showSalary). */
export default function PayTransparencyPage() {
  const toast = useToast();
  const user = useCurrentUser();
  const [kind, setKind] = useState<CategoryKind>('job-grade');
  // Three views side by side need ~780 px: stacked below that (a phone, A4 paper).
  const narrow = useMediaQuery('(max-width: 50em)') ?? false;
  const [justifying, setJustifying] = useState<PayCategory | null>(null);
  // A calendar year (the default: the last complete one), or a day: as of another day than
  // today, the report of those employed then; read-only.
  const [period, setPeriod] = useReportPeriod();
  const asOf = period.kind === 'day' ? period.asOf : undefined;
  const year = period.kind === 'year' ? period.year : undefined;
  const setAsOf = (day: string | undefined) => setPeriod({ kind: 'day', asOf: day });
  const report = usePayReport(kind, { asOf, year });
  const exportReport = useExportPayReport();
  useLoadErrorToast(report.error, 'Failed to load the pay transparency report');

  const data = report.data;
  const counts = data?.counts;
  return (
    <>
      <PageHeader
        title="Pay Transparency"
        description="Gender pay gap indicators (EU Directive 2023/970) for a calendar year, on annual and hourly pay, or as of a day, monthly — from the same priced figures as the employee list. A positive gap means women are paid less."
        actions={
          <>
            {data ? <PrintButton /> : null}
            <Button
              leftSection={<IconDownload size={16} />}
              variant="default"
              loading={exportReport.isPending}
              onClick={() =>
                exportReport.mutate(
                  { category: kind, asOf, year },
                  {
                    onError: (error) => toast.error(errorMessage(error, 'Failed to download report')),
                  },
                )
              }
            >
              Download report (.xlsx)
            </Button>
          </>
        }
      />
      <Stack gap="md" mb="lg">
        <Group gap="md" align="flex-end" wrap="nowrap">
          <Box w={220} miw={0} style={{ flexShrink: 1 }}>
            <ReportPeriodInput period={period} onChange={setPeriod} />
          </Box>
          {period.kind === 'day' ? (
            <Box w={220} miw={0} style={{ flexShrink: 1 }}>
              <AsOfInput day={asOf} onChange={setAsOf} />
            </Box>
          ) : null}
        </Group>
        {asOf !== undefined ? (
          <AsOfBanner day={asOf} subject="the report" onBackToToday={() => setAsOf(undefined)} />
        ) : null}
      </Stack>
      {report.isError ? (
        <LoadFailed title="Could not load the report" query={report}>
          The pay transparency report could not be read.
        </LoadFailed>
      ) : null}
      {data && counts ? (
        <Stack gap="lg">
          {data.hourly ? (
            <>
              <HeadlineCards report={data} basis="year" />
              <HeadlineCards report={data} basis="hour" figures={data.hourly} />
            </>
          ) : (
            <HeadlineCards report={data} />
          )}
          <YearSummary report={data} />
          <PayDefinitions year={data.period !== undefined} />
          <Text size="sm" c="dimmed" data-testid="report-counts">
            Counted: {counts.female} women and {counts.male} men. Not in the indicators: {counts.other} other,{' '}
            {counts.undisclosed} undisclosed, {counts.unpriced} without a priced salary. Groups with fewer
            than {data.minGroup} women or men show "too few to report".
          </Text>
          <QuartileChart quartiles={data.quartiles} hourly={data.hourly !== undefined} />
          {data.adjustedGap ? <AdjustedGapSection adjustedGap={data.adjustedGap} /> : null}
          <Stack gap="xs">
            <SegmentedControl
              aria-label="Categories of workers"
              value={kind}
              onChange={(value) => setKind(value as CategoryKind)}
              data={(Object.keys(CATEGORY_KIND_LABELS) as CategoryKind[]).map((value) => ({
                value,
                label: CATEGORY_KIND_LABELS[value],
              }))}
              // Stacked on a phone and on A4 paper: the three labels need ~780 px side by side.
              orientation={narrow ? 'vertical' : 'horizontal'}
              fullWidth={narrow}
              style={{ alignSelf: narrow ? 'stretch' : 'flex-start' }}
            />
            {data.unscoredJobs ? <UnscoredJobsNote jobs={data.unscoredJobs} /> : null}
            <CategoryTable
              categories={data.categories}
              canJustify={user.isAdmin && asOf === undefined}
              onJustify={setJustifying}
            />
          </Stack>
        </Stack>
      ) : report.isPending ? (
        <SectionLoader />
      ) : null}
      <JustificationDialog
        key={justifying?.key ?? 'none'}
        kind={kind}
        category={justifying}
        onClose={() => setJustifying(null)}
      />
    </>
  );
}
