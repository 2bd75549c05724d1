/**
 * A finished query turned into a history entry: its request as a script would send it (the
 * export sidecar's URL, never the key), what it asked in words, and the group it collapses into.
 * Loaded by the recorder when the page is idle, never on a query's path.
 */
import { locationDayParams, snapshotParams } from '@/api/prices/fetchers';
import { datasetQueryRequest } from '@/api/apiRequest';
import { FILTER_OPERATOR_ALIASES, type DatasetQueryParams, type FilterOperator } from '@/contract';
import { FILTER_OPERATOR_INFO, RESAMPLE_FUNCTION_LABELS } from '@/lib/queryDescription';
import type { AnswerSummary, QuerySource } from './historySources';
import type { HistoryEntry, ViewKind } from './types';

/** One query as the recorder saw it: when it started and ended, where, and what came back. */
export interface FinishedQuery {
  source: QuerySource;
  kind: ViewKind;
  /** The page's path and query string (app base left out) when the query started. */
  path: string;
  server: string;
  /** When it finished, epoch ms. */
  at: number;
  durationMs: number;
  answer: AnswerSummary;
  /** The error's message when it failed. */
  error: string | null;
}

/**
 * The price map's view, for collapsing its steps: its dataset, measure and market day. The step
 * (`i`), playback and the map's position change as the analyst steps and pans, not the view.
 */
const PRICE_MAP_VIEW_PARAMS = ['ds', 'm', 'day'] as const;

function viewIdentity(path: string, keep: readonly string[]): string {
  const [pathname = '', search = ''] = path.split('?', 2);
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of keep) {
    const value = params.get(name);
    if (value !== null && value !== '') kept.set(name, value);
  }
  const query = kept.toString();
  return query === '' ? pathname : `${pathname}?${query}`;
}

function groupKeyOf(query: FinishedQuery): string {
  if (query.source.type === 'snapshot') return `priceMap:${viewIdentity(query.path, PRICE_MAP_VIEW_PARAMS)}`;
  // The peak report's panels ask for one view's data: one entry per report shown.
  if (query.source.type === 'rows') return `dailyPeak:${query.path}`;
  // So are the grid today's panels: one entry per day shown.
  if (query.source.type === 'live') return `today:${query.path}`;
  return `once:${crypto.randomUUID()}`;
}

function requestOf(source: QuerySource): { dataset: string; params: DatasetQueryParams } {
  switch (source.type) {
    case 'snapshot':
      return { dataset: source.key.dataset, params: snapshotParams(source.key) };
    case 'locationDay':
      return { dataset: source.key.dataset, params: locationDayParams(source.key) };
    default:
      return { dataset: source.dataset, params: source.params };
  }
}

const readable = (time: string): string => time.replace('T', ' ');

const ALIASES: Partial<Record<string, FilterOperator>> = FILTER_OPERATOR_ALIASES;

function operatorSymbol(operator: string | undefined): string {
  if (operator === undefined) return '=';
  const canonical = operator in FILTER_OPERATOR_INFO ? (operator as FilterOperator) : ALIASES[operator];
  return canonical ? FILTER_OPERATOR_INFO[canonical].symbol : operator;
}

function timeWords(params: DatasetQueryParams): string {
  const zone = params.timezone ? ` (${params.timezone})` : '';
  if (params.start_time !== undefined || params.end_time !== undefined)
    return `${readable(params.start_time ?? 'start of data')} → ${readable(params.end_time ?? 'now')}${zone}`;
  if (params.time === 'latest') return 'latest';
  if (params.time !== undefined) return `at ${readable(params.time)}${zone}`;
  return `all times${zone}`;
}

/** `ERCOT SPP · location = HB_NORTH · 2025-07-14 → 2025-07-15 (UTC) · 1h mean · at most 10 rows`. */
function requestWords(datasetName: string, params: DatasetQueryParams): string {
  const parts = [datasetName];
  if (params.filter_column && params.filter_value !== undefined && params.filter_value !== '')
    parts.push(`${params.filter_column} ${operatorSymbol(params.filter_operator)} ${params.filter_value}`);
  else if (params.time !== undefined && params.columns?.startsWith('location,')) parts.push('every location');
  parts.push(timeWords(params));
  if (params.publish_time !== undefined) parts.push(`published ${readable(params.publish_time)}`);
  if (params.resample_frequency !== undefined) {
    const fn = params.resample_function ?? 'mean';
    parts.push(`${params.resample_frequency} ${RESAMPLE_FUNCTION_LABELS[fn]}`);
  }
  if (params.limit !== undefined) parts.push(`at most ${params.limit.toLocaleString('en-US')} rows`);
  return parts.join(' · ');
}

export function toHistoryEntry(query: FinishedQuery): HistoryEntry {
  const { dataset, params } = requestOf(query.source);
  return {
    at: query.at,
    kind: query.kind,
    path: query.path,
    label: requestWords(query.answer.datasetName ?? dataset, params),
    dataset,
    server: query.server,
    request: datasetQueryRequest(query.server, dataset, params),
    rows: query.error === null ? query.answer.rows : null,
    moreRows: query.answer.moreRows,
    durationMs: query.durationMs,
    error: query.error,
    groupKey: groupKeyOf(query),
    queries: 1,
    starred: 0,
  };
}
