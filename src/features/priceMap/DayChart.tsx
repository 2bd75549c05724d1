import type { PriceSeries } from '@/api/prices/fetchers';
import { formatTimestamp } from '@/lib/format';
import { money } from './colorScale';
import styles from './PriceMapPage.module.css';

const W = 320;
const H = 120;
const PAD = 4;

/** A small line of one location's price over the day, the current interval marked. Plain SVG, no chart library. */
export function DayChart({ series, current, name }: { series: PriceSeries; current: number; name: string }) {
  const pts = series.times
    .map((t, i) => [t, series.values[i] ?? null] as const)
    .filter((p): p is readonly [number, number] => p[1] !== null);
  if (pts.length === 0) return <p className={styles.muted}>No prices for this day.</p>;
  const t0 = pts[0]?.[0] ?? 0;
  const t1 = pts[pts.length - 1]?.[0] ?? t0 + 1;
  let lo = Infinity;
  let hi = -Infinity;
  for (const [, v] of pts) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const span = hi - lo || 1;
  const x = (t: number): number => PAD + ((t - t0) / (t1 - t0 || 1)) * (W - 2 * PAD);
  const y = (v: number): number => PAD + (1 - (v - lo) / span) * (H - 2 * PAD);
  const line = pts.map(([t, v]) => `${x(t).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const at = pts.find(([t]) => t === current);
  const description = `${name} over the day: low ${money(lo)}, high ${money(hi)}${
    at ? `; ${money(at[1])} at ${formatTimestamp(current)}` : ''
  }.`;
  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={description} className={styles.chartSvg}>
        <polyline points={line} fill="none" stroke="currentColor" strokeWidth="1.5" />
        {current >= t0 && current <= t1 && (
          <line
            x1={x(current)}
            x2={x(current)}
            y1={0}
            y2={H}
            className={styles.chartMarker}
            strokeWidth="1.5"
            strokeDasharray="3 2"
          />
        )}
        {at && <circle cx={x(at[0])} cy={y(at[1])} r="3.5" className={styles.chartDot} />}
      </svg>
      <figcaption className={styles.muted}>
        Low {money(lo)} · high {money(hi)}
      </figcaption>
    </figure>
  );
}
