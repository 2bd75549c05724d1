import { useMemo } from 'react';
import { DATASET_IDS, type DatasetQueryParams } from '@/contract';
import type { Row } from '@/api/query/liveRows';
import { compareHref, dataSeries } from '@/compare/compareWorkspace';
import { LazyTimeSeriesChart } from '@/components/charts/LazyTimeSeriesChart';
import type { MarketDay } from '@/time';
import { asOfQuery, endOf, nextIntervals, pointsOf, startOf } from './dayRows';
import { ErrorLine } from './ErrorLine';
import { completeHourMeans, forecastError, INTERVALS_PER_HOUR } from './forecastError';
import { marketClock, marketHourMinute } from '@/lib/marketClock';
import { formatMw } from './figures';
import { compareDay, DAY_AHEAD_CUTOFF_TEXT, dayRange, queryBuilderHref } from './marketDayParams';
import { FIVE_MINUTES_MS } from '@/time';
import { RowsState } from './RowsState';
import { TodayPanel } from './TodayPanel';
import { useLiveRows } from './useLiveRows';
import { hourKey, nextVintage, vintageParams } from './vintages';
import { MARKET_TIME_ZONE } from '@/lib/format';
import styles from './TodayPage.module.css';

/** The day's actual load; the fuel-mix panel asks for the same, so both share one request. */
export const loadParams = (day: MarketDay): DatasetQueryParams => ({ ...dayRange(day), columns: 'load' });

const newestParams = (day: MarketDay): DatasetQueryParams => vintageParams(day, 'system_total');
const dayAheadParams = (day: MarketDay): DatasetQueryParams =>
  vintageParams(day, 'system_total', { dayAhead: true });

/** The panel's requests: the load and two vintages of its forecast. */
export const loadRequests = (day: MarketDay) => ({
  actual: { id: DATASET_IDS.load, params: loadParams(day) },
  newest: { id: DATASET_IDS.loadForecast, params: newestParams(day) },
  dayAhead: { id: DATASET_IDS.loadForecast, params: dayAheadParams(day) },
});

/** Load against the newest forecast and the day-ahead forecast, with their error so far. */
export function LoadForecastPanel({ date, day }: { date: string; day: MarketDay }) {
  const requests = useMemo(() => loadRequests(day), [day]);
  const actualParams = requests.actual.params;
  const newest = requests.newest.params;
  const actual = useLiveRows({
    ...requests.actual,
    next: useMemo(() => nextIntervals(day, FIVE_MINUTES_MS, actualParams), [day, actualParams]),
  });
  const latest = useLiveRows({
    ...requests.newest,
    next: useMemo(() => nextVintage(day, newest), [day, newest]),
    keyOf: hourKey,
  });
  const bid = useLiveRows({ ...requests.dayAhead, keyOf: hourKey });

  const links = useMemo(
    () => [
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
    ],
    [date, actualParams, newest],
  );

  return (
    <TodayPanel title="Load and forecast" id="load" asOf={asOfQuery(actual.query)} links={links}>
      <RowsState query={actual.query} refreshError={actual.refreshError} what="the load">
        {(rows) => (
          <LoadForecastBody
            day={day}
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
  day,
  rows,
  newest,
  dayAhead,
  forecastState,
  retry,
}: {
  day: MarketDay;
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
        {last ? ` Data through ${marketClock(endOf(last, FIVE_MINUTES_MS))}.` : ''}
      </p>
      <LazyTimeSeriesChart
        series={series}
        span={day}
        title="ERCOT load and its forecasts over the market day, market time"
        height={260}
        formatTime={marketHourMinute}
        formatValue={formatMw}
        timeZone={MARKET_TIME_ZONE}
      />
    </>
  );
}
