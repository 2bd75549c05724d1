import { lazyChart } from './lazyChart';

export type { DailyPeakDatum } from './DailyPeaksChart';

export const LazyDailyPeaksChart = lazyChart(
  () => import('./DailyPeaksChart').then((m) => m.DailyPeaksChart),
  220,
);
