import { Suspense, useEffect, type ComponentType } from 'react';
import { preloadable, type Preloadable } from '@/lib/preloadable';
import styles from './chart.module.css';

/** A chart in its own chunk, whose code a page can ask for before it has anything to draw. */
export type LazyChart<P> = ComponentType<P> & Pick<Preloadable<P>, 'preload'>;

/**
 * A chart in its own chunk: the chart code loads with the first chart shown, never with the
 * page that links to it. Until it arrives, a placeholder of the chart's height keeps the layout still.
 *
 * A page whose first screen is a chart asks for its code while its data is on the way
 * (`usePreloadChart`): a chart mounted after that code arrived is drawn in the same render as its
 * data, not one round trip and one more render later (docs/decisions/0032-cold-links.md).
 */
export function lazyChart<P extends { height?: number }>(
  load: () => Promise<ComponentType<P>>,
  defaultHeight: number,
): LazyChart<P> {
  const { Component: Chart, preload } = preloadable(load);
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
  return Object.assign(LazyChart, { preload });
}

/** Asks for `chart`'s code once the calling page has mounted, while `when` holds (none: nothing). */
export function usePreloadChart(chart: Pick<Preloadable<never>, 'preload'> | undefined, when = true): void {
  useEffect(() => {
    if (when) void chart?.preload();
  }, [chart, when]);
}
