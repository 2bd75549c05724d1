import { useState, type MouseEvent, type ReactNode } from 'react';
import type { PlotBox } from './chartLayout';
import styles from './chart.module.css';
import { useDismissOnEscape } from './useDismissOnEscape';

interface Props {
  /** Row `index`'s position on the x axis (a time, an hour, a category's index), ascending. */
  xs: (index: number) => number;
  /** The rows that can be pointed at, inclusive. */
  from: number;
  to: number;
  /** An x value → horizontal position in the chart (px), and back. */
  xOf: (x: number) => number;
  xAt: (px: number) => number;
  plot: PlotBox;
  /** A click (or tap) on the plot picks the row nearest to it. */
  onPick?: (index: number) => void;
  /** The tooltip's content for a row. */
  children: (index: number) => ReactNode;
}

/** The row in [from, to] whose x is nearest `x` (a binary search: no index to build). */
function nearestIndex(xs: (index: number) => number, from: number, to: number, x: number): number {
  let lo = from;
  let hi = to;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xs(mid) <= x) lo = mid;
    else hi = mid;
  }
  return Math.abs(xs(hi) - x) < Math.abs(x - xs(lo)) ? hi : lo;
}

/**
 * What the pointer reads on a chart: a vertical cursor at the nearest row and a tooltip with its
 * values, beside the pointer. Laid over the plot area, outside the chart's SVG, so moving the
 * pointer re-renders only this. Escape puts the tooltip away until the pointer moves again
 * (WCAG 1.4.13).
 */
export function ChartHover({ xs, from, to, xOf, xAt, plot, onPick, children }: Props) {
  const [hover, setHover] = useState<{ index: number; y: number } | null>(null);
  const { dismissed, onPointerMove } = useDismissOnEscape();
  const rowAt = (event: MouseEvent<HTMLDivElement>): { index: number; y: number } | null => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || to < from) return null;
    const x = plot.left + ((event.clientX - box.left) / box.width) * plot.width;
    return { index: nearestIndex(xs, from, to, xAt(x)), y: event.clientY - box.top };
  };
  const onMove = (event: MouseEvent<HTMLDivElement>) => {
    onPointerMove();
    const at = rowAt(event);
    if (at !== null) setHover(at);
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const at = rowAt(event);
    if (at !== null && onPick) onPick(at.index);
  };
  const shown = hover !== null && !dismissed && hover.index >= from && hover.index <= to;
  const x = shown ? xOf(xs(hover.index)) : 0;
  return (
    <>
      <div
        className={styles.hoverArea}
        style={{
          left: plot.left,
          top: plot.top,
          width: plot.width,
          height: plot.height,
          cursor: onPick ? 'pointer' : undefined,
        }}
        onPointerMove={onMove}
        onClick={onPick ? onClick : undefined}
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
