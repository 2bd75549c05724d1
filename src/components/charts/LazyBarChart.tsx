import { lazyChart } from './lazyChart';

export type { BarChartProps, BarDatum } from './BarChart';

export const LazyBarChart = lazyChart(() => import('./BarChart').then((m) => m.BarChart), 200);
