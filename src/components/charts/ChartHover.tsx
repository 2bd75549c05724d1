import { useState, type PointerEvent, type ReactNode } from 'react';
import styles from './TimeSeriesChart.module.css';
import { useDismissOnEscape } from './useDismissOnEscape';

export interface PlotBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface Props {
  /** The rows' times (epoch ms), ascending. */
  times: (index: number) => number;
  /** The rows that can be pointed at, inclusive. */
  from: number;
  to: number;
  /** Time (epoch ms) → horizontal position in the chart, and back. */
  xOf: (ms: number) => number;
  msAt: (x: number) => number;
  plot: PlotBox;
  /** The tooltip's content for a row. */
  children: (index: number) => ReactNode;
}

/** The row in [from, to] whose time is nearest `ms` (a binary search: no index to build). */
export function nearestIndex(times: (index: number) => number, from: number, to: number, ms: number): number {
  let lo = from;
  let hi = to;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times(mid) <= ms) lo = mid;
    else hi = mid;
  }
  return Math.abs(times(hi) - ms) < Math.abs(ms - times(lo)) ? hi : lo;
}

/**
 * What the pointer reads on a chart: a vertical cursor at the nearest row and a tooltip with its
 * values, beside the pointer. Laid over the plot area, outside the chart's SVG, so moving the
 * pointer re-renders only this. Escape puts the tooltip away until the pointer moves again
 * (WCAG 1.4.13).
 */
export function ChartHover({ times, from, to, xOf, msAt, plot, children }: Props) {
  const [hover, setHover] = useState<{ index: number; y: number } | null>(null);
  const { dismissed, onPointerMove } = useDismissOnEscape();
  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    onPointerMove();
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || to < from) return;
    const x = plot.left + ((event.clientX - box.left) / box.width) * plot.width;
    setHover({ index: nearestIndex(times, from, to, msAt(x)), y: event.clientY - box.top });
  };
  const shown = hover !== null && !dismissed && hover.index >= from && hover.index <= to;
  const x = shown ? xOf(times(hover.index)) : 0;
  return (
    <>
      <div
        className={styles.hoverArea}
        style={{ left: plot.left, top: plot.top, width: plot.width, height: plot.height }}
        onPointerMove={onMove}
        onPointerLeave={() => setHover(null)}
      >
        {shown && <div className={styles.cursor} style={{ left: x - plot.left }} />}
      </div>
      {shown && (
        <div
          className={`${styles.tooltip} ${styles.floating}`}
          style={{
            left: x,
            top: plot.top + hover.y,
            // Beside the pointer, on the side with more room.
            transform: `translate(${x > plot.left + plot.width / 2 ? 'calc(-100% - 12px)' : '12px'}, ${hover.y > plot.height / 2 ? 'calc(-100% - 8px)' : '8px'})`,
          }}
        >
          {children(hover.index)}
        </div>
      )}
    </>
  );
}
