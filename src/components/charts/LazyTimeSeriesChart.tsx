import { lazyChart } from './lazyChart';

export type { TimeSeries, TimeSeriesChartProps } from './TimeSeriesChart';

export const LazyTimeSeriesChart = lazyChart(
  () => import('./TimeSeriesChart').then((m) => m.TimeSeriesChart),
  360,
);
