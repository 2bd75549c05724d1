import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { datasetQueryOptions } from '@/api/query/queries';
import { DATASET_IDS, type DatasetQueryParams, type Row } from '@/contract';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { LazyDailyPeaksChart, type DailyPeakDatum } from '@/components/charts/LazyDailyPeaksChart';
import { usePreloadChart } from '@/components/charts/lazyChart';
import { DataTable, type DataTableColumn } from '@/components/DataTable';
import { EmptyState } from '@/components/EmptyState';
import { Loading } from '@/components/Loading';
import { formatNumber } from '@/lib/format';
import { DateField } from '@/components/DateField';
import { addDays, marketDateOf } from '@/time';
import { marketClock } from '@/lib/marketClock';
import type { DayRange } from './resolveRange';
import styles from './DailyPeakPage.module.css';
import { formatMw } from './formatLoad';
import { useLoadCoverage } from './useLoadBounds';
import { useActiveAnnotations } from '@/workspace/activeView';

/** One row per market day: day buckets start at market midnight, so DST days are 23 or 25 hours. */
export function dailyPeaksParams({ from, to }: DayRange): DatasetQueryParams {
  return {
    start_time: from,
    end_time: addDays(to, 1),
    timezone: 'market',
    resample_frequency: '1d',
    resample_function: 'max',
    columns: 'load',
    page_size: 500,
  };
}

/** Each day's peak; `today`'s (the day not over) carries what it covers. */
function dailyPeaks(rows: readonly Row[], today: string, todayNote: string): DailyPeakDatum[] {
  const out: DailyPeakDatum[] = [];
  for (const row of rows) {
    const { interval_start_local: local, load } = row;
    if (typeof local !== 'string' || typeof load !== 'number') continue;
    const date = local.slice(0, 10);
    out.push(date === today ? { date, value: load, partial: todayNote } : { date, value: load });
  }
  return out;
}

/** What today's peak covers: the day so far, through the end of the load's last interval when that is today's. */
function soFarNote(today: string, dataEnd: number | undefined): string {
  return dataEnd !== undefined && marketDateOf(dataEnd - 1) === today
    ? `the day so far, through ${marketClock(dataEnd)}`
    : 'the day so far';
}

/** Beside today's date: the day has not ended, so its peak can still rise. */
const SO_FAR = ' (so far)';

/** `2025-07-14` → `07-14`: the year is noise on an axis of a month. */
const shortDate = (date: string): string => date.slice(5);

interface Props {
  range: DayRange | undefined;
  /** Why the link's range was replaced, if it was. */
  notice: string | null;
  selectedDate: string | undefined;
  min?: string;
  max?: string;
  /** Today's market day: its peak, where the range holds it, is the peak so far. */
  today: string;
  onRangeChange: (range: DayRange) => void;
  /** Opens a day's report (a chart click). */
  onSelectDate: (date: string) => void;
  /** The link to a day's report (the table: the keyboard and screen-reader path). */
  hrefFor: (date: string) => string;
}

function PeaksBody({ range, selectedDate, today, onSelectDate, hrefFor }: Props & { range: DayRange }) {
  const query = useQuery(datasetQueryOptions(DATASET_IDS.load, dailyPeaksParams(range)));
  const rows = query.data?.data;
  const todayNote = soFarNote(today, useLoadCoverage()?.end);
  const peaks = useMemo(() => (rows ? dailyPeaks(rows, today, todayNote) : []), [rows, today, todayNote]);
  const partial = peaks.find((d) => d.partial !== undefined);
  const annotations = useActiveAnnotations('dailyPeak');
  const columns = useMemo<DataTableColumn<DailyPeakDatum>[]>(
    () => [
      {
        id: 'date',
        header: 'Market date',
        rowHeader: true,
        nowrap: true,
        cell: (d) => (
          <>
            <Link to={hrefFor(d.date)} aria-current={d.date === selectedDate ? 'date' : undefined}>
              {d.date}
            </Link>
            {d.date === today && SO_FAR}
          </>
        ),
      },
      { id: 'peak', header: 'Peak load', numeric: true, nowrap: true, cell: (d) => formatMw(d.value) },
    ],
    [hrefFor, selectedDate, today],
  );

  if (query.isPending) return <Loading label="Loading daily peaks…" />;
  if (query.isError) return <ApiErrorMessage error={query.error} onRetry={() => void query.refetch()} />;
  if (peaks.length === 0 && !query.isPlaceholderData) {
    return <EmptyState title={`No load data from ${range.from} to ${range.to}.`} />;
  }
  const highest = peaks.reduce<DailyPeakDatum | undefined>(
    (best, d) => (!best || d.value > best.value ? d : best),
    undefined,
  );

  return (
    <div
      className={query.isPlaceholderData ? styles.stale : styles.stack}
      aria-busy={query.isPlaceholderData}
    >
      {highest && (
        <p>
          {peaks.length} market days; the highest peak was <strong>{formatMw(highest.value)}</strong> on{' '}
          {highest.date}
          {highest.date === today && SO_FAR}.
        </p>
      )}
      <LazyDailyPeaksChart
        data={peaks}
        title={`Daily peak load of ERCOT from ${range.from} to ${range.to}. Each point opens that day's report; the table below lists the same days with links.`}
        valueLabel="Peak load (MW)"
        selectedDate={selectedDate}
        onSelectDate={onSelectDate}
        formatValue={(v) => formatNumber(v, { decimals: 0 })}
        formatDate={shortDate}
        annotations={annotations}
      />
      {partial && (
        <p className={styles.note}>
          <span aria-hidden="true">○ </span>
          {partial.date}: {partial.partial}; its peak can still rise.
        </p>
      )}
      <DataTable
        caption={`Daily peak load from ${range.from} to ${range.to}`}
        columns={columns}
        rows={peaks}
        rowKey={(d) => d.date}
        stickyHeader
        maxHeight="24rem"
      />
    </div>
  );
}

/** Peaks of every market day over a range, from the query API, each day linking to its report. */
export function DailyPeaksPanel(props: Props) {
  const { range, notice, min, max, onRangeChange } = props;
  usePreloadChart(LazyDailyPeaksChart);
  return (
    <div className={styles.stack}>
      <div className={styles.controls} role="group" aria-label="Range of days">
        <DateField
          label="From"
          value={range?.from ?? ''}
          min={min}
          max={range?.to ?? max}
          onCommit={(from) => range && onRangeChange({ from, to: range.to })}
        />
        <DateField
          label="To"
          value={range?.to ?? ''}
          min={range?.from ?? min}
          max={max}
          onCommit={(to) => range && onRangeChange({ from: range.from, to })}
        />
      </div>
      {notice && (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      )}
      {range ? <PeaksBody {...props} range={range} /> : <Loading label="Finding the report's day…" />}
    </div>
  );
}
