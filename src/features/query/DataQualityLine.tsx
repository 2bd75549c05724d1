import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { apiErrorText } from '@/api/ApiError';
import { datasetQueryOptions } from '@/api/query/queries';
import type { SidecarQuality } from '@/api/exports/sidecar';
import type { Dataset, DatasetQueryParams } from '@/contract';
import { CADENCE_MS } from '@/contract';
import { formatInteger, formatTimestamp } from '@/lib/format';
import {
  qualityFrequency,
  qualityParams,
  qualityReport,
  qualitySidecar,
  qualityScope,
  type BucketCount,
  type QualityItem,
  type QualityReport,
} from './dataQuality';
import { parseFrequency } from './frequency';
import styles from './QueryPage.module.css';

/** The query narrowed to one bucket (and location): where an item's link opens the table. */
type HrefFor = (item: QualityItem) => string;

/** Items listed by name; the rest are counted. */
const LISTED = 5;

/** Buckets of a day or longer are named by their date alone. */
const DAY_OR_LONGER_MS = 23 * 3_600_000;

function bucketText(item: QualityItem, tz: string): string {
  let at = formatTimestamp(item.bucket.start, { timeZone: tz, zoneName: false });
  if (item.bucket.end - item.bucket.start >= DAY_OR_LONGER_MS) at = at.replace(/ 00:00$/, '');
  return item.group === null ? at : `${at} ${item.group}`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatInteger(n)} ${n === 1 ? one : many}`;
}

/**
 * What a dataset's series are called: locations where its subseries column is `location`, else
 * the values of that column by its name, as the dataset page's audit names them ("constraint_name
 * values"): a constraint or a generation resource is no location.
 */
function seriesNoun(subseries: string | null, many: boolean): string {
  if (subseries === null || subseries === 'location') return many ? 'locations' : 'location';
  return `${subseries} ${many ? 'values' : 'value'}`;
}

function ItemLinks({
  label,
  items,
  tz,
  hrefFor,
}: {
  label: string;
  items: readonly QualityItem[];
  tz: string;
  hrefFor: HrefFor;
}) {
  return (
    <>
      {' · '}
      {label}
      {': '}
      {items.slice(0, LISTED).map((item, i) => (
        <span key={`${item.bucket.start}|${item.group ?? ''}`}>
          {i > 0 && ', '}
          <Link to={hrefFor(item)}>
            {bucketText(item, tz)} ({formatInteger(item.present)} of{' '}
            {formatInteger(item.kind === 'partial' ? item.whole : item.expected)})
          </Link>
        </span>
      ))}
      {items.length > LISTED && ` and ${formatInteger(items.length - LISTED)} more`}
    </>
  );
}

function ReportText({
  report,
  resampled,
  subseries,
  tz,
  hrefFor,
}: {
  report: QualityReport;
  resampled: boolean;
  subseries: string | null;
  tz: string;
  hrefFor: HrefFor;
}) {
  const unit = resampled ? 'source intervals' : 'intervals';
  return (
    <>
      {formatInteger(report.present)} of {formatInteger(report.expected)} {unit}
      {report.groupCount > 1 && ` (${formatInteger(report.groupCount)} ${seriesNoun(subseries, true)})`}
      {report.unpublished > 0 && ` · ${plural(report.unpublished, 'later interval')} not published yet`}
      {report.dstDays.length > 0 &&
        ` · ${plural(report.dstDays.length, 'DST day')} (${report.dstDays.map((d) => `${d.hours} h`).join(', ')})`}
      {report.gaps.length === 0 && report.duplicates.length === 0 && ' · no gaps'}
      {report.absentGroups.length > 0 && ` · no data for ${report.absentGroups.join(', ')}`}
      {report.gaps.length > 0 && (
        <ItemLinks label={plural(report.gaps.length, 'gap')} items={report.gaps} tz={tz} hrefFor={hrefFor} />
      )}
      {report.duplicates.length > 0 && (
        <ItemLinks
          label={plural(report.duplicates.length, 'bucket with duplicates', 'buckets with duplicates')}
          items={report.duplicates}
          tz={tz}
          hrefFor={hrefFor}
        />
      )}
      {report.partial.length > 0 && (
        <ItemLinks
          label={plural(report.partial.length, 'partial bucket')}
          items={report.partial}
          tz={tz}
          hrefFor={hrefFor}
        />
      )}
      {/* A pricing location has one row per interval; a constraint binds only now and then, under
          several contingencies at once, and resources come and go: counted against one row per
          interval, their "gaps" and "duplicates" may be the data's shape, and the line says so. */}
      {subseries !== null &&
        subseries !== 'location' &&
        (report.gaps.length > 0 || report.duplicates.length > 0) &&
        ` · ${subseries} values need not have one row every interval, so these gaps and duplicates may be the data's shape rather than rows missing`}
    </>
  );
}

export type DataQuality =
  | { status: 'unchecked'; message: string }
  | { status: 'ask'; count: () => void; subseries: string | null }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      report: QualityReport;
      resampled: boolean;
      truncatedAt: number | null;
      /** The dataset's subseries column: what its series are called. */
      subseries: string | null;
    };

