import { Anchor, Button, Center, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { InsightChart, Insights } from '@salary/shared/insights/insights.contract';
import { IconRefresh } from '@tabler/icons-react';
import {
  type CSSProperties,
  type ReactNode,
  startTransition,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { Link, useSearchParams } from 'react-router';
import { AsOfBar, useAsOf } from '../../components/as-of.tsx';
import { HeadingRow } from '../../components/heading-row.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PrintButton } from '../../components/print-button.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { formatCount, formatMoney } from '../../lib/company-format.tsx';
import { filterQuery, filtersFromParams, hasFilters } from '../../lib/directory-filters.ts';
import { useToast } from '../../lib/toast/toast-context.ts';
import { useLoadErrorToast } from '../../lib/use-load-error-toast.ts';
import { useDownloadChart, useInsights } from './api/get-insights.ts';
import { ChartPanel, DownloadButton } from './chart-panel.tsx';
import { BandPositionTable, DistributionTable, GradeLevelHeatmap, JobCostTable } from './insight-tables.tsx';
import classes from './insights.module.css';

// The chart library loads beside GET /insights, not before it: the figures and tables need
// none of it, and the call is what the page waits for with 10,000 employees.
// Asked for once, when this page's code runs, so it downloads while the call is answered.
// Held in state rather than behind React.lazy: a Suspense boundary that showed its fallback
// reveals its content no sooner than 300 ms later (React's reveal throttle), which was a third
// of the time to the first chart.
type ChartsModule = typeof import('./insight-charts.tsx');
let charts: Promise<ChartsModule> | undefined;
const loadCharts = () => {
  charts ??= import('./insight-charts.tsx');
  return charts;
};
// With this page's code: downloads beside the session check and GET /insights.
void loadCharts().catch(() => {});

/**
 * The chart module once it is here and the page has been painted without it; 'failed' if it
 * could not be downloaded (the tables stay). The charts are drawn in a render React may
 * interrupt (a transition), after a frame has shown the figures and tables: drawing them is
 * the page's longest piece of work, and it no longer holds up the first paint or input.
 */
function useCharts(): ChartsModule | 'failed' | undefined {
  const [loaded, setLoaded] = useState<ChartsModule | 'failed' | undefined>(undefined);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (value: ChartsModule | 'failed') => {
      // After the next frame is painted: a timeout queued from requestAnimationFrame runs then.
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => {
          if (live) startTransition(() => setLoaded(value));
        }, 0);
      });
    };
    loadCharts().then(
      (m) => show(m),
      () => {
        charts = undefined; // the next visit tries again
        show('failed');
      },
    );
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [loaded]);
  return loaded;
}

function ChartSlot({
  charts,
  draw,
}: {
  charts: ReturnType<typeof useCharts>;
  draw(m: ChartsModule): ReactNode;
}) {
  if (charts === 'failed') {
    return (
      <Text size="sm" c="dimmed">
        The chart could not be loaded; its data table is below.
      </Text>
    );
  }
  return charts ? draw(charts) : <Loader size="sm" aria-label="Loading the chart" />;
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md" data-figure={label} className={classes.figure}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text
        component="dd"
        fw={700}
        lh={1.2}
        m={0}
        className={classes.figureValue}
        style={{ '--figure-chars': value.length } as CSSProperties}
      >
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" component="dd" m={0}>
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

function Headline({ data }: { data: Insights }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: data.totalCost === undefined ? 4 : 5 }} component="dl" m={0}>
      <Figure
        label="Headcount"
        value={formatCount(data.headcount)}
        hint={data.unpriced ? `${formatCount(data.unpriced)} without a base salary` : undefined}
      />
      <Figure label="Monthly payroll (gross)" value={formatMoney(data.payroll)} />
      {data.totalCost !== undefined ? (
        <Figure label="Total cost" value={formatMoney(data.totalCost)} />
      ) : null}
      <Figure label="Average salary" value={formatMoney(data.averageSalary)} />
      <Figure label="Median salary" value={formatMoney(data.medianSalary)} />
    </SimpleGrid>
  );
}

/** `&asOf=…` after a query (`?asOf=…` alone), or '' for today. */
const asOfSuffix = (query: string, asOf: string | undefined) =>
  asOf === undefined ? '' : `${query ? '&' : '?'}asOf=${asOf}`;

/**
 * /insights "Pay Overview": the company's pay at a glance, for the directory's filters if any,
 * as of the address's day (`?asOf=`; absent: today).
 */
