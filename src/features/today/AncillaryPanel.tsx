import { useMemo } from 'react';
import { DATASET_IDS, type DatasetQueryParams } from '@/contract';
import { LazyTimeSeriesChart } from '@/components/charts/LazyTimeSeriesChart';
import { MARKET_TIME_ZONE } from '@/lib/format';
import { HOUR_MS, type MarketDay } from '@/time';
import { useLivePage } from './livePage';
import { useIntervalStart } from './useIntervalStart';
import { asOfQuery, lastRow, pointsOf, startOf } from './dayRows';
import { marketClock, marketHourMinute } from '@/lib/marketClock';
import { formatPrice } from './figures';
import { dayRange, hourOf, hoursOf, queryBuilderHref } from './marketDayParams';
import { RowsState } from './RowsState';
import { TodayPanel } from './TodayPanel';
import { useLiveRows } from './useLiveRows';
import styles from './TodayPage.module.css';

const SERVICES = [
  { column: 'regulation_up', label: 'Regulation up' },
  { column: 'regulation_down', label: 'Regulation down' },
  { column: 'responsive_reserves', label: 'Responsive reserves' },
  { column: 'non_spinning_reserves', label: 'Non-spinning reserves' },
  { column: 'ercot_contingency_reserve_service', label: 'ECRS' },
] as const;

/** The panel's request: the day's clearing prices of every service. */
export const ancillaryRequest = (day: MarketDay) => ({
  id: DATASET_IDS.ancillaryPrices,
  params: { ...dayRange(day), columns: SERVICES.map((s) => s.column).join(',') } satisfies DatasetQueryParams,
});

/** The day-ahead clearing prices of the ancillary services, hour by hour, with the hour in progress. */
export function AncillaryPanel({ day }: { day: MarketDay }) {
  const { live } = useLivePage();
  const now = useIntervalStart(HOUR_MS, live);
  const request = useMemo(() => ancillaryRequest(day), [day]);
  const { params } = request;
  // Cleared the day before, with the day-ahead market: nothing to refresh.
  const prices = useLiveRows(request);
  const rows = prices.query.data?.rows;
  const last = rows ? lastRow(rows) : undefined;
  const links = useMemo(
    () => [
      {
        label: 'Ancillary prices in the query builder',
        href: queryBuilderHref(DATASET_IDS.ancillaryPrices, params),
      },
    ],
    [params],
  );
  const series = useMemo(
    () => (rows ? SERVICES.map((s) => ({ name: s.label, points: pointsOf(rows, s.column) })) : []),
    [rows],
  );
  // The hour in progress on a live day, else the day's last hour.
  const hour = Math.min(hourOf(now), last ? startOf(last) : hourOf(now));
  const current = rows?.find((r) => startOf(r) === hour);
  // A day-ahead schedule is not "as of" its last hour (at 00:35 that read "As of 23:00"): the
  // head says how many of the day's hours it holds.
  const cleared = useMemo(() => new Set(rows?.map(startOf)).size, [rows]);
  const status = (asOf: number | null): string =>
    asOf === null ? 'No data yet' : `Day-ahead: ${cleared} of ${hoursOf(day)} hours`;
  return (
    <TodayPanel
      title="Ancillary service prices"
      id="ancillary"
      asOf={asOfQuery(prices.query)}
      status={status}
      links={links}
    >
      <RowsState query={prices.query} what="the ancillary service prices">
        {() => (
          <>
            {current && (
              <table className={styles.table}>
                <caption>Day-ahead clearing prices for the hour from {marketClock(hour)} ($/MW)</caption>
                <tbody>
                  {SERVICES.map((s) => (
                    <tr key={s.column}>
                      <th scope="row">{s.label}</th>
                      <td>
                        {typeof current[s.column] === 'number'
                          ? formatPrice(current[s.column] as number, '$/MW')
                          : '—'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <LazyTimeSeriesChart
              series={series}
              span={day}
              title="Day-ahead ancillary service prices by hour, market time"
              height={220}
              formatTime={marketHourMinute}
              formatValue={(v) => formatPrice(v, '$/MW')}
              timeZone={MARKET_TIME_ZONE}
            />
          </>
        )}
      </RowsState>
    </TodayPanel>
  );
}