/**
 * How complete a query's result is (see dataQuality.ts). It costs one request; a query over every
 * series (location, constraint, resource) asks before spending it, since its answer has a row per
 * series and bucket.
 */
export function useDataQuality(
  dataset: Dataset,
  params: DatasetQueryParams,
  resample: string,
  nowMs: number,
  /** The result's first rows are in: the count waits for them, so it never delays what the user asked for. */
  resultShown: boolean,
): DataQuality {
  const scope = qualityScope(dataset, params, nowMs);
  const frequency = resample === '' ? null : parseFrequency(resample);
  const request =
    'unchecked' in scope ? null : qualityParams(dataset, params, frequency === null ? '1d' : resample);
  const everyLocation =
    dataset.subseries_index_column !== null && !('unchecked' in scope) && scope.groups === null;
  const [asked, setAsked] = useState<string | null>(null);
  const key = JSON.stringify(request);
  const enabled = request !== null && (!everyLocation || asked === key);
  const counts = useQuery({
    ...datasetQueryOptions(dataset.id, request ?? {}),
    enabled: enabled && resultShown,
    placeholderData: undefined,
    staleTime: Infinity,
  });
  const tz = params.timezone ?? 'UTC';
  const data = counts.data;
  const report = useMemo(() => {
    if ('unchecked' in scope || request === null || !data) return null;
    const group = dataset.subseries_index_column;
    const column = request.columns ?? '';
    const rows: BucketCount[] = data.data.map((row) => ({
      start: Date.parse(String(row.interval_start_utc)),
      group: group === null ? null : String(row[group] ?? ''),
      count: Number(row[column] ?? 0),
    }));
    return qualityReport(
      scope,
      rows,
      CADENCE_MS[dataset.cadence],
      qualityFrequency(frequency),
      tz,
      frequency !== null,
    );
    // The scope and request are derived from these (and the range's open end from nowMs); their
    // identities change every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, key, tz, dataset, nowMs]);

  if ('unchecked' in scope) return { status: 'unchecked', message: scope.unchecked };
  if (request === null)
    return { status: 'unchecked', message: 'This dataset has no numeric column to count intervals by.' };
  if (!enabled)
    return { status: 'ask', count: () => setAsked(key), subseries: dataset.subseries_index_column };
  if (counts.isError)
    return { status: 'error', message: `Completeness could not be counted: ${apiErrorText(counts.error)}` };
  if (!report || !data) return { status: 'loading' };
  return {
    status: 'ready',
    report,
    resampled: frequency !== null,
    truncatedAt: data.meta.hasNextPage ? data.data.length : null,
    subseries: dataset.subseries_index_column,
  };
}

export interface PartialBucket {
  end: number;
  /** `3 of 4`: source intervals within the range, of a whole bucket's. */
  text: string;
}

/** The line's findings for the export sidecar: the report, or why there is none yet. */
export function sidecarQualityOf(quality: DataQuality): SidecarQuality {
  switch (quality.status) {
    case 'ready':
      return qualitySidecar(quality.report);
    case 'unchecked':
    case 'error':
      return { checked: false, reason: quality.message };
    case 'ask':
      return {
        checked: false,
        reason: `Not counted: the query covers every ${seriesNoun(quality.subseries, false)} and the count was not asked for.`,
      };
    case 'loading':
      return { checked: false, reason: 'Not counted yet when the export started.' };
  }
}

/** A resampled result's partial buckets, by start. */
export function partialBuckets(report: QualityReport | null): ReadonlyMap<number, PartialBucket> {
  const out = new Map<number, PartialBucket>();
  if (report === null) return out;
  for (const item of report.partial)
    out.set(item.bucket.start, {
      end: item.bucket.end,
      text: `${formatInteger(item.expected)} of ${formatInteger(item.whole)}`,
    });
  return out;
}

/** One line above the results saying how complete they are. */
export function DataQualityLine({
  quality,
  timeZone,
  hrefFor,
}: {
  quality: DataQuality;
  timeZone: string;
  hrefFor: (item: QualityItem) => string;
}) {
  let body;
  switch (quality.status) {
    case 'unchecked':
    case 'error':
      body = quality.message;
      break;
    case 'ask':
      body = (
        <>
          Completeness over every {seriesNoun(quality.subseries, false)} is not counted yet.{' '}
          <button type="button" onClick={quality.count}>
            Count intervals (1 request)
          </button>
        </>
      );
      break;
    case 'loading':
      body = 'Counting intervals…';
      break;
    case 'ready':
      body = (
        <>
          <ReportText
            report={quality.report}
            resampled={quality.resampled}
            subseries={quality.subseries}
            tz={timeZone}
            hrefFor={hrefFor}
          />
          {quality.truncatedAt !== null &&
            ` · counted over the first ${formatInteger(quality.truncatedAt)} buckets only`}
        </>
      );
  }
  return (
    <p className={styles.quality} aria-label="Data quality" aria-live="polite">
      {body}
    </p>
  );
}
