import { lazyChart } from './lazyChart';

export type { PeakCurveChartProps, PeakCurvePoint } from './PeakCurveChart';

export const LazyPeakCurveChart = lazyChart(
  () => import('./PeakCurveChart').then((m) => m.PeakCurveChart),
  280,
);
