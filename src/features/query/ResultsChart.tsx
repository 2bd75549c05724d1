import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { chartRowsOptions, CHART_ROW_CAP, type ChartProgress, type ChartRows } from '@/api/query/chartRows';
import type { DatasetColumn, DatasetQueryParams } from '@/contract';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { LazyTimeSeriesChart, type TimeSeries } from '@/components/charts/LazyTimeSeriesChart';
import { QueryLoading } from '@/components/QueryLoading';
import {
  buildChartGroups,
  fullerColumn,
  gapsOver,
  TYPE_COLUMN,
  typicalStep,
  valuedRows,
  type ChartGroup,
} from './chartGroups';
import {
  formatDuration,
  formatInteger,
  formatNumber,
  formatTimestamp,
  resolveTimeZone,
  unitDecimals,
} from '@/lib/format';
import { valueColumnAmong } from '@/lib/valueColumn';
import styles from './QueryPage.module.css';
import type { PartialBucket } from './DataQualityLine';
import type { ChartBand } from '@/components/charts/TimeSeriesChart';
import { viewerTimeZone } from '@/time';
import { AnnotationsPanel } from '@/components/workspace/AnnotationsPanel';
import { useActiveAnnotations } from '@/workspace/activeView';

interface Props {
  datasetId: string;
  /** The query's request: the chart walks all of it (its own columns only), not the table's held pages. */
  params: Omit<DatasetQueryParams, 'cursor' | 'page'>;
  columns: readonly DatasetColumn[];
  /** The UTC time column the x axis reads. */
  timeColumn: string;
  /** Rows are split into one line per value of this column when present. */
  groupColumn: string | null;
  /** The publish-time column of a report with forecast vintages: the latest forecast of each interval is drawn, each vintage can be picked. */
  vintageColumn?: string | null;
  timeZone: string;
  /** The same query resampled hourly, offered when the chart cannot hold every row. */
  resampledHref: string | null;
  /** Buckets of a resampled result that stand for part of themselves: drawn hatched. */
  partial?: ReadonlyMap<number, PartialBucket>;
  /** Rows charted at most (tests lower it). */
  cap?: number;
}

/** A line breaks where its rows are more than this many of the data's steps apart. */
const GAP_STEPS = 2.5;
/** Lines drawn at once: more is a tangle nobody reads. */
const MAX_SHOWN_SERIES = 12;
/** Series drawn by default when there are many: the hubs, or the highest peaks. */
const DEFAULT_SERIES = 8;
/** Names listed in the series picker at once (a search finds the rest). */
const PICKER_LIMIT = 50;
/** The series that matter by default: the latest forecasts of a report with vintages; else all when few, else the hubs, else the highest peaks. */
function defaultSeries(all: readonly ChartGroup[]): string[] {
  const latest = all.filter((g) => g.latest);
  const groups = latest.length > 0 ? latest : all;
  if (groups.length <= DEFAULT_SERIES) return groups.map((g) => g.name);
  const hubs = groups.filter((g) => g.hub);
  if (hubs.length > 0) return hubs.slice(0, DEFAULT_SERIES).map((g) => g.name);
  return [...groups]
    .sort((a, b) => b.peak - a.peak)
    .slice(0, DEFAULT_SERIES)
    .map((g) => g.name);
}

function SeriesPicker({
  groups,
  chosen,
  onChange,
  noun,
}: {
  groups: readonly ChartGroup[];
  chosen: readonly string[];
  onChange: (names: string[]) => void;
  noun: string;
}) {
  const [search, setSearch] = useState('');
  const term = search.trim().toLowerCase();
  const matches = groups.filter((g) => term === '' || g.name.toLowerCase().includes(term));
  // The chosen first, so unticking is always one click away; then the matches, a page of them.
  const listed = [
    ...matches.filter((g) => chosen.includes(g.name)),
    ...matches.filter((g) => !chosen.includes(g.name)),
  ].slice(0, PICKER_LIMIT);
  const full = chosen.length >= MAX_SHOWN_SERIES;
  // `series` is its own plural.
  const nouns = noun.endsWith('s') ? noun : `${noun}s`;
  return (
    <details className={styles.seriesPicker}>
      <summary>
        {nouns} shown: {chosen.length} of {formatInteger(groups.length)}
      </summary>
      <label>
        Find a {noun}
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <ul aria-label={`${nouns} to chart`}>
        {listed.map((g) => {
          const on = chosen.includes(g.name);
          return (
            <li key={g.name}>
              <label>
                <input
                  type="checkbox"
                  checked={on}
                  disabled={!on && full}
                  onChange={() => onChange(on ? chosen.filter((n) => n !== g.name) : [...chosen, g.name])}
                />{' '}
                {g.name}
                {g.points.length === 1 ? ' (1 point)' : ''}
              </label>
            </li>
          );
        })}
      </ul>
      <p className={styles.hint}>
        {matches.length > listed.length
          ? `${formatInteger(matches.length - listed.length)} more match; type to narrow. `
          : ''}
        At most {MAX_SHOWN_SERIES} lines at once.
      </p>
    </details>
  );
}

