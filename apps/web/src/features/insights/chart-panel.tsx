import { Box, Button } from '@mantine/core';
import type { InsightChart } from '@salary/shared/insights/insights.contract';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SectionPanel } from '../../components/section-panel.tsx';
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

/** A part of the Pay Overview as .xlsx; its name says which part ('Download .xlsx: Headline figures'). */
export function DownloadButton({
  what,
  loading,
  onClick,
}: {
  what: string;
  loading: boolean;
  onClick(): void;
}) {
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconFileSpreadsheet size={14} aria-hidden />}
      loading={loading}
      onClick={onClick}
      aria-label={`Download .xlsx: ${what}`}
    >
      Download .xlsx
    </Button>
  );
}

/** One chart on the Pay Overview: title, its .xlsx download, the chart and its data table. */
export function ChartPanel(props: ChartPanelProps) {
  return (
    <SectionPanel
      title={props.title}
      description={props.description}
      actions={
        <DownloadButton
          what={props.title}
          loading={props.downloading}
          onClick={() => props.onDownload(props.chart)}
        />
      }
    >
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
    </SectionPanel>
  );
}
