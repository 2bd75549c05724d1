import { lazy, Suspense } from 'react';
import type { TimeSeriesChartProps } from './TimeSeriesChart';
import styles from './TimeSeriesChart.module.css';

// recharts loads with the first chart shown, not with the query page.
const TimeSeriesChart = lazy(() => import('./TimeSeriesChart').then((m) => ({ default: m.TimeSeriesChart })));

export type { TimeSeries, TimeSeriesChartProps } from './TimeSeriesChart';

export function LazyTimeSeriesChart(props: TimeSeriesChartProps) {
  return (
    <Suspense
      fallback={
        <div className={styles.figure} style={{ height: props.height ?? 360 }} aria-busy="true">
          <span className={styles.loading}>Loading chart…</span>
        </div>
      }
    >
      <TimeSeriesChart {...props} />
    </Suspense>
  );
}
