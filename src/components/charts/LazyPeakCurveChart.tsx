import { lazyChart } from './lazyChart';

export const LazyPeakCurveChart = lazyChart(
  () => import('./PeakCurveChart').then((m) => m.PeakCurveChart),
  280,
);
