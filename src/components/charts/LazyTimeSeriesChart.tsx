import { lazyChart } from './lazyChart';

export type { TimeSeries } from './TimeSeriesChart';

export const LazyTimeSeriesChart = lazyChart(
  () => import('./TimeSeriesChart').then((m) => m.TimeSeriesChart),
  360,
);
