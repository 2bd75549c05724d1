import { useMemo } from 'react';
import { LazyBandChart } from '@/components/charts/LazyCompareCharts';
import { formatNumber } from '@/lib/format';
import type { Grid } from './grid';
import { dailyProfile } from './profile';
import type { SeriesResult } from './seriesResult';
import styles from './ComparePage.module.css';

/** The average day: mean by hour of the zone's clock, with the 5th–95th percentile band. */
export function ProfileView({ grid, series, color }: { grid: Grid; series: SeriesResult; color: number }) {
  const values = series.values;
  const profile = useMemo(() => (values ? dailyProfile(values, grid) : null), [values, grid]);
  if (!profile) return <p className={styles.muted}>Waiting for {series.label}…</p>;
  const fmt = (v: number) => formatNumber(v, { unit: series.unit });
  const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return (
    <figure className={styles.profile}>
      <figcaption className={styles.muted}>
        {series.label}: mean by hour of day ({grid.zone}), band from the 5th to the 95th percentile.
      </figcaption>
      <LazyBandChart
        data={profile.map((p) => ({
          x: p.hour,
          value: Number.isNaN(p.mean) ? null : p.mean,
          low: Number.isNaN(p.p5) ? null : p.p5,
          high: Number.isNaN(p.p95) ? null : p.p95,
        }))}
        color={color}
        formatX={hourText}
        formatValue={(v) => formatNumber(v)}
        lineName="Mean"
        bandName="p5–p95"
      />
      <details>
        <summary>Profile as a table</summary>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Hour</th>
              <th scope="col">Mean</th>
              <th scope="col">p5</th>
              <th scope="col">p95</th>
              <th scope="col">Values</th>
            </tr>
          </thead>
          <tbody>
            {profile.map((p) => (
              <tr key={p.hour}>
                <th scope="row">{hourText(p.hour)}</th>
                <td>{Number.isNaN(p.mean) ? '—' : fmt(p.mean)}</td>
                <td>{Number.isNaN(p.p5) ? '—' : fmt(p.p5)}</td>
                <td>{Number.isNaN(p.p95) ? '—' : fmt(p.p95)}</td>
                <td>{p.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
