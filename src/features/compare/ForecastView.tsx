import { LazyLinesChart } from '@/components/charts/LazyCompareCharts';
import { apiErrorText } from '@/api/ApiError';
import type { Dataset } from '@/contract';
import { formatInteger, formatNumber } from '@/lib/format';
import { memoLast } from '@/lib/memoLast';
import { CommitInput } from './CommitInput';
import { alignToGrid, type Grid } from './grid';
import { errorByLead, errorSummary, MAX_LEAD_HOURS, pickAtLead } from './forecastError';
import { hasVintages, type SeriesPoints } from './seriesRequest';
import { useForecastVintages } from './seriesLoading';
import type { SeriesResult } from './seriesResult';
import type { DataSeries, SeriesKey } from '@/compare/compareWorkspace';
import styles from './ComparePage.module.css';

/** The longest range the forecast view fetches every vintage for: 31 days is about 125,000 rows. */
const MAX_FORECAST_DAYS = 31;

/** The error at the chosen lead and by every lead, recomputed only when an input changes. */
const scores = memoLast(
  (rows: SeriesPoints, actual: Float64Array, shift: number, lead: number, grid: Grid) => {
    if (!rows.published) return null;
    const all = { times: rows.times, published: rows.published, values: rows.values };
    const picked = pickAtLead(all, lead);
    const atLead = alignToGrid(grid, picked.times, picked.values, shift);
    return { summary: errorSummary(atLead, actual), byLead: errorByLead(all, grid, actual) };
  },
);

interface Props {
  grid: Grid;
  series: readonly SeriesResult[];
  datasets: ReadonlyMap<string, Dataset>;
  forecastKey: SeriesKey | '';
  actualKey: SeriesKey | '';
  lead: number;
  onChange: (patch: { fc?: SeriesKey | ''; act?: SeriesKey | ''; lead?: number; grid?: '1h' }) => void;
}

/**
 * Forecast against actual: the error of the forecast known `lead` hours ahead, and MAE, MAPE and
 * bias for every lead hour from 1 to 168, from every vintage of the range.
 */
