import { memo } from 'react';
import { FONT_SIZE, TICK_LENGTH, type PlotBox } from './chartLayout';
import styles from './chart.module.css';

/*
 * The axes and the grid are memoised: a chart given new rows draws them again only when their
 * ticks, scale or box changed (a day's axis with one more interval changes none of them).
 */

/** Horizontal grid lines at the y ticks: the only grid the charts draw. */
export const GridLines = memo(function GridLines({
  ticks,
  y,
  plot,
}: {
  ticks: readonly number[];
  y: (v: number) => number;
  plot: PlotBox;
}) {
  return (
    <g className={styles.grid} aria-hidden="true">
      {ticks.map((t) => (
        <line key={t} x1={plot.left} x2={plot.left + plot.width} y1={y(t)} y2={y(t)} />
      ))}
    </g>
  );
});

interface ValueAxisProps {
  ticks: readonly number[];
  y: (v: number) => number;
  plot: PlotBox;
  format: (v: number) => string;
  side?: 'left' | 'right';
  /** Written along the axis (its unit), when several axes need telling apart. */
  title?: string;
}

/** The tick labels of a y axis, on the plot's left or right, with an optional title along it. */
export const ValueAxis = memo(function ValueAxis({
  ticks,
  y,
  plot,
  format,
  side = 'left',
  title,
}: ValueAxisProps) {
  const left = side === 'left';
  const x = left ? plot.left - TICK_LENGTH : plot.left + plot.width + TICK_LENGTH;
  const titleX = left ? plot.left - 64 : plot.left + plot.width + 64;
  const middle = plot.top + plot.height / 2;
  return (
    <g className={styles.axis} aria-hidden="true" fontSize={FONT_SIZE}>
      {ticks.map((t) => (
        <text key={t} x={x} y={y(t)} textAnchor={left ? 'end' : 'start'} dominantBaseline="central">
          {format(t)}
        </text>
      ))}
      {title && (
        <text
          x={titleX}
          y={middle}
          textAnchor="middle"
          transform={`rotate(${left ? -90 : 90} ${titleX} ${middle})`}
        >
          {title}
        </text>
      )}
    </g>
  );
});

/**
 * Rough width of a tick label in px at the axis' font size: wide enough (digits and capitals run
 * wider than the average letter) that labels kept apart by it do not touch.
 */
const labelWidth = (label: string): number => label.length * FONT_SIZE * 0.7;

export interface AxisTick {
  /** Where the tick stands, in px. */
  x: number;
  label: string;
}

/** The space kept between two labels of the x axis; a tick whose label would come closer is left out. */
const MIN_LABEL_GAP = 16;

/** Of `ticks`, left to right, those whose labels keep `MIN_LABEL_GAP` from the one before. */
export function spacedTicks(ticks: readonly AxisTick[]): AxisTick[] {
  const kept: AxisTick[] = [];
  let lastRight = Number.NEGATIVE_INFINITY;
  for (const t of ticks) {
    const half = labelWidth(t.label) / 2;
    if (t.x - half < lastRight + MIN_LABEL_GAP) continue;
    kept.push(t);
    lastRight = t.x + half;
  }
  return kept;
}

/**
 * The x axis: a base line, tick marks and labels under the plot, leaving out ticks whose labels
 * would touch (a phone, long time labels). A label that would run past the plot's right edge
 * ends at its mark instead of centring on it, so a phone does not cut it off.
 */
export const BaseAxis = memo(function BaseAxis({
  ticks,
  plot,
  className,
}: {
  ticks: readonly AxisTick[];
  plot: PlotBox;
  className?: string;
}) {
  const bottom = plot.top + plot.height;
  const right = plot.left + plot.width;
  return (
    <g
      className={`${styles.axis} ${styles.baseAxis} ${className ?? ''}`}
      aria-hidden="true"
      fontSize={FONT_SIZE}
    >
      <line x1={plot.left} x2={right} y1={bottom} y2={bottom} />
      {spacedTicks(ticks).map((t) => (
        <g key={`${t.x}:${t.label}`}>
          <line x1={t.x} x2={t.x} y1={bottom} y2={bottom + TICK_LENGTH} />
          <text
            x={t.x}
            y={bottom + TICK_LENGTH + 12}
            textAnchor={t.x + labelWidth(t.label) / 2 > right ? 'end' : 'middle'}
          >
            {t.label}
          </text>
        </g>
      ))}
    </g>
  );
});

/**
 * Of `count` evenly spaced categories, the indexes to label so that labels `gap` px apart fit in
 * `width` px: every k-th, starting at the first.
 */
export function categoryTicks(labels: readonly string[], width: number, gap = 16): number[] {
  if (labels.length === 0) return [];
  const widest = Math.max(...labels.map(labelWidth));
  const slot = width / labels.length;
  const every = Math.max(1, Math.ceil((widest + gap) / Math.max(1, slot)));
  const picked: number[] = [];
  for (let i = 0; i < labels.length; i += every) picked.push(i);
  return picked;
}
