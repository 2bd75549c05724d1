import { lazy, Suspense } from 'react';
import type { BarChartProps } from './BarChart';
import styles from './BarChart.module.css';

// recharts is ~100 kB gzip: it loads with the first chart shown, never with the page that links to it.
const BarChart = lazy(() => import('./BarChart').then((m) => ({ default: m.BarChart })));

export type { BarChartProps, BarDatum } from './BarChart';

/** The bar chart in its own chunk, with a placeholder of the same height while it loads. */
export function LazyBarChart(props: BarChartProps) {
  return (
    <Suspense
      fallback={
        <div className={styles.figure} style={{ height: props.height ?? 200 }} aria-busy="true">
          <span className={styles.loading}>Loading chart…</span>
        </div>
      }
    >
      <BarChart {...props} />
    </Suspense>
  );
}
