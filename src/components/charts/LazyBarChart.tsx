import { lazyChart } from './lazyChart';

export const LazyBarChart = lazyChart(() => import('./BarChart').then((m) => m.BarChart), 200);
