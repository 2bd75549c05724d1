import { lazy, Suspense } from 'react';
import type { PeakCurveChartProps } from './PeakCurveChart';
import styles from './BarChart.module.css';

// recharts loads with the first chart shown, never with the page that links to it.
const PeakCurveChart = lazy(() => import('./PeakCurveChart').then((m) => ({ default: m.PeakCurveChart })));

export type { PeakCurveChartProps, PeakCurvePoint } from './PeakCurveChart';

/** The peak curve in its own chunk, with a placeholder of the same height while it loads. */
export function LazyPeakCurveChart(props: PeakCurveChartProps) {
  return (
    <Suspense
      fallback={
        <div className={styles.figure} style={{ height: props.height ?? 280 }} aria-busy="true">
          <span className={styles.loading}>Loading chart…</span>
        </div>
      }
    >
      <PeakCurveChart {...props} />
    </Suspense>
  );
}
