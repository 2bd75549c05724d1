/**
 * The data-quality line of a result (issue 26 §1–2): how many intervals the query's range should
 * hold (from the dataset's cadence; days of 23 and 25 hours counted as such, since the range is
 * counted in instants) against how many the server has, per location when the query names its
 * locations; the gaps and duplicates, the buckets of a resampled query that stand for only part of
 * themselves, and the DST days the range crosses.
 *
 * It is read from one request the server answers cheaply: the same query (range, zone, filter,
 * vintage) resampled with `count` into the query's own buckets, or into days when the query is not
 * resampled. Each answer row says how many source intervals sit in one bucket of one location.
 */
import type { SidecarQuality, SidecarQualityItem } from '@/api/exports/sidecar';
import { type Bucket, bucketOf, type Dataset, type DatasetQueryParams, type Frequency } from '@/contract';
import { CADENCE_MS } from '@/contract';
import { HOUR_MS, wallToInstant } from '@/time';
import { wallClockOf, zoneLabel } from './timeRange';

/** The largest page the contract allows: the count answer is read in one request. */
const QUALITY_PAGE_SIZE = 50_000;

const ONE_DAY: Frequency = { count: 1, unit: 'day' };

/** Counting buckets: the query's own when it resamples, else market days of the query's zone. */
export function qualityFrequency(resample: Frequency | null): Frequency {
  return resample ?? ONE_DAY;
}

/** An ISO timestamp as the API reads it: with an offset it is that instant, without one wall time in `tz`. */
export function instantOf(text: string, tz: string): number {
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) return Date.parse(text);
  const wall = Date.parse(`${text.length === 10 ? `${text}T00:00:00` : text}Z`);
  return Number.isNaN(wall) ? NaN : wallToInstant(wall, zoneLabel(tz));
}

export interface QualityScope {
  start: number;
  end: number;
  /** Where the dataset's data ends (exclusive): intervals after it are not published yet, not missing. */
  dataEnd: number;
  /** The locations the query names (filter `=` or `in` on the subseries column), else null. */
  groups: readonly string[] | null;
}

/**
 * The instants and locations a query covers, or why its completeness cannot be counted (then the
 * line says that instead of a number).
 */
export function qualityScope(
  dataset: Dataset,
  params: DatasetQueryParams,
  nowMs: number,
): QualityScope | { unchecked: string } {
  if (params.time !== undefined)
    return { unchecked: 'Completeness is counted for a time range, not for latest.' };
  if (dataset.cadence === 'IRREGULAR')
    return { unchecked: 'This dataset has no regular cadence, so no interval count can be expected.' };
  const vintaged = dataset.publish_time_column !== null;
  if (vintaged && params.publish_time !== 'latest')
    return { unchecked: 'Completeness is counted for the newest forecast vintage only.' };
  const tz = params.timezone ?? 'UTC';
  const dataEnd = Date.parse(dataset.latestData) + CADENCE_MS[dataset.cadence];
  const start = params.start_time ? instantOf(params.start_time, tz) : Date.parse(dataset.earliestData);
  const end = params.end_time ? instantOf(params.end_time, tz) : Math.min(nowMs, dataEnd);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start)
    return { unchecked: 'The range could not be read, so no interval count can be expected.' };
  const sub = dataset.subseries_index_column;
  let groups: string[] | null = null;
  if (sub !== null && params.filter_column === sub && params.filter_value !== undefined) {
    const op = params.filter_operator ?? '=';
    if (op === '=') groups = [params.filter_value.trim()];
    else if (op === 'in')
      groups = [
        ...new Set(
          params.filter_value
            .split(',')
            .map((v) => v.trim())
            .filter((v) => v !== ''),
        ),
      ];
  }
  return { start, end, dataEnd, groups };
}

/** The request that counts the query's source intervals per bucket (and per location). */
export function qualityParams(
  dataset: Dataset,
  params: DatasetQueryParams,
  frequencyText: string,
): DatasetQueryParams | null {
  const counted = dataset.all_columns.find((c) => c.is_numeric && c.name !== dataset.publish_time_column);
  if (!counted) return null;
  // The query's range, zone, filter and vintage; its columns, order, paging and resampling are replaced.
  const { timezone, start_time, end_time, filter_column, filter_value, filter_operator, publish_time } =
    params;
  const kept = { timezone, start_time, end_time, filter_column, filter_value, filter_operator, publish_time };
  const out: DatasetQueryParams = {
    resample_frequency: frequencyText,
    resample_function: 'count',
    columns: counted.name,
    page_size: QUALITY_PAGE_SIZE,
  };
  for (const [key, value] of Object.entries(kept))
    if (value !== undefined) Object.assign(out, { [key]: value });
  return out;
}

export interface BucketCount {
  start: number;
  group: string | null;
  count: number;
}

export interface QualityItem {
  kind: 'gap' | 'duplicate' | 'partial';
  bucket: Bucket;
  group: string | null;
  /** Intervals the bucket holds in the server's answer. */
  present: number;
  /** Intervals it should hold within the range and the published data. */
  expected: number;
  /** Intervals a whole bucket holds (partial buckets only). */
  whole: number;
}

