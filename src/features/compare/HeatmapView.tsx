import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatNumber } from '@/lib/format';
import type { Grid } from './grid';
import { heatScale } from './heatColors';
import { heatmap } from './profile';
import type { SeriesResult } from './seriesResult';
import styles from './ComparePage.module.css';

const slotText = (slot: number, minutes: number): string => {
  const m = slot * minutes;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/**
 * One series as hour of day (across) × date (down), one pixel per interval drawn into a canvas
 * and scaled up: a year of 5-minute data is 105,120 pixels, painted in one putImageData.
 */
export function HeatmapView({ grid, series }: { grid: Grid; series: SeriesResult }) {
  const values = series.values;
  const map = useMemo(() => (values ? heatmap(values, grid) : null), [values, grid]);
  const scale = useMemo(() => (map ? heatScale(map.values) : null), [map]);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [hover, setHover] = useState<string>('');
  // The cell read from the keyboard: arrows move it, the readout says its value.
  const [cursor, setCursor] = useState<{ row: number; slot: number } | null>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el || !map || !scale) return;
    el.width = map.slots;
    el.height = map.dates.length;
    const ctx = el.getContext('2d');
    if (!ctx) return;
    const image = ctx.createImageData(map.slots, map.dates.length);
    const { lut, index } = scale;
    const pixels = image.data;
    for (let k = 0; k < map.values.length; k++) {
      const v = map.values[k] ?? Number.NaN;
      if (Number.isNaN(v)) continue; // transparent: no value
      const c = 3 * index(v);
      pixels[4 * k] = lut[c] ?? 0;
      pixels[4 * k + 1] = lut[c + 1] ?? 0;
      pixels[4 * k + 2] = lut[c + 2] ?? 0;
      pixels[4 * k + 3] = 255;
    }
    ctx.putImageData(image, 0, 0);
    el.dataset.painted = String(map.values.length);
  }, [map, scale]);
  if (!map || !scale) return <p className={styles.muted}>Waiting for {series.label}…</p>;
  const rowHeight = Math.max(2, Math.min(16, Math.floor(480 / Math.max(1, map.dates.length))));
  const cellText = (row: number, slot: number): string => {
    const v = map.values[row * map.slots + slot] ?? Number.NaN;
    const date = map.dates[row] ?? '';
    return `${date} ${slotText(slot, map.slotMinutes)}: ${Number.isNaN(v) ? 'no value' : formatNumber(v, { unit: series.unit })}`;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const at = cursor ?? { row: 0, slot: 0 };
    const moves: Record<string, { row: number; slot: number }> = {
      ArrowLeft: { row: at.row, slot: at.slot - 1 },
      ArrowRight: { row: at.row, slot: at.slot + 1 },
      ArrowUp: { row: at.row - 1, slot: at.slot },
      ArrowDown: { row: at.row + 1, slot: at.slot },
      Home: { row: at.row, slot: 0 },
      End: { row: at.row, slot: map.slots - 1 },
      PageUp: { row: at.row - 7, slot: at.slot },
      PageDown: { row: at.row + 7, slot: at.slot },
    };
    const next = moves[e.key];
    if (!next) return;
    e.preventDefault();
    const moved = {
      row: Math.max(0, Math.min(map.dates.length - 1, next.row)),
      slot: Math.max(0, Math.min(map.slots - 1, next.slot)),
    };
    setCursor(moved);
    setHover(cellText(moved.row, moved.slot));
  };
  const every = Math.max(1, Math.ceil(map.dates.length / 12));
  return (
    <figure className={styles.heatmap}>
      <figcaption className={styles.muted}>
        {series.label}: hour of day across, date down ({map.dates[0]} to {map.dates[map.dates.length - 1]},{' '}
        {map.slots} intervals a day). Colour from {formatNumber(scale.lo, { unit: series.unit })} to{' '}
        {formatNumber(scale.hi, { unit: series.unit })}
        {scale.diverging ? ', centred on zero' : ''} (2nd–98th percentile; beyond is clipped).
      </figcaption>
      <div className={styles.heatLegend} style={{ background: scale.gradient }} aria-hidden="true" />
      <div className={styles.heatBody}>
        <ol className={styles.heatDates} aria-hidden="true" style={{ height: rowHeight * map.dates.length }}>
          {map.dates.map((d, i) =>
            i % every === 0 ? (
              <li key={d} style={{ top: i * rowHeight }}>
                {d}
              </li>
            ) : null,
          )}
        </ol>
        <div className={styles.heatCanvasBox}>
          {cursor && (
            <span
              className={styles.heatCursor}
              aria-hidden="true"
              style={{
                left: `${(cursor.slot / map.slots) * 100}%`,
                width: `${100 / map.slots}%`,
                top: cursor.row * rowHeight,
                height: rowHeight,
              }}
            />
          )}
          <canvas
            ref={canvas}
            className={styles.heatCanvas}
            style={{ height: rowHeight * map.dates.length }}
            role="img"
            aria-label={`Heatmap of ${series.label}, ${map.dates.length} days by ${map.slots} intervals`}
            tabIndex={0}
            aria-describedby="heatmap-readout"
            onKeyDown={onKeyDown}
            onMouseMove={(e) => {
              const box = e.currentTarget.getBoundingClientRect();
              const slot = Math.floor(((e.clientX - box.left) / box.width) * map.slots);
              const row = Math.floor(((e.clientY - box.top) / box.height) * map.dates.length);
              setHover(map.dates[row] === undefined ? '' : cellText(row, slot));
            }}
            onMouseLeave={() => setHover('')}
          />
          <div className={styles.heatHours} aria-hidden="true">
            {[0, 6, 12, 18].map((h) => (
              <span key={h} style={{ left: `${(h / 24) * 100}%` }}>
                {String(h).padStart(2, '0')}:00
              </span>
            ))}
          </div>
        </div>
      </div>
      <p id="heatmap-readout" className={styles.muted} aria-live="polite">
        {hover || 'Point at a cell, or focus the heatmap and use the arrow keys, to read a value.'}
      </p>
    </figure>
  );
}