/**
 * The chart's series, walked once per answer, column and grouping (not again when the series
 * picker's search re-renders). With `fuller` (the candidate columns, comma-joined), the value
 * column may give way to a fuller one (`fullerColumn`).
 */
function useChartGroups(
  data: ChartRows | undefined,
  columns: {
    time: string;
    value: string;
    fuller: string | null;
    group: string | null;
    publish: string | null;
  },
  timeZone: string,
) {
  const { time, value, fuller, group, publish } = columns;
  const valueName = useMemo(
    () => (data && fuller !== null && value !== '' ? fullerColumn(data, value, fuller.split(',')) : value),
    [data, value, fuller],
  );
  // When the default gave way: how many rows its own column has a value in, to say why.
  const passedOver = useMemo(
    () => (data && valueName !== value ? { column: value, valued: valuedRows(data, value) } : null),
    [data, value, valueName],
  );
  const built = useMemo(
    () =>
      data
        ? buildChartGroups(data, { time, value: valueName, group, publish }, (ms) =>
            formatTimestamp(ms, { timeZone }),
          )
        : NO_GROUPS,
    [data, time, valueName, group, publish, timeZone],
  );
  return { valueName, passedOver, ...built };
}

const NO_GROUPS = { groups: [], vintages: 0, rowsWithoutValue: 0, seriesWithoutValue: 0, repeatedTimes: 0 };

/**
 * Whether the rows carry the publish column (contract §6.4, §6.5): every vintage unresampled; a
 * resampled result keeps it as a group column unless `publish_time` is `latest` or
 * `latest_report` (one vintage per interval), or `resample_by` names the groups without it.
 */
function publishColumnOf(params: Props['params'], column: string): string | null {
  if (!params.resample_frequency) return column;
  if (params.resample_by !== undefined && params.resample_by.trim() !== '')
    return params.resample_by.split(',').some((c) => c.trim() === column) ? column : null;
  return params.publish_time === 'latest' || params.publish_time === 'latest_report' ? null : column;
}

