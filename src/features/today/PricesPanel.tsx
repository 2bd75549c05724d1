import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PriceSnapshot } from '@/api/prices/fetchers';
import { priceSnapshotOptions } from '@/api/prices/queries';
import type { Row } from '@/api/query/liveRows';
import { compareHref, dataSeries } from '@/compare/compareWorkspace';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { LazyTimeSeriesChart } from '@/components/charts/LazyTimeSeriesChart';
import { DATASET_IDS, type DatasetQueryParams } from '@/contract';
import { MARKET_TIME_ZONE } from '@/lib/format';
import { formatUtc, MINUTE_MS, type MarketDay, FIVE_MINUTES_MS } from '@/time';
import { asOfQuery, nextIntervals, pointsOf } from './dayRows';
import { dartPoints, dayMinMax, HUBS, type Hub } from './hubPrices';
import { useLivePage } from './livePage';
import { marketClock, marketHourMinute } from '@/lib/marketClock';
import { formatPrice } from './figures';
import { compareDay, dayRange, hourOf, queryBuilderHref } from './marketDayParams';
import { RowsState } from './RowsState';
import { TodayPanel } from './TodayPanel';
import { newestIntervalAt, useIntervalStart } from './useIntervalStart';
import { useLiveRows } from './useLiveRows';
import styles from './TodayPage.module.css';

const FIFTEEN_MIN = 15 * MINUTE_MS;

const hubParams = (day: MarketDay): DatasetQueryParams => ({
  ...dayRange(day),
  filter_column: 'location',
  filter_operator: 'in',
  filter_value: HUBS.join(','),
  columns: 'location,spp',
});

/** The panel's requests: real-time and day-ahead prices at the hubs (its highest node: `highestNodeOptions`). */
export const priceRequests = (day: MarketDay) => ({
  realTime: { id: DATASET_IDS.realTimeSpp, params: hubParams(day) },
  dayAhead: { id: DATASET_IDS.dayAheadSpp, params: hubParams(day) },
});

/** Real-time and day-ahead prices at the hubs, DART on hover, the day's extremes and the highest node. */
export function PricesPanel({ date, day }: { date: string; day: MarketDay }) {
  const requests = useMemo(() => priceRequests(day), [day]);
  const { params } = requests.realTime;
  const realTime = useLiveRows({
    ...requests.realTime,
    next: useMemo(() => nextIntervals(day, FIFTEEN_MIN, params), [day, params]),
  });
  // Published at 13:00 the day before: the whole day is known before it starts.
  const dayAhead = useLiveRows(requests.dayAhead);
  const [hub, setHub] = useState<Hub>('HB_HUBAVG');
  const links = useMemo(
    () => [
      {
        label: 'Real-time hub prices in the query builder',
        href: queryBuilderHref(DATASET_IDS.realTimeSpp, params),
      },
      {
        label: 'Day-ahead hub prices in the query builder',
        href: queryBuilderHref(DATASET_IDS.dayAheadSpp, params),
      },
      {
        label: `${hub} DART in Compare`,
        href: compareHref({
          A: dataSeries('A', DATASET_IDS.realTimeSpp, 'spp', { filterColumn: 'location', filterValue: hub }),
          B: dataSeries('B', DATASET_IDS.dayAheadSpp, 'spp', { filterColumn: 'location', filterValue: hub }),
          C: { kind: 'expr', key: 'C', expr: 'A - B' },
          ...compareDay(date),
          grid: '15min',
        }),
      },
    ],
    [date, hub, params],
  );
  return (
    <TodayPanel title="Hub prices" id="prices" asOf={asOfQuery(realTime.query)} links={links}>
      <RowsState query={realTime.query} refreshError={realTime.refreshError} what="the real-time hub prices">
        {(rows) => (
          <HubPrices
            day={day}
            rows={rows}
            dayAhead={dayAhead.query.data?.rows ?? []}
            dayAheadError={dayAhead.query.isError ? dayAhead.query.error : null}
            hub={hub}
            onHub={setHub}
          />
        )}
      </RowsState>
      <HighestNode date={date} day={day} />
    </TodayPanel>
  );
}

