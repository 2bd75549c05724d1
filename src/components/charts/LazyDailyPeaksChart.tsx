import { lazy, Suspense } from 'react';
import type { DailyPeaksChartProps } from './DailyPeaksChart';
import styles from './BarChart.module.css';

// recharts loads with the first chart shown, never with the page that links to it.
const DailyPeaksChart = lazy(() => import('./DailyPeaksChart').then((m) => ({ default: m.DailyPeaksChart })));

export type { DailyPeakDatum, DailyPeaksChartProps } from './DailyPeaksChart';

/** The daily-peaks chart in its own chunk, with a placeholder of the same height while it loads. */
export function LazyDailyPeaksChart(props: DailyPeaksChartProps) {
  return (
    <Suspense
      fallback={
        <div className={styles.figure} style={{ height: props.height ?? 220 }} aria-busy="true">
          <span className={styles.loading}>Loading chart…</span>
        </div>
      }
    >
      <DailyPeaksChart {...props} />
    </Suspense>
  );
}
