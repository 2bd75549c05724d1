import { formatInteger, formatNumber } from '@/lib/format';
import { describeEmptied } from './expression';
import { startedBuckets, type Grid } from './grid';
import { correlation, seriesStats, type SeriesStats } from './stats';
import { shownLabel } from './seriesLabel';
import type { SeriesResult } from './seriesResult';
import { withoutValues } from './seriesWaiting';
import type { SeriesKey } from '@/compare/compareWorkspace';
import styles from './ComparePage.module.css';

interface Props {
  grid: Grid;
  series: readonly SeriesResult[];
  /** `A,B`: the pair whose correlation is shown. */
  pair: string;
  onPair: (pair: string) => void;
  /** The stack's net per interval, when the chart stacks the series: a row of its own. */
  total?: { label: string; unit: string; values: Float64Array } | null;
  /** Series keys the stacked chart's legend hides: their rows say so (the net leaves them out). */
  hidden?: ReadonlySet<string>;
  /** The page's present: the range's intervals after it are yet to come, not missing. */
  now: number;
  /** The chart stacks the series, but some in the stack have no values yet: no net row until they do. */
  netWaiting?: boolean;
}

/**
 * Statistics per array of values: an array belongs to one grid and one series (a new grid or a
 * new answer is a new array), so a page that renders again does not sort a year again.
 */
const statsCache = new WeakMap<Float64Array, { started: number; stats: SeriesStats }>();
function statsOf(values: Float64Array, grid: Grid, unit: string | null, started: number): SeriesStats {
  const cached = statsCache.get(values);
  if (cached?.started === started) return cached.stats;
  const stats = seriesStats(values, grid, unit, started);
  statsCache.set(values, { started, stats });
  return stats;
}

const fmt = (v: number, unit: string | null) => (Number.isNaN(v) ? '—' : formatNumber(v, { unit }));

function StatsRow({ label, unit, stats }: { label: string; unit: string | null; stats: SeriesStats }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{formatInteger(stats.count)}</td>
      <td>{formatInteger(stats.missing)}</td>
      <td>{fmt(stats.min, unit)}</td>
      <td>{fmt(stats.max, unit)}</td>
      <td>{fmt(stats.mean, unit)}</td>
      <td>{fmt(stats.p5, unit)}</td>
      <td>{fmt(stats.median, unit)}</td>
      <td>{fmt(stats.p95, unit)}</td>
      <td>{stats.energy === null ? '—' : formatNumber(stats.energy, { unit: 'MWh', decimals: 0 })}</td>
    </tr>
  );
}

/**
 * Count, missing, extremes, mean, percentiles and (for MW) energy of every series over the range,
 * and of the stack's net when the chart stacks them (missing wherever any series in it is). A
 * series the chart hides keeps its row, named as hidden, and is out of the net as it is out of
 * the chart's. Missing counts the intervals that had begun: a range that runs past now says how
 * many are yet to come instead of counting them as gaps in the data.
 */
export function StatsPanel({
  grid,
  series,
  pair,
  onPair,
  total = null,
  hidden,
  now,
  netWaiting = false,
}: Props) {
  const started = startedBuckets(grid, now);
  const toCome = grid.times.length - started;
  const ready = series.filter((s) => s.values !== null);
  // A series still loading (or failed) has no row: the table says which, never a row of blanks.
  const waiting = series.filter((s) => s.values === null);
  const rows = ready.map((s) => ({
    s,
    stats: statsOf(s.values ?? new Float64Array(), grid, s.unit, started),
  }));
  const [a = 'A', b = 'B'] = pair.split(',');
  const byKey = new Map(ready.map((s) => [s.spec.key, s.values]));
  const va = byKey.get(a as SeriesKey);
  const vb = byKey.get(b as SeriesKey);
  const r = va && vb ? correlation(va, vb) : null;
  const keys = series.map((s) => s.spec.key);
  // Missing values a derived series made itself, not the data: said under the table, with why.
  const emptied = ready.flatMap((s) => {
    const text = s.spec.kind === 'expr' && s.emptied ? describeEmptied(s.spec.expr, s.emptied) : null;
    return text ? [{ key: s.spec.key, text }] : [];
  });
  return (
    <section className={styles.panel} aria-labelledby="compare-stats">
      <h2 id="compare-stats">Statistics</h2>
      <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Statistics table">
        <table className={styles.table}>
          <caption className="visually-hidden">Statistics of each series over the range</caption>
          <thead>
            <tr>
              <th scope="col">Series</th>
              <th scope="col">Count</th>
              <th scope="col">Missing</th>
              <th scope="col">Min</th>
              <th scope="col">Max</th>
              <th scope="col">Mean</th>
              <th scope="col">p5</th>
              <th scope="col">Median</th>
              <th scope="col">p95</th>
              <th scope="col">Energy</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ s, stats }) => (
              <StatsRow
                key={s.spec.key}
                label={`${shownLabel(s)}${hidden?.has(s.spec.key) ? ' (hidden in the chart)' : ''}${s.capped ? ' (capped: its first rows only)' : ''}`}
                unit={s.unit}
                stats={stats}
              />
            ))}
            {total && (
              <StatsRow
                label={total.label}
                unit={total.unit}
                stats={statsOf(total.values, grid, total.unit, started)}
              />
            )}
          </tbody>
        </table>
      </div>
      {waiting.length > 0 && (
        <p className={styles.muted} data-testid="stats-waiting">
          Not in the table: {withoutValues(waiting)}.
          {netWaiting ? ' The stack’s net comes once every series in it has its values.' : ''}
        </p>
      )}
      {toCome > 0 && (
        <p className={styles.muted} data-testid="stats-to-come">
          The range runs past now: its last {formatInteger(toCome)}{' '}
          {toCome === 1 ? 'interval has' : 'intervals have'} not begun, and an empty one of those is not
          counted as missing.
        </p>
      )}
      {emptied.length > 0 && (
        <ul className={styles.muted} aria-label="Missing values made by derived series">
          {emptied.map((e) => (
            <li key={e.key}>
              {e.key} = {e.text}.
            </li>
          ))}
        </ul>
      )}
      {keys.length >= 2 && (
        <div className={styles.controls}>
          <label className={styles.field}>
            Correlate
            <select value={a} onChange={(e) => onPair(`${e.target.value},${b}`)}>
              {keys.map((k) => (
                <option key={k}>{k}</option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            with
            <select value={b} onChange={(e) => onPair(`${a},${e.target.value}`)}>
              {keys.map((k) => (
                <option key={k}>{k}</option>
              ))}
            </select>
          </label>
          <p className={styles.muted} role="status">
            {r === null
              ? 'Correlation: waiting for both series.'
              : Number.isNaN(r.r)
                ? `Correlation of ${a} and ${b}: not defined (${formatInteger(r.pairs)} intervals with both).`
                : `Correlation of ${a} and ${b}: r = ${r.r.toFixed(3)} over ${formatInteger(r.pairs)} intervals.`}
          </p>
        </div>
      )}
    </section>
  );
}
