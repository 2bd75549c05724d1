import { useMemo } from 'react';
import { DATASET_IDS, type DatasetQueryParams } from '@/contract';
import type { Row } from '@/api/query/liveRows';
import { compareHref, dataSeries } from '@/compare/compareWorkspace';
import { LazyTimeSeriesChart } from '@/components/charts/LazyTimeSeriesChart';
import { formatUtc, type MarketDay } from '@/time';
import { endOf, lastRow, nextIntervals, pointsOf, startOf } from './dayRows';
import { ErrorLine } from './ErrorLine';
import { completeHourMeans, forecastError, INTERVALS_PER_HOUR } from './forecastError';
import { formatMw, marketClock, marketHourMinute } from './marketClock';
import {
  compareDay,
  DAY_AHEAD_CUTOFF_TEXT,
  dayAheadCutoff,
  dayRange,
  FIVE_MIN,
  queryBuilderHref,
} from './marketDayParams';
import { RowsState } from './RowsState';
import { TodayPanel } from './TodayPanel';
import { useLiveRows } from './useLiveRows';
import { hourKey, nextVintage } from './vintages';
import { MARKET_TIME_ZONE } from '@/lib/format';
import styles from './TodayPage.module.css';

/** The day's actual load; the fuel-mix panel asks for the same, so both share one request. */
export const loadParams = (day: MarketDay): DatasetQueryParams => ({ ...dayRange(day), columns: 'load' });

const FORECAST_COLUMNS = 'publish_time_utc,system_total';

export const newestParams = (day: MarketDay): DatasetQueryParams => ({
  ...dayRange(day),
  publish_time: 'latest',
  columns: FORECAST_COLUMNS,
});

export const dayAheadParams = (day: MarketDay): DatasetQueryParams => ({
  ...dayRange(day),
  publish_time: 'latest',
  publish_time_end: formatUtc(dayAheadCutoff(day)),
  columns: FORECAST_COLUMNS,
});

/** Load against the newest forecast and the day-ahead forecast, with their error so far. */
export function LoadForecastPanel({ date, day }: { date: string; day: MarketDay }) {
  const actualParams = useMemo(() => loadParams(day), [day]);
  const newest = useMemo(() => newestParams(day), [day]);
  const dayAhead = useMemo(() => dayAheadParams(day), [day]);
  const actual = useLiveRows({
    id: DATASET_IDS.load,
    params: actualParams,
    next: useMemo(() => nextIntervals(day, FIVE_MIN, actualParams), [day, actualParams]),
  });
  const latest = useLiveRows({
    id: DATASET_IDS.loadForecast,
    params: newest,
    next: useMemo(() => nextVintage(day, newest), [day, newest]),
    keyOf: hourKey,
  });
  const bid = useLiveRows({ id: DATASET_IDS.loadForecast, params: dayAhead, keyOf: hourKey });

  const actualRows = actual.query.data?.rows;
  const last = actualRows ? lastRow(actualRows) : undefined;
  const links = [
    { label: 'Load in the query builder', href: queryBuilderHref(DATASET_IDS.load, actualParams) },
    {
      label: 'Newest forecast in the query builder',
      href: queryBuilderHref(DATASET_IDS.loadForecast, newest),
    },
    {
      label: 'Load against its forecast in Compare',
      href: compareHref({
        A: dataSeries('A', DATASET_IDS.load, 'load'),
        B: dataSeries('B', DATASET_IDS.loadForecast, 'system_total'),
        ...compareDay(date),
        grid: '1h',
        view: 'forecast',
        fc: 'B',
        act: 'A',
      }),
    },
  ];

  return (
    <TodayPanel title="Load and forecast" id="load" asOf={last ? startOf(last) : null} links={links}>
      <RowsState query={actual.query} refreshError={actual.refreshError} what="the load">
        {(rows) => (
          <LoadForecastBody
            rows={rows}
            newest={latest.query.data?.rows}
            dayAhead={bid.query.data?.rows}
            forecastState={
              latest.query.isError || bid.query.isError
                ? 'failed'
                : latest.query.isPending || bid.query.isPending
                  ? 'loading'
                  : 'ready'
            }
            retry={() => {
              void latest.query.refetch();
              void bid.query.refetch();
            }}
          />
        )}
      </RowsState>
    </TodayPanel>
  );
}

function LoadForecastBody({
  rows,
  newest,
  dayAhead,
  forecastState,
  retry,
}: {
  rows: readonly Row[];
  newest: readonly Row[] | undefined;
  dayAhead: readonly Row[] | undefined;
  forecastState: 'loading' | 'failed' | 'ready';
  retry: () => void;
}) {
  const actual = useMemo(() => pointsOf(rows, 'load'), [rows]);
  const newestPoints = useMemo(() => (newest ? pointsOf(newest, 'system_total') : []), [newest]);
  const dayAheadPoints = useMemo(() => (dayAhead ? pointsOf(dayAhead, 'system_total') : []), [dayAhead]);
  const hourly = useMemo(() => completeHourMeans(actual, INTERVALS_PER_HOUR), [actual]);
  const series = useMemo(
    () => [
      { name: 'Load', points: actual },
      { name: 'Newest forecast', points: newestPoints },
      { name: 'Day-ahead forecast', points: dayAheadPoints },
    ],
    [actual, newestPoints, dayAheadPoints],
  );
  const last = rows[rows.length - 1];
  const lastLoad = actual[actual.length - 1];
  return (
    <>
      <dl className={styles.facts}>
        {lastLoad && last && (
          <div>
            <dt>Load at {marketClock(startOf(last))}</dt>
            <dd>{formatMw(lastLoad.y)}</dd>
          </div>
        )}
        <ErrorLine label="Newest forecast error" error={forecastError(hourly, newestPoints)} />
        <ErrorLine label="Day-ahead forecast error" error={forecastError(hourly, dayAheadPoints)} />
      </dl>
      {forecastState === 'failed' && (
        <p role="alert" className={styles.warning}>
          The forecast could not be loaded.{' '}
          <button type="button" onClick={retry}>
            Retry the forecast
          </button>
        </p>
      )}
      {forecastState === 'loading' && <p className={styles.asOf}>Loading the forecast…</p>}
      <p className={styles.asOf}>
        Newest forecast: for each hour, the newest vintage published for it. Day-ahead forecast: the newest
        vintage published before {DAY_AHEAD_CUTOFF_TEXT}. Error over complete hours, against the hour’s mean
        load.
        {last ? ` Data through ${marketClock(endOf(last, FIVE_MIN))}.` : ''}
      </p>
      <LazyTimeSeriesChart
        series={series}
        title="ERCOT load and its forecasts over the market day, market time"
        height={260}
        formatTime={marketHourMinute}
        formatValue={(v) => formatMw(v)}
        timeZone={MARKET_TIME_ZONE}
      />
    </>
  );
}
