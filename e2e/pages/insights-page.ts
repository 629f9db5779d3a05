import { PageModel } from './page-model.ts';

/** /insights "Pay Overview": headline figures, the heat map and two charts with their data tables. */
export class InsightsPage extends PageModel {
  panel(title: string) {
    return this.page.getByRole('region', { name: title });
  }

  figure(label: string) {
    return this.page.locator(`[data-figure="${label}"] dd`).first();
  }

  /** The data table under a chart (in the page for assistive tech; shown under "Data table"). */
  table(name: 'grade-level' | 'job-cost' | 'distribution') {
    return this.page.locator(`table[data-table="${name}"]`);
  }

  /** Bars drawn in a chart's SVG. */
  bars(chart: 'job-cost' | 'distribution') {
    return this.page.locator(`[data-chart="${chart}"] .recharts-bar-rectangle`);
  }

  async waitForCharts(): Promise<void> {
    await this.bars('job-cost').first().waitFor();
    await this.bars('distribution').first().waitFor();
  }
}