export interface DstDay {
  /** Start of the day in the query's zone. */
  start: number;
  hours: number;
}

export interface QualityReport {
  expected: number;
  present: number;
  /** Intervals of the range after the data's end: not published yet. */
  unpublished: number;
  gaps: QualityItem[];
  duplicates: QualityItem[];
  partial: QualityItem[];
  dstDays: DstDay[];
  /** Locations asked for with no interval at all. */
  absentGroups: string[];
  groupCount: number;
}

/** Interval starts (multiples of the cadence from the epoch) in [from, to). */
function intervalsIn(from: number, to: number, cadence: number): number {
  if (to <= from) return 0;
  const first = Math.ceil(from / cadence) * cadence;
  return first >= to ? 0 : Math.ceil((to - first) / cadence);
}

/** Days of the zone in [start, end) that are not 24 hours long. */
export function dstDaysIn(start: number, end: number, tz: string): DstDay[] {
  const days: DstDay[] = [];
  const clock = wallClockOf(tz);
  let day = bucketOf(start, ONE_DAY, clock);
  // A range of many years crosses two DST days a year: the walk is by day, bounded by the range.
  while (day.start < end) {
    const hours = (day.end - day.start) / HOUR_MS;
    if (hours !== 24) days.push({ start: day.start, hours });
    day = bucketOf(day.end, ONE_DAY, clock);
  }
  return days;
}

/**
 * Compares the count of each bucket (per location) with what the range and cadence expect. A
 * resampled query's bucket cut by the range or by the data's end is `partial`; a bucket with fewer
 * intervals than its share of the range is a `gap`, with more a `duplicate`.
 */
export function qualityReport(
  scope: QualityScope,
  counts: readonly BucketCount[],
  cadence: number,
  frequency: Frequency,
  tz: string,
  resampled: boolean,
): QualityReport {
  const clock = wallClockOf(tz);
  const byBucket = new Map<number, Map<string | null, number>>();
  const seen = new Set<string | null>();
  for (const c of counts) {
    let row = byBucket.get(c.start);
    if (!row) byBucket.set(c.start, (row = new Map<string | null, number>()));
    row.set(c.group, (row.get(c.group) ?? 0) + c.count);
    seen.add(c.group);
  }
  const groups: (string | null)[] = scope.groups ? [...scope.groups] : seen.size > 0 ? [...seen] : [null];
  const report: QualityReport = {
    expected: 0,
    present: 0,
    unpublished: groups.length * intervalsIn(Math.max(scope.start, scope.dataEnd), scope.end, cadence),
    gaps: [],
    duplicates: [],
    partial: [],
    dstDays: dstDaysIn(scope.start, scope.end, tz),
    absentGroups: scope.groups ? scope.groups.filter((g) => !seen.has(g)) : [],
    groupCount: groups.length,
  };
  const last = Math.min(scope.end, scope.dataEnd);
  for (let bucket = bucketOf(scope.start, frequency, clock); bucket.start < last;) {
    const expected = intervalsIn(Math.max(bucket.start, scope.start), Math.min(bucket.end, last), cadence);
    const whole = intervalsIn(bucket.start, bucket.end, cadence);
    const row = byBucket.get(bucket.start);
    for (const group of groups) {
      const present = row?.get(group) ?? 0;
      report.expected += expected;
      report.present += present;
      const item = { bucket, group, present, expected, whole };
      if (present < expected) report.gaps.push({ ...item, kind: 'gap' });
      else if (present > expected) report.duplicates.push({ ...item, kind: 'duplicate' });
      if (resampled && present > 0 && expected < whole) report.partial.push({ ...item, kind: 'partial' });
    }
    bucket = bucketOf(bucket.end, frequency, clock);
  }
  return report;
}

/** Items listed in a sidecar at most: a query over every location can have thousands. */
const SIDECAR_LISTED = 1_000;

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, '+00:00');

function sidecarItem(item: QualityItem): SidecarQualityItem {
  return {
    start_utc: iso(item.bucket.start),
    end_utc: iso(item.bucket.end),
    location: item.group,
    intervals_present: item.present,
    intervals_expected: item.expected,
  };
}

/** The report as the export sidecar writes it. */
export function qualitySidecar(report: QualityReport): SidecarQuality {
  return {
    checked: true,
    intervals_expected: report.expected,
    intervals_present: report.present,
    intervals_not_published_yet: report.unpublished,
    locations: report.groupCount,
    locations_without_data: report.absentGroups,
    dst_days: report.dstDays.map((d) => ({ start_utc: iso(d.start), hours: d.hours })),
    gaps: report.gaps.slice(0, SIDECAR_LISTED).map(sidecarItem),
    duplicates: report.duplicates.slice(0, SIDECAR_LISTED).map(sidecarItem),
    partial_buckets: report.partial
      .slice(0, SIDECAR_LISTED)
      .map((item) => ({ ...sidecarItem(item), intervals_whole: item.whole })),
    listed_at_most: SIDECAR_LISTED,
    counts: {
      gaps: report.gaps.length,
      duplicates: report.duplicates.length,
      partial_buckets: report.partial.length,
    },
  };
}
