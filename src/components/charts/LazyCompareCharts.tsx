import { lazyChart } from './lazyChart';

export type { AxisSeries } from './MultiAxisChart';

export const LazyMultiAxisChart = lazyChart(
  () => import('./MultiAxisChart').then((m) => m.MultiAxisChart),
  430,
);
export const LazyBandChart = lazyChart(() => import('./BandChart').then((m) => m.BandChart), 320);
export const LazyLinesChart = lazyChart(() => import('./LinesChart').then((m) => m.LinesChart), 280);
