import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { chartRowsOptions, CHART_ROW_CAP, type ChartProgress } from '@/api/query/chartRows';
import type { DatasetColumn, DatasetQueryParams } from '@/contract';
import { ApiErrorMessage } from '@/components/ApiErrorMessage';
import { LazyTimeSeriesChart, type TimeSeries } from '@/components/charts/LazyTimeSeriesChart';
import { QueryLoading } from '@/components/QueryLoading';
import { buildChartGroups, TYPE_COLUMN, type ChartGroup } from './chartGroups';
import { formatInteger, formatNumber, formatTimestamp, resolveTimeZone, unitDecimals } from '@/lib/format';
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
  // A resampled result has no publish times (its buckets merge the vintages).
  const publish = vintageColumn !== null && !params.resample_frequency ? vintageColumn : null;
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
  const valueName = valueColumn?.name ?? '';
  // The React compiler memoizes this on its inputs.
  const { groups, vintages } = rows.data
    ? buildChartGroups(rows.data, { time: timeColumn, value: valueName, group, publish }, (ms) =>
        formatTimestamp(ms, { timeZone }),
      )
    : { groups: [], vintages: 0 };
  const [picked, setPicked] = useState<string[] | null>(null);
  const chosen = picked ?? defaultSeries(groups);
  const bands: ChartBand[] = [...(partial ?? [])].map(([start, bucket]) => ({
    start,
    end: bucket.end,
    label: `Partial bucket: ${bucket.text} intervals`,
  }));

  if (!valueColumn) return <p>No numeric columns to chart.</p>;
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

  const unit = valueColumn.unit;
  const shown = groups.filter((g) => chosen.includes(g.name));
  const series: TimeSeries[] = shown.map((g) => ({ name: g.name, points: g.points }));
  const singles = shown.filter((g) => g.points.length === 1).length;
  const last = Math.max(...shown.map((g) => g.points[g.points.length - 1]?.x ?? Number.NEGATIVE_INFINITY));
  const first = Math.min(...shown.map((g) => g.points[0]?.x ?? Number.POSITIVE_INFINITY));
  const noun = vintages > 0 ? 'series' : (group ?? 'series');
  return (
    <div className={styles.chart}>
      <div className={styles.chartControls}>
        <label>
          Value column
          <select value={valueColumn.name} onChange={(e) => setChosenColumn(e.target.value)}>
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
        {singles > 0
          ? ` ${singles} of the lines drawn have a single point (one interval in range for them), shown as a dot.`
          : ''}
        {bands.length > 0 &&
          ` Hatched: ${bands.length === 1 ? 'a bucket' : `${bands.length} buckets`} the range cuts, whose values stand for part of the bucket.`}
      </p>
      <LazyTimeSeriesChart
        series={series}
        title={`${valueColumn.name}${unit ? ` (${unit})` : ''} over time`}
        formatTime={(ms) => formatTimestamp(ms, { timeZone })}
        formatValue={(v) => formatNumber(v, { decimals: unitDecimals(unit) })}
        timeZone={resolveTimeZone(timeZone) ?? viewerTimeZone()}
        bands={bands}
        annotations={annotations}
      />
      <AnnotationsPanel
        kind="query"
        timeZone={timeZone}
        range={first <= last ? { from: first, to: last } : null}
      />
    </div>
  );
}
