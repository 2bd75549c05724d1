import { useMemo } from 'react';
import { DATASET_IDS } from '@/contract';
import type { Row } from '@/api/query/liveRows';
import { compareHref, dataSeries, SERIES_KEYS, type CompareState } from '@/compare/compareWorkspace';
import { LazyTimeSeriesChart } from '@/components/charts/LazyTimeSeriesChart';
import { MARKET_TIME_ZONE } from '@/lib/format';
import type { MarketDay } from '@/time';
import { asOfQuery, extremesOf, nextIntervals, pointsOf, startOf } from './dayRows';
import { FUELS, netLoad, renewableShare, renewableShares } from './fuelMix';
import { useLivePage } from './livePage';
import { loadRequests } from './LoadForecastPanel';
import { marketClock, marketHourMinute } from '@/lib/marketClock';
import { formatMw, formatPercent } from './figures';
import { compareDay, dayRange, queryBuilderHref } from './marketDayParams';
import { FIVE_MINUTES_MS } from '@/time';
import { RowsState } from './RowsState';
import { TodayPanel } from './TodayPanel';
import { useLiveRows } from './useLiveRows';
import styles from './TodayPage.module.css';

const STACK = { series: FUELS.map((f) => f.label) };

/** Each fuel under its own letter of a Compare workspace (eight fuels, eight letters). */
function fuelSeries(): Partial<CompareState> {
  const out: Partial<CompareState> = {};
  FUELS.forEach((f, i) => {
    const key = SERIES_KEYS[i];
    if (key) out[key] = dataSeries(key, DATASET_IDS.fuelMix, f.column);
  });
  return out;
}

/** The panel's requests: the fuel mix and the load (the load panel's, so both share one request). */
export const fuelMixRequests = (day: MarketDay) => ({
  fuels: { id: DATASET_IDS.fuelMix, params: dayRange(day) },
  load: loadRequests(day).actual,
});

/** The fuel mix as a stacked area (storage charging below zero), with load and net load as lines. */
export function FuelMixPanel({ date, day }: { date: string; day: MarketDay }) {
  const requests = useMemo(() => fuelMixRequests(day), [day]);
  const { params } = requests.fuels;
  const fuels = useLiveRows({
    ...requests.fuels,
    next: useMemo(() => nextIntervals(day, FIVE_MINUTES_MS, requests.fuels.params), [day, requests]),
  });
  const loadRows = useLiveRows({
    ...requests.load,
    next: useMemo(() => nextIntervals(day, FIVE_MINUTES_MS, requests.load.params), [day, requests]),
  });
  const links = useMemo(
    () => [
      { label: 'Fuel mix in the query builder', href: queryBuilderHref(DATASET_IDS.fuelMix, params) },
      {
        label: 'Fuel mix in Compare',
        // Stacked there too: the same picture, with Compare's statistics and aligned CSV.
        href: compareHref({ ...fuelSeries(), ...compareDay(date), grid: '5min', stack: 'on' }),
      },
    ],
    [date, params],
  );
  return (
    <TodayPanel
      title="Fuel mix"
      id="fuel-mix"
      asOf={asOfQuery(fuels.query)}
      links={links}
      wide
      bodyClassName={styles.fuelMixBody}
    >
      <RowsState query={fuels.query} refreshError={fuels.refreshError} what="the fuel mix">
        {(fuelRows) => (
          <FuelMixBody rows={fuelRows} loadRows={loadRows.query.data?.rows} date={date} day={day} />
        )}
      </RowsState>
    </TodayPanel>
  );
}

function FuelMixBody({
  rows,
  loadRows,
  date,
  day,
}: {
  rows: readonly Row[];
  loadRows: readonly Row[] | undefined;
  date: string;
  day: MarketDay;
}) {
  const loadPoints = useMemo(() => (loadRows ? pointsOf(loadRows, 'load') : []), [loadRows]);
  const series = useMemo(
    () => [
      ...FUELS.map((f) => ({ name: f.label, points: pointsOf(rows, f.column) })),
      { name: 'Load', points: loadPoints },
      { name: 'Net load', points: netLoad(loadPoints, rows) },
    ],
    [rows, loadPoints],
  );
  const shares = useMemo(() => renewableShares(rows), [rows]);
  const peak = extremesOf(shares)?.max;
  const last = rows[rows.length - 1];
  const shareNow = last ? renewableShare(last) : null;
  const net = series[series.length - 1]?.points.at(-1);
  const soFar = useLivePage().ongoing ? ' so far' : '';
  return (
    <>
      <dl className={styles.facts}>
        <div>
          <dt>Renewable share{last ? ` at ${marketClock(startOf(last))}` : ''}</dt>
          <dd>{shareNow === null ? '—' : formatPercent(shareNow)}</dd>
        </div>
        <div>
          <dt>Day’s peak renewable share{soFar}</dt>
          <dd>{peak ? `${formatPercent(peak.y)} at ${marketClock(peak.x)}` : '—'}</dd>
        </div>
        <div>
          <dt>Net load (load − wind − solar){net ? ` at ${marketClock(net.x)}` : ''}</dt>
          <dd>{net ? formatMw(net.y) : '—'}</dd>
        </div>
      </dl>
      <p className={styles.asOf}>
        Renewable: wind, solar and hydro, as a share of generation (storage only while it discharges).
      </p>
      <LazyTimeSeriesChart
        series={series}
        stack={STACK}
        span={day}
        title={`ERCOT fuel mix on ${date}, market time, stacked, with load and net load`}
        height={320}
        formatTime={marketHourMinute}
        formatValue={formatMw}
        timeZone={MARKET_TIME_ZONE}
      />
    </>
  );
}
