/**
 * Ways into the Compare workspace from other pages. "Add to compare" adds the series to the
 * workspace last opened in this tab (under its next free letter) or starts a new one; the
 * workspace is remembered in sessionStorage as the URL it was at, and nothing else is kept.
 */
import { DATASET_IDS } from '@/contract';
import { MARKET_TIME_ZONE } from '@/lib/format';
import { addDays, marketDateOf, MINUTE_MS, parseTimestamp, wallToInstant } from '@/time';
import { readUrlState } from '@/lib/urlState';
import {
  compareHref,
  compareUrlState,
  dataSeries,
  nextFreeKey,
  SERIES_KEYS,
  type CompareState,
  type DataSeries,
} from './compareWorkspace';

const STORAGE_KEY = 'gridscope.compare';

export function rememberWorkspace(search: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, search);
  } catch {
    // Storage may be off (private modes): "Add to compare" then starts a new workspace.
  }
}

function lastWorkspace(): CompareState | null {
  try {
    const search = window.sessionStorage.getItem(STORAGE_KEY);
    return search ? readUrlState(compareUrlState, new URLSearchParams(search)).state : null;
  } catch {
    return null;
  }
}

/** The last `days` complete market days before `now`. */
export function lastDays(days: number, now: number): { from: string; to: string } {
  const to = addDays(marketDateOf(now), -1);
  return { from: addDays(to, -(days - 1)), to };
}

/** An empty workspace over the last `days` market days, in market time. */
export const freshWorkspace = (now: number, days: number): Partial<CompareState> => ({
  ...lastDays(days, now),
  tz: MARKET_TIME_ZONE,
  grid: 'auto',
  view: 'chart',
  zoom: '',
  when: '',
  of: '',
  fc: '',
  act: '',
  ...Object.fromEntries(SERIES_KEYS.map((k) => [k, null])),
});

export type NewSeries = Omit<DataSeries, 'key' | 'kind'>;

/** The link that adds `series` to the current workspace, or opens a new one over `range`. */
export function addToCompareHref(
  series: NewSeries,
  range: { from: string; to: string; tz?: string } | null = null,
): string {
  const current = lastWorkspace();
  const key = current ? nextFreeKey(current) : 'A';
  const spec = dataSeries(key ?? 'A', series.dataset, series.column, series);
  if (current && key) return compareHref({ ...current, [key]: spec, zoom: '' });
  return compareHref({ A: spec, ...(range ?? {}) });
}

/** An API time bound as an instant: with an offset as written, without one in `zone` (contract §6.1). */
function instantOf(text: string | undefined, zone: string): number {
  if (text === undefined) return Number.NaN;
  const stamp = parseTimestamp(text);
  if (stamp === null) return Date.parse(text);
  return stamp.offsetMinutes === null
    ? wallToInstant(stamp.wall, zone)
    : stamp.wall - stamp.offsetMinutes * MINUTE_MS;
}

/**
 * A query's time bounds as the market dates they cover, at most a year, last date inclusive;
 * times without an offset are read in the query's `zone`, as the API reads them.
 */
export function marketRange(
  start: string | undefined,
  end: string | undefined,
  zone = 'UTC',
): { from: string; to: string } | null {
  const a = instantOf(start, zone);
  const b = instantOf(end, zone);
  if (!Number.isFinite(a) || !Number.isFinite(b) || b <= a) return null;
  const from = marketDateOf(a);
  const to = marketDateOf(b - 1);
  return to < addDays(from, 366) ? { from, to } : { from: addDays(to, -365), to };
}

/** The hub a node settles against: its load zone's hub (LZ_WEST → HB_WEST), else the hub average. */
export function hubOfZone(zone: string | null | undefined): string {
  const m = /^LZ_(\w+)$/.exec(zone ?? '');
  return m?.[1] ? `HB_${m[1]}` : 'HB_HUBAVG';
}

const at = (location: string): Partial<DataSeries> => ({ filterColumn: 'location', filterValue: location });

/** A node's real-time price against its hub's, and the basis between them, hourly over a week. */
export function nodeVsHub(node: string, hub: string, now: number): Partial<CompareState> {
  return {
    ...freshWorkspace(now, 7),
    A: dataSeries('A', DATASET_IDS.realTimeLmp, 'lmp', at(node)),
    B: dataSeries('B', DATASET_IDS.realTimeLmp, 'lmp', at(hub)),
    C: { kind: 'expr', key: 'C', expr: 'A - B' },
    grid: '1h',
    corr: 'A,B',
    when: 'C < -10',
  };
}

export function nodeVsHubHref(node: string, zone: string | null): string {
  return compareHref(nodeVsHub(node, hubOfZone(zone), Date.now()));
}
