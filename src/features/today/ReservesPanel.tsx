import { useMemo, useState } from 'react';
import { DATASET_IDS, type DatasetQueryParams } from '@/contract';
import { LazyTimeSeriesChart } from '@/components/charts/LazyTimeSeriesChart';
import { MARKET_TIME_ZONE } from '@/lib/format';
import { formatUtc, MINUTE_MS, type MarketDay } from '@/time';
import { asOfQuery, extremesOf, nextIntervals, pointsOf } from './dayRows';
import { useLivePage } from './livePage';
import { marketClock, marketHourMinute } from '@/lib/marketClock';
import { formatMw } from './figures';
import { queryBuilderHref } from './marketDayParams';
import { RowsState } from './RowsState';
import { TodayPanel } from './TodayPanel';
import { useLiveRows } from './useLiveRows';
import styles from './TodayPage.module.css';

/** The monitor samples every 10 s; a minute's mean is enough to see the day and 1,440 rows at most. */
const BUCKET_MS = MINUTE_MS;
const completeMinutes = (now: number): number => Math.floor(now / BUCKET_MS) * BUCKET_MS;

/** The day's whole minutes up to `openedAt`, each minute's mean PRC. */
export const reservesRequest = (day: MarketDay, openedAt: number) => ({
  id: DATASET_IDS.realTimeAncillaryMonitor,
  params: {
    start_time: formatUtc(day.start),
    end_time: formatUtc(Math.max(day.start + BUCKET_MS, Math.min(day.end, completeMinutes(openedAt)))),
    resample_frequency: '1min',
    resample_function: 'mean',
    columns: 'prc',
  } satisfies DatasetQueryParams,
});

/** Physical responsive capability (PRC) from the real-time ancillary service monitor. */
export function ReservesPanel({ day }: { day: MarketDay }) {
  // Only whole minutes: a minute still filling would be asked for again and again. Fixed when the
  // panel opens; later minutes come by refresh.
  const [openedAt] = useState(() => Date.now());
  const request = useMemo(() => reservesRequest(day, openedAt), [day, openedAt]);
  const { params } = request;
  const prc = useLiveRows({
    ...request,
    next: useMemo(
      () => nextIntervals(day, BUCKET_MS, params, { availableAfterMs: BUCKET_MS, endAt: completeMinutes }),
      [day, params],
    ),
  });
  const rows = prc.query.data?.rows;
  const series = useMemo(() => [{ name: 'PRC', points: rows ? pointsOf(rows, 'prc') : [] }], [rows]);
  const points = series[0]?.points ?? [];
  const links = useMemo(
    () => [
      {
        label: 'Reserve monitor in the query builder',
        href: queryBuilderHref(DATASET_IDS.realTimeAncillaryMonitor, params),
      },
    ],
    [params],
  );
  const low = extremesOf(points)?.min;
  const now = points.at(-1);
  const soFar = useLivePage().ongoing ? ' so far' : '';
  return (
    <TodayPanel title="Reserves (PRC)" id="reserves" asOf={asOfQuery(prc.query)} links={links}>
      <RowsState
        query={prc.query}
        refreshError={prc.refreshError}
        what="the reserve monitor"
        empty={<p>The monitor keeps the last 30 days.</p>}
      >
        {() => (
          <>
            <dl className={styles.facts}>
              <div>
                <dt>PRC{now ? ` at ${marketClock(now.x)}` : ''} (minute mean)</dt>
                <dd>{now ? formatMw(now.y) : '—'}</dd>
              </div>
              <div>
                <dt>Day’s lowest{soFar}</dt>
                <dd>{low ? `${formatMw(low.y)} at ${marketClock(low.x)}` : '—'}</dd>
              </div>
            </dl>
            <LazyTimeSeriesChart
              series={series}
              span={day}
              title="Physical responsive capability over the market day, minute means, market time"
              height={220}
              formatTime={marketHourMinute}
              formatValue={formatMw}
              timeZone={MARKET_TIME_ZONE}
            />
          </>
        )}
      </RowsState>
    </TodayPanel>
  );
}