export function ResultsChart({
  datasetId,
  params,
  columns,
  timeColumn,
  groupColumn,
  vintageColumn = null,
  timeZone,
  resampledHref,
  partial,
  cap = CHART_ROW_CAP,
}: Props) {
  const numeric = columns.filter((c) => c.is_numeric);
  const annotations = useActiveAnnotations('query');
  // Until one is picked, the column the dataset is named for.
  const [chosenColumn, setChosenColumn] = useState('');
  const shownName = numeric.some((c) => c.name === chosenColumn)
    ? chosenColumn
    : valueColumnAmong(
        datasetId,
        numeric.map((c) => c.name),
      );
  const valueColumn = numeric.find((c) => c.name === shownName);
  const group = groupColumn !== null && columns.some((c) => c.name === groupColumn) ? groupColumn : null;
  const hasType = group !== null && columns.some((c) => c.name === TYPE_COLUMN);
  const [progress, setProgress] = useState<ChartProgress | null>(null);
  const publish = vintageColumn === null ? null : publishColumnOf(params, vintageColumn);
  // Only what the chart draws travels: the group, its type (to find the hubs), the publish time and every numeric column.
  const wanted = [group, hasType ? TYPE_COLUMN : null, publish, ...numeric.map((c) => c.name)].filter(
    (c): c is string => c !== null,
  );
  const chartParams = {
    ...params,
    columns: wanted.join(','),
    json_schema: undefined,
    return_format: undefined,
  };
  const options = chartRowsOptions(datasetId, chartParams, cap, setProgress);
  const rows = useQuery({ ...options, enabled: valueColumn !== undefined });
  const { valueName, passedOver, groups, vintages, rowsWithoutValue, seriesWithoutValue, repeatedTimes } =
    useChartGroups(
      rows.data,
      {
        time: timeColumn,
        // Until one is picked: a default column that is mostly empty in these rows (a disclosure's
        // output_schedule, null for all but the nuclear units) gives way to the column with most values.
        value: valueColumn?.name ?? '',
        fuller: chosenColumn === '' ? numeric.map((c) => c.name).join(',') : null,
        group,
        publish,
      },
      timeZone,
    );
  const drawnColumn = numeric.find((c) => c.name === valueName) ?? valueColumn;
  const [picked, setPicked] = useState<string[] | null>(null);
  const chosen = picked ?? defaultSeries(groups);
  const bands: ChartBand[] = [...(partial ?? [])].map(([start, bucket]) => ({
    start,
    end: bucket.end,
    label: `Partial bucket: ${bucket.text} intervals`,
  }));

  if (!valueColumn || !drawnColumn) return <p>No numeric columns to chart.</p>;
  // QueryLoading, not Loading: once cancelled, the wait ends with "Request cancelled." and Load again.
  if (rows.isPending)
    return (
      <QueryLoading
        label={
          progress
            ? `Loading the whole query for the chart: ${formatInteger(progress.rows)} rows in ${progress.pages} page${progress.pages === 1 ? '' : 's'}…`
            : 'Loading the whole query for the chart…'
        }
        queryKey={options.queryKey}
        refetch={rows.refetch}
      />
    );
  if (rows.isError) return <ApiErrorMessage error={rows.error} onRetry={() => void rows.refetch()} />;

  const unit = drawnColumn.unit;
  const shown = groups.filter((g) => chosen.includes(g.name));
  const series: TimeSeries[] = shown.map((g) => ({ name: g.name, points: g.points }));
  const singles = shown.filter((g) => g.points.length === 1).length;
  const last = Math.max(...shown.map((g) => g.points[g.points.length - 1]?.x ?? Number.NEGATIVE_INFINITY));
  const first = Math.min(...shown.map((g) => g.points[0]?.x ?? Number.POSITIVE_INFINITY));
  const noun = vintages > 0 ? 'series' : (group ?? 'series');
  // A line is not joined across more than two and a half of the data's steps without a row: a
  // constraint that stops binding, a node that stops reporting, is a gap, not a straight line.
  const step = typicalStep(shown);
  const maxGapMs = step === null ? undefined : step * GAP_STEPS;
  const breaks = maxGapMs === undefined ? 0 : gapsOver(shown, maxGapMs);
  return (
    <div className={styles.chart}>
      <div className={styles.chartControls}>
        <label>
          Value column
          <select value={drawnColumn.name} onChange={(e) => setChosenColumn(e.target.value)}>
            {numeric.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
                {c.unit ? ` (${c.unit})` : ''}
              </option>
            ))}
          </select>
        </label>
        {(group !== null || vintages > 0) && groups.length > 1 && (
          <SeriesPicker groups={groups} chosen={chosen} onChange={setPicked} noun={noun} />
        )}
      </div>
      <p className={styles.hint} aria-live="polite">
        {rows.data.capped ? (
          <>
            Showing the first {formatInteger(cap)} rows of this query, up to{' '}
            {Number.isFinite(last) ? formatTimestamp(last, { timeZone }) : 'their last time'}: the chart stops
            there.{' '}
            {resampledHref ? (
              <Link to={resampledHref}>Resample hourly to chart the whole range</Link>
            ) : (
              'Narrow the time range or the filter to chart all of it.'
            )}
          </>
        ) : (
          <>
            All {formatInteger(rows.data.rows)} rows of the query
            {vintages > 0 &&
              `, from ${formatInteger(vintages)} publish times; drawn: ${
                picked === null
                  ? 'the latest forecast of each interval (pick publish times in the series list to compare vintages)'
                  : 'your choice of series'
              }`}
            {vintages === 0 && group !== null && groups.length > shown.length
              ? `; ${shown.length} of ${formatInteger(groups.length)} ${noun}s drawn (${
                  picked === null && groups.some((g) => g.hub)
                    ? 'the hubs'
                    : picked === null
                      ? 'the highest peaks'
                      : 'your choice'
                })`
              : ''}
            .
          </>
        )}
        {passedOver !== null &&
          ` Drawn: ${drawnColumn.name}, the column with most values here; ${passedOver.column} has a value in ${formatInteger(passedOver.valued)} of ${formatInteger(rows.data.rows)} rows (pick it above to draw it).`}
        {rowsWithoutValue > 0 &&
          ` ${formatInteger(rowsWithoutValue)} of these rows have no ${drawnColumn.name} and are on no line${
            seriesWithoutValue > 0
              ? `; ${formatInteger(seriesWithoutValue)} ${group ?? 'series'}${seriesWithoutValue === 1 || group === null ? ' has' : 's have'} none in this range and ${seriesWithoutValue === 1 ? 'is' : 'are'} not listed`
              : ''
          }.`}
        {repeatedTimes > 0 &&
          ` At ${formatInteger(repeatedTimes)} time${repeatedTimes === 1 ? '' : 's'} a ${group ?? 'series'} has several rows (told apart by columns the chart does not split on): its line draws the highest ${drawnColumn.name} there.`}
        {breaks > 0 &&
          step !== null &&
          ` The lines break at ${formatInteger(breaks)} gap${breaks === 1 ? '' : 's'} where a ${noun} has no row for more than ${formatDuration(step * GAP_STEPS)} (its rows come every ${formatDuration(step)}), rather than join across ${breaks === 1 ? 'it' : 'them'}.`}
        {singles > 0
          ? ` ${singles} of the lines drawn have a single point (one interval in range for them), shown as a dot.`
          : ''}
        {bands.length > 0 &&
          ` Hatched: ${bands.length === 1 ? 'a bucket' : `${bands.length} buckets`} the range cuts, whose values stand for part of the bucket.`}
      </p>
      <LazyTimeSeriesChart
        series={series}
        title={`${drawnColumn.name}${unit ? ` (${unit})` : ''} over time`}
        formatTime={(ms) => formatTimestamp(ms, { timeZone })}
        formatValue={(v) => formatNumber(v, { decimals: unitDecimals(unit) })}
        timeZone={resolveTimeZone(timeZone) ?? viewerTimeZone()}
        bands={bands}
        annotations={annotations}
        maxGapMs={maxGapMs}
      />
      <AnnotationsPanel
        kind="query"
        timeZone={timeZone}
        range={first <= last ? { from: first, to: last } : null}
      />
    </div>
  );
}