export function ForecastView({ grid, series, datasets, forecastKey, actualKey, lead, onChange }: Props) {
  const dataSeries = series.flatMap((s) => (s.spec.kind === 'data' ? [s.spec] : []));
  const forecasts = dataSeries.filter((s) => {
    const d = datasets.get(s.dataset);
    return d !== undefined && hasVintages(d);
  });
  // Unless chosen, the forecast is the series with a lead time (a report's actual and forecast
  // columns share one dataset with vintages; the one asked for a vintage is the forecast), and the
  // actual is the first other series that takes the newest vintage (or has none).
  const forecast: DataSeries | null =
    forecasts.find((s) => s.key === forecastKey) ??
    forecasts.find((s) => s.lead !== null) ??
    forecasts[0] ??
    null;
  const others = dataSeries.filter((s) => s !== forecast);
  const actual = series.find(
    (s) => s.spec.key === (actualKey || (others.find((s) => s.lead === null) ?? others[0])?.key),
  );
  const days = grid.times.length / (grid.cadence === '1h' ? 24 : 1);
  const fits = grid.cadence === '1h' && days <= MAX_FORECAST_DAYS + 1;
  const vintages = useForecastVintages(
    fits ? forecast : null,
    forecast ? datasets.get(forecast.dataset) : undefined,
    grid,
  );
  const rows = vintages.data;
  const actualValues = actual?.values ?? null;
  const shift = forecast?.shift ?? 0;
  const computed = rows && actualValues ? scores(rows, actualValues, shift, lead, grid) : null;

  if (forecasts.length === 0)
    return (
      <p className={styles.muted}>
        Add a series from a forecast dataset (one with publish times, such as the load forecast) and its
        actual, or start from the preset “Load vs day-ahead forecast”.
      </p>
    );
  const unit = actual?.unit ?? null;
  const data = computed?.byLead.map((s, i) => ({
    x: i + 1,
    mae: Number.isNaN(s.mae) ? null : s.mae,
    bias: Number.isNaN(s.bias) ? null : s.bias,
  }));
  return (
    <section className={styles.panel} aria-labelledby="compare-forecast">
      <h2 id="compare-forecast">Forecast against actual</h2>
      <div className={styles.controls}>
        <label className={styles.field}>
          Forecast
          <select value={forecast?.key ?? ''} onChange={(e) => onChange({ fc: e.target.value as SeriesKey })}>
            {forecasts.map((s) => (
              <option key={s.key} value={s.key}>
                {s.key}: {s.column}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Actual
          <select
            value={actual?.spec.key ?? ''}
            onChange={(e) => onChange({ act: e.target.value as SeriesKey })}
          >
            {others.map((s) => (
              <option key={s.key} value={s.key}>
                {s.key}: {s.column}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Lead time (hours)
          <CommitInput
            type="number"
            min={1}
            max={MAX_LEAD_HOURS}
            value={String(lead)}
            onCommit={(v) => {
              const n = Math.trunc(Number(v));
              if (n >= 1 && n <= MAX_LEAD_HOURS) onChange({ lead: n });
            }}
          />
        </label>
      </div>
      {!fits && (
        <p className={styles.fieldError} role="alert">
          The forecast view reads every vintage on an hourly grid over at most {MAX_FORECAST_DAYS} days.{' '}
          {grid.cadence !== '1h' && (
            <button type="button" onClick={() => onChange({ grid: '1h' })}>
              Use the hourly grid
            </button>
          )}
        </p>
      )}
      {vintages.isError && (
        <p className={styles.fieldError} role="alert">
          {apiErrorText(vintages.error)}
        </p>
      )}
      {fits && vintages.isPending && <p className={styles.muted}>Loading every vintage of the forecast…</p>}
      {computed && (
        <>
          <p role="status">
            Forecast published at least {lead} h ahead, over {formatInteger(computed.summary.count)} hours:
            MAE <strong>{formatNumber(computed.summary.mae, { unit })}</strong>, MAPE{' '}
            <strong>
              {Number.isNaN(computed.summary.mape) ? '—' : `${computed.summary.mape.toFixed(2)} %`}
            </strong>
            , bias <strong>{formatNumber(computed.summary.bias, { unit })}</strong> (forecast − actual).
          </p>
          <figure className={styles.profile} aria-label="Error by lead hour">
            <figcaption className={styles.muted}>
              MAE and bias by lead hour, 1–{MAX_LEAD_HOURS} h, from every vintage.
            </figcaption>
            <LazyLinesChart
              data={data ?? []}
              lines={[
                { key: 'mae', name: 'MAE', color: '#cf222e' },
                { key: 'bias', name: 'Bias', color: '#0969da' },
              ]}
              xTicks={[1, 24, 48, 72, 96, 120, 144, 168]}
              formatX={(h) => `${h} h`}
              formatValue={(v) => formatNumber(v, { unit })}
            />
          </figure>
          <details>
            <summary>Error by lead hour as a table</summary>
            <div
              className={styles.tableScroll}
              tabIndex={0}
              role="region"
              aria-label="Error by lead hour table"
            >
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Lead (h)</th>
                    <th scope="col">Hours</th>
                    <th scope="col">MAE</th>
                    <th scope="col">MAPE</th>
                    <th scope="col">Bias</th>
                  </tr>
                </thead>
                <tbody>
                  {computed.byLead.map((s, i) => (
                    <tr key={i}>
                      <th scope="row">{i + 1}</th>
                      <td>{formatInteger(s.count)}</td>
                      <td>{formatNumber(s.mae, { unit })}</td>
                      <td>{Number.isNaN(s.mape) ? '—' : `${s.mape.toFixed(2)} %`}</td>
                      <td>{formatNumber(s.bias, { unit })}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
