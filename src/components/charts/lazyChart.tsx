import { lazy, Suspense, type ComponentType } from 'react';
import styles from './chart.module.css';

/**
 * A chart in its own chunk: the chart code loads with the first chart shown, never with the
 * page that links to it. Until it arrives, a placeholder of the chart's height keeps the layout still.
 */
export function lazyChart<P extends { height?: number }>(
  load: () => Promise<ComponentType<P>>,
  defaultHeight: number,
): ComponentType<P> {
  const Chart = lazy(async () => ({ default: await load() }));
  function LazyChart(props: P) {
    return (
      <Suspense
        fallback={
          <div className={styles.figure} style={{ height: props.height ?? defaultHeight }} aria-busy="true">
            <span className={styles.loading}>Loading chart…</span>
          </div>
        }
      >
        <Chart {...props} />
      </Suspense>
    );
  }
  return LazyChart;
}