export default function InsightsPage() {
  const chartModule = useCharts();
  const toast = useToast();
  const [params] = useSearchParams();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` is the address's content.
  const filters = useMemo(() => filtersFromParams(params), [search]);
  // Another day than today: the figures as of that day (its employees, the rules then).
  const [asOf, setAsOf] = useAsOf();
  const asked = useMemo(() => (asOf === undefined ? filters : { ...filters, asOf }), [filters, asOf]);
  const insights = useInsights(asked);
  useLoadErrorToast(insights.error, 'Failed to fetch data');
  const download = useDownloadChart(asked);
  const onDownload = (chart: InsightChart) =>
    download.mutate(chart, {
      onError: (error) => toast.error(errorMessage(error, 'Failed to download the data')),
    });
  const downloading = (chart: InsightChart) => download.isPending && download.variables === chart;
  const filtered = hasFilters(filters);
  // The figures and tables are drawn in a render React may interrupt, not in the store
  // update that brings the answer (which is drawn at once and whole).
  const data = useDeferredValue(insights.data);

  const description = filtered ? (
    <>
      The employees matching the directory's filters.{' '}
      <Anchor component={Link} to={`/insights${asOfSuffix('', asOf)}`} size="sm">
        Show the whole company
      </Anchor>{' '}
      ·{' '}
      <Anchor
        component={Link}
        to={`/dashboard${filterQuery(filters)}${asOfSuffix(filterQuery(filters), asOf)}`}
        size="sm"
      >
        Back to the filtered directory
      </Anchor>
    </>
  ) : asOf === undefined ? (
    "The whole company's monthly pay, priced with today's rules."
  ) : (
    "The whole company's monthly pay on that day, priced with the rules then in force."
  );

  let body: React.ReactNode;
  if (!data && insights.isError) {
    body = (
      <Center py={48}>
        <Stack align="center" gap="sm">
          <Text c="dimmed">The figures could not be loaded.</Text>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void insights.refetch()}
          >
            Try again
          </Button>
        </Stack>
      </Center>
    );
  } else if (!data) {
    body = (
      <Center py={64} role="status" aria-label="Loading the figures">
        <Loader />
      </Center>
    );
  } else if (data.headcount === 0) {
    body = (
      <Center py={48}>
        <Text c="dimmed">No employees found</Text>
      </Center>
    );
  } else {
    body = (
      <Stack gap="lg">
        <section aria-label="Headline figures">
          <HeadingRow
            level="section"
            title="Headline figures"
            mb="md"
            actions={
              <DownloadButton
                what="Headline figures"
                loading={downloading('headline')}
                onClick={() => onDownload('headline')}
              />
            }
          />
          <Headline data={data} />
        </section>
        <ChartPanel
          chart="grade-level"
          title="Salary by grade and level"
          onDownload={onDownload}
          downloading={downloading('grade-level')}
          tableOnly
          table={<GradeLevelHeatmap data={data} />}
        />
        {/* With its cost columns the job table needs the full width: side by side it was cut off. */}
        <SimpleGrid cols={{ base: 1, lg: data.totalCost === undefined ? 2 : 1 }} spacing="lg">
          <ChartPanel
            chart="job-cost"
            title={data.totalCost === undefined ? 'Salary by job' : 'Total cost by job'}
            description={
              data.totalCost === undefined
                ? 'Monthly gross salaries per job.'
                : "Monthly salaries, benefits and the company's insurance share per job."
            }
            onDownload={onDownload}
            downloading={downloading('job-cost')}
            table={<JobCostTable data={data} />}
          >
            <ChartSlot charts={chartModule} draw={(m) => <m.JobCostChart data={data} />} />
          </ChartPanel>
          <ChartPanel
            chart="distribution"
            title="Salary distribution"
            description="How many employees earn within each monthly range."
            onDownload={onDownload}
            downloading={downloading('distribution')}
            table={<DistributionTable data={data} />}
          >
            <ChartSlot charts={chartModule} draw={(m) => <m.DistributionChart data={data} />} />
          </ChartPanel>
        </SimpleGrid>
        {data.byBandPosition.length > 0 ? (
          <ChartPanel
            chart="band-position"
            title="Position in salary band"
            description="Per grade, how many employees' base salary, job adjustment and individual allowance are below, in or above the band of their grade and level."
            onDownload={onDownload}
            downloading={downloading('band-position')}
            table={<BandPositionTable data={data} />}
          >
            <ChartSlot charts={chartModule} draw={(m) => <m.BandPositionChart data={data} />} />
          </ChartPanel>
        ) : null}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Pay Overview"
        description={description}
        actions={data ? <PrintButton /> : undefined}
      />
      <AsOfBar day={asOf} onChange={setAsOf} subject="pay" />
      {body}
    </>
  );
}