function HubPrices({
  day,
  rows,
  dayAhead,
  dayAheadError,
  hub,
  onHub,
}: {
  day: MarketDay;
  rows: readonly Row[];
  dayAhead: readonly Row[];
  dayAheadError: unknown;
  hub: Hub;
  onHub: (hub: Hub) => void;
}) {
  const id = useId();
  const extremes = useMemo(() => dayMinMax(rows, 'spp'), [rows]);
  const series = useMemo(() => {
    const rt = pointsOf(rows, 'spp', hub);
    const da = pointsOf(dayAhead, 'spp', hub);
    return [
      { name: `${hub} real-time`, points: rt },
      { name: `${hub} day-ahead`, points: da },
      { name: `${hub} DART`, points: dartPoints(rt, da) },
    ];
  }, [rows, dayAhead, hub]);
  const table = HUBS.map((h) => {
    const rt = pointsOf(rows, 'spp', h).at(-1);
    const da = rt ? pointsOf(dayAhead, 'spp', h).find((p) => p.x === hourOf(rt.x)) : undefined;
    return { hub: h, rt, da };
  });
  const times = table.flatMap(({ rt }) => (rt ? [rt.x] : []));
  const latestAt = times.length > 0 ? Math.max(...times) : undefined;
  const soFar = useLivePage().ongoing ? ' so far' : '';
  return (
    <>
      {extremes && (
        <dl className={styles.facts}>
          <div>
            <dt>Day’s lowest real-time price{soFar}</dt>
            <dd>
              {formatPrice(extremes.min.value)} ({extremes.min.hub}, {marketClock(extremes.min.at)})
            </dd>
          </div>
          <div>
            <dt>Day’s highest real-time price{soFar}</dt>
            <dd>
              {formatPrice(extremes.max.value)} ({extremes.max.hub}, {marketClock(extremes.max.at)})
            </dd>
          </div>
        </dl>
      )}
      {dayAheadError !== null && <ApiErrorMessage error={dayAheadError} />}
      <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Hub prices table">
        <table className={styles.table}>
          <caption className={styles.caption}>
            {latestAt === undefined
              ? 'No real-time price yet'
              : `Real-time at ${marketClock(latestAt)} against the day-ahead price of its hour`}
            , $/MWh
          </caption>
          <thead>
            <tr>
              <th scope="col">Hub</th>
              <th scope="col">Real-time</th>
              <th scope="col">Day-ahead</th>
              <th scope="col">DART</th>
            </tr>
          </thead>
          <tbody>
            {table.map(({ hub: h, rt, da }) => (
              <tr key={h}>
                <th scope="row">{h}</th>
                <td>
                  {rt ? rt.y.toFixed(2) : '—'}
                  {/* A hub behind the others says when its price is from, rather than pass for the latest. */}
                  {rt && latestAt !== undefined && rt.x < latestAt && ` (${marketHourMinute(rt.x)})`}
                </td>
                <td>{da ? da.y.toFixed(2) : '—'}</td>
                <td>{rt && da ? (Math.round((rt.y - da.y) * 100) / 100).toFixed(2) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.field}>
        <label htmlFor={id}>Hub charted</label>
        <select id={id} value={hub} onChange={(e) => onHub(e.target.value as Hub)}>
          {HUBS.map((h) => (
            <option key={h}>{h}</option>
          ))}
        </select>
      </div>
      <LazyTimeSeriesChart
        series={series}
        span={day}
        title={`${hub} real-time and day-ahead prices and their spread (DART), market time`}
        height={240}
        formatTime={marketHourMinute}
        formatValue={formatHubPrice}
        timeZone={MARKET_TIME_ZONE}
      />
    </>
  );
}

/** Prices as the chart reads them: one function for every render, so its layout stays memoised. */
const formatHubPrice = (v: number): string => formatPrice(v);

/** The price map's snapshot of the 5-minute interval starting at `at`: every node's LMP. */
export const highestNodeOptions = (at: number) =>
  priceSnapshotOptions({ dataset: DATASET_IDS.realTimeLmp, column: 'lmp', time: formatUtc(at) });

/**
 * The interval the highest node is read at: the newest there to be asked for at `now`
 * (`newestIntervalAt`), or the day's last for a past day.
 */
export const highestNodeAt = (now: number, day: MarketDay): number =>
  Math.min(newestIntervalAt(now, FIVE_MINUTES_MS), day.end - FIVE_MINUTES_MS);

/**
 * The highest price of a snapshot and its location (the first of equals), with the snapshot's
 * time: the query's `select`, so it is worked out once per snapshot, not at every render.
 */
function highestOf({ time, names, values }: PriceSnapshot) {
  let top: { name: string; value: number } | null = null;
  for (let i = 0; i < names.length; i++) {
    const value = values[i];
    const name = names[i];
    if (typeof value === 'number' && name !== undefined && (top === null || value > top.value))
      top = { name, value };
  }
  return { time, top };
}

/** The highest-priced node at the newest 5-minute interval (the day's last for a past day), from the price map's query. */
function HighestNode({ date, day }: { date: string; day: MarketDay }) {
  const { live } = useLivePage();
  const client = useQueryClient();
  // Already the newest interval there to be asked for: only the day's end bounds it.
  const lastOfDay = day.end - FIVE_MINUTES_MS;
  // The next interval's snapshot is asked for with the page's other new rows, and shown with them.
  const prepare = useCallback(
    (start: number) => client.query(highestNodeOptions(Math.min(start, lastOfDay))),
    [client, lastOfDay],
  );
  const at = Math.min(useIntervalStart(FIVE_MINUTES_MS, live, prepare), lastOfDay);
  const snapshot = useQuery({
    ...highestNodeOptions(at),
    select: highestOf,
    placeholderData: keepPreviousData,
  });
  if (snapshot.isPending) return <p className={styles.asOf}>Loading the highest node…</p>;
  if (snapshot.isError)
    return <ApiErrorMessage error={snapshot.error} onRetry={() => void snapshot.refetch()} />;
  const shown = snapshot.data.top;
  const index = Math.round((Date.parse(snapshot.data.time) - day.start) / FIVE_MINUTES_MS);
  const mapHref = `/price-map?${new URLSearchParams({
    ds: DATASET_IDS.realTimeLmp,
    day: date,
    i: String(index),
    ...(shown ? { sel: shown.name } : {}),
  }).toString()}`;
  return (
    <p>
      {shown ? (
        <>
          Highest node at {marketClock(Date.parse(snapshot.data.time))}: <strong>{shown.name}</strong>{' '}
          {formatPrice(shown.value)}.{' '}
        </>
      ) : (
        <>No node prices at {marketClock(at)}. </>
      )}
      <Link to={mapHref}>Open the price map</Link>
    </p>
  );
}
