import { useMemo } from 'react';
import type { Row } from '@/api/query/liveRows';
import { compareHref, dataSeries } from '@/compare/compareWorkspace';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { LazyTimeSeriesChart } from '@/components/charts/LazyTimeSeriesChart';
import { DATASET_IDS, type DatasetQueryParams } from '@/contract';
import { MARKET_TIME_ZONE } from '@/lib/format';
import type { MarketDay } from '@/time';
import { pointsOf } from './dayRows';
import { ErrorLine } from './ErrorLine';
import { forecastError } from './forecastError';
import { marketClock, marketHourMinute } from '@/lib/marketClock';
import { formatMw } from './figures';
import { compareDay, DAY_AHEAD_CUTOFF_TEXT, queryBuilderHref } from './marketDayParams';
import { RowsState } from './RowsState';
import { asOfText, TodayPanel } from './TodayPanel';
import { useLiveRows } from './useLiveRows';
import { hourKey, nextVintage, vintageParams } from './vintages';
import styles from './TodayPage.module.css';

/**
 * The hourly solar and wind reports (ERCOT's NP4-737 and NP4-732 shapes): the actual generation of
 * the hours that have ended and the short-term forecast, system wide.
 */
export const RESOURCES = [
  {
    id: DATASET_IDS.solarActualAndForecast,
    label: 'Solar',
    actual: 'gen_system_wide',
    forecast: 'stppf_system_wide',
  },
  {
    id: DATASET_IDS.windActualAndForecast,
    label: 'Wind',
    actual: 'gen_system_wide',
    forecast: 'stwpf_system_wide',
  },
] as const;
type Resource = (typeof RESOURCES)[number];

const newestParams = (day: MarketDay, r: Resource): DatasetQueryParams =>
  vintageParams(day, `${r.actual},${r.forecast}`);
const dayAheadParams = (day: MarketDay, r: Resource): DatasetQueryParams =>
  vintageParams(day, r.forecast, { dayAhead: true });

/** The requests of one resource's section: the newest and the day-ahead vintages of its report. */
export const renewableRequests = (day: MarketDay, r: Resource) => ({
  newest: { id: r.id, params: newestParams(day, r) },
  dayAhead: { id: r.id, params: dayAheadParams(day, r) },
});

/** The newest hour with an actual value: the panel's "as of" (undefined while the rows load, as `asOfQuery`). */
const lastActual = (
  query: { isPending: boolean; data?: { rows: readonly Row[] } },
  column: string,
): number | null | undefined =>
  query.isPending ? undefined : (pointsOf(query.data?.rows ?? [], column).at(-1)?.x ?? null);

/** Solar and wind: actual generation against the newest and the day-ahead forecast. */
export function RenewablesPanel({ date, day }: { date: string; day: MarketDay }) {
  const solar = useResource(day, RESOURCES[0]);
  const wind = useResource(day, RESOURCES[1]);
  const asOf = lastActual(solar.newest.query, RESOURCES[0].actual);
  // Forecasts of the whole day come before any hour has ended: then no actual is not "no data".
  const forecasts = (solar.newest.query.data?.rows.length ?? 0) > 0;
  const status = (at: number | null): string =>
    at === null && forecasts ? 'No hour has ended yet' : asOfText(at);
  const links = useMemo(
    () => [
      ...RESOURCES.map((r) => ({
        label: `${r.label} report in the query builder`,
        href: queryBuilderHref(r.id, newestParams(day, r)),
      })),
      {
        label: 'Solar and wind, actual and forecast, in Compare',
        href: compareHref({
          A: dataSeries('A', RESOURCES[0].id, RESOURCES[0].actual),
          B: dataSeries('B', RESOURCES[0].id, RESOURCES[0].forecast),
          C: dataSeries('C', RESOURCES[1].id, RESOURCES[1].actual),
          D: dataSeries('D', RESOURCES[1].id, RESOURCES[1].forecast),
          ...compareDay(date),
          grid: '1h',
        }),
      },
    ],
    [date, day],
  );
  return (
    <TodayPanel title="Solar and wind" id="renewables" asOf={asOf} status={status} links={links}>
      <p className={styles.asOf}>
        Actual: the hourly mean of each hour that has ended. Newest forecast: each hour’s newest report.
        Day-ahead: the newest report published before {DAY_AHEAD_CUTOFF_TEXT}.
      </p>
      {[solar, wind].map((r) => (
        <ResourceSection key={r.resource.id} day={day} {...r} />
      ))}
    </TodayPanel>
  );
}

function useResource(day: MarketDay, resource: Resource) {
  const requests = useMemo(() => renewableRequests(day, resource), [day, resource]);
  const { params } = requests.newest;
  const newest = useLiveRows({
    ...requests.newest,
    next: useMemo(() => nextVintage(day, params), [day, params]),
    keyOf: hourKey,
  });
  const dayAhead = useLiveRows({ ...requests.dayAhead, keyOf: hourKey });
  return { resource, newest, dayAhead };
}

function ResourceSection({
  day,
  resource,
  newest,
  dayAhead,
}: ReturnType<typeof useResource> & { day: MarketDay }) {
  const rows = newest.query.data?.rows;
  const bid = dayAhead.query.data?.rows;
  const series = useMemo(() => {
    if (!rows) return [];
    return [
      { name: `${resource.label} actual`, points: pointsOf(rows, resource.actual) },
      { name: `${resource.label} newest forecast`, points: pointsOf(rows, resource.forecast) },
      { name: `${resource.label} day-ahead forecast`, points: bid ? pointsOf(bid, resource.forecast) : [] },
    ];
  }, [rows, bid, resource]);
  const actual = series[0]?.points ?? [];
  const error = forecastError(new Map(actual.map((p) => [p.x, p.y])), series[2]?.points ?? []);
  const now = actual.at(-1);
  return (
    <section aria-label={resource.label}>
      <h3>{resource.label}</h3>
      <RowsState
        query={newest.query}
        refreshError={newest.refreshError}
        what={`the ${resource.label.toLowerCase()} report`}
      >
        {() => (
          <>
            <dl className={styles.facts}>
              <div>
                <dt>
                  {resource.label} actual{now ? `, hour from ${marketClock(now.x)}` : ''}
                </dt>
                <dd>{now ? formatMw(now.y) : 'No hour has ended yet'}</dd>
              </div>
              <ErrorLine label="Day-ahead forecast error" error={error} />
            </dl>
            {dayAhead.query.isError && (
              <ApiErrorMessage error={dayAhead.query.error} onRetry={() => void dayAhead.query.refetch()} />
            )}
            <LazyTimeSeriesChart
              series={series}
              span={day}
              title={`${resource.label} generation, actual and forecast, by hour, market time`}
              height={200}
              formatTime={marketHourMinute}
              formatValue={formatMw}
              timeZone={MARKET_TIME_ZONE}
            />
          </>
        )}
      </RowsState>
    </section>
  );
}
