import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { datasetQueryOptions } from '@/api/query/queries';
import { DATASET_IDS, type DatasetQueryParams } from '@/contract';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { LazyPeakCurveChart } from '@/components/charts/LazyPeakCurveChart';
import { usePreloadChart } from '@/components/charts/lazyChart';
import { EmptyState } from '@/components/EmptyState';
import { Loading } from '@/components/Loading';
import { formatNumber, formatTimestamp, zoneAbbreviation } from '@/lib/format';
import {
  clockTime,
  curvePoints,
  dayLengthText,
  hourTicks,
  lowOf,
  peakOf,
  type CurvePoint,
} from './loadCurve';
import { addDays } from '@/time';
import styles from './DailyPeakPage.module.css';
import { formatMw } from './formatLoad';
import { useActiveAnnotations } from '@/workspace/activeView';

/** Start and end read in market time, so the query covers market midnight to market midnight. */
export function curveParams(date: string): DatasetQueryParams {
  return { start_time: date, end_time: addDays(date, 1), timezone: 'market', page_size: 500 };
}

const marketClock = (ms: number): string =>
  formatTimestamp(ms, { timeZone: 'market', zoneName: false }).slice(11);

/** `16:35 CDT`: the clock time as the API wrote it, with the zone in force at that instant. */
function atMarketTime(p: CurvePoint): string {
  return `${clockTime(p.local)} ${zoneAbbreviation(p.x, 'market')}`;
}

/** The load of one market day from the query API, every 5-minute interval, with its peak marked. */
export function LoadCurvePanel({ date }: { date: string }) {
  const query = useQuery(datasetQueryOptions(DATASET_IDS.load, curveParams(date)));
  usePreloadChart(LazyPeakCurveChart);
  const annotations = useActiveAnnotations('dailyPeak');
  const rows = query.data?.data;
  const points = useMemo(() => (rows ? curvePoints(rows) : []), [rows]);

  if (query.isPending) return <Loading label={`Loading the load curve of ${date}…`} />;
  if (query.isError) return <ApiErrorMessage error={query.error} onRetry={() => void query.refetch()} />;

  const peak = peakOf(points);
  const low = lowOf(points);
  // While the next day loads, the previous curve stays in place, dimmed, instead of a blank gap.
  const stale = query.isPlaceholderData;
  const shownDate = points[0]?.local.slice(0, 10) ?? date;

  return (
    <div className={styles.curveStack} aria-busy={stale}>
      {stale && (
        // Laid over the dimmed curve rather than above it, so the curve does not jump down and back.
        <div className={styles.staleStatus}>
          <Loading label={`Loading the load curve of ${date}…`} />
        </div>
      )}
      {!peak || !low ? (
        stale ? null : (
          <EmptyState title={`No load data for ${date}.`}>
            <p>Pick a market day within the data.</p>
          </EmptyState>
        )
      ) : (
        <div className={stale ? styles.stale : styles.stack} aria-hidden={stale || undefined}>
          <p className={styles.intervals}>
            {shownDate}: {dayLengthText(points.length)}
          </p>
          <p>
            Peak of the curve: <strong>{formatMw(peak.value)}</strong> at {atMarketTime(peak)} (market time).
            Lowest: {formatMw(low.value)} at {atMarketTime(low)}.
          </p>
          <LazyPeakCurveChart
            points={points}
            peak={peak}
            peakLabel={`Peak ${formatNumber(peak.value, { decimals: 0 })} MW at ${clockTime(peak.local)}`}
            title={`ERCOT load on ${shownDate}, market time, from ${formatMw(low.value)} to a peak of ${formatMw(peak.value)} at ${atMarketTime(peak)}.`}
            valueLabel="Load (MW)"
            ticks={hourTicks(points)}
            formatTime={marketClock}
            formatValue={(v) => formatNumber(v, { decimals: 0 })}
            annotations={annotations}
          />
        </div>
      )}
    </div>
  );
}
