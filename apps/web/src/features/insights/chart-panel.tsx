import { Box, Button, Paper } from '@mantine/core';
import type { InsightChart } from '@salary/shared/insights/insights.contract';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { HeadingRow } from '../../components/heading-row.tsx';
import classes from './insights.module.css';

interface ChartPanelProps {
  chart: InsightChart;
  title: string;
  description?: string;
  onDownload(chart: InsightChart): void;
  downloading: boolean;
  /** The picture (hidden from screen readers: the table says the same). */
  children?: ReactNode;
  /** The same data as a table: shown under "Data table", always in the page for assistive tech. */
  table: ReactNode;
  /** The table is the picture itself (the heat map): no disclosure. */
  tableOnly?: boolean;
}

/** One chart on the Pay Overview: title, its .xlsx download, the chart and its data table. */
export function ChartPanel(props: ChartPanelProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={props.title}>
      <HeadingRow
        level="section"
        title={props.title}
        description={props.description}
        mb="md"
        actions={
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
            loading={props.downloading}
            onClick={() => props.onDownload(props.chart)}
            aria-label={`Download .xlsx: ${props.title}`}
          >
            Download .xlsx
          </Button>
        }
      />
      {props.tableOnly ? (
        props.table
      ) : (
        <>
          <Box aria-hidden data-chart={props.chart} className={classes.chart}>
            {props.children}
          </Box>
          <details className={classes.details}>
            <summary>Data table</summary>
            {props.table}
          </details>
        </>
      )}
    </Paper>
  );
}
