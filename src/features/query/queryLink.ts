/**
 * Everything the builder reads from its link, in one place: the API's parameter names translated
 * (`apiParamsLink.ts`), the builder's keys read (`queryUrl.ts`), the query fitted to the dataset
 * (`fitToDataset.ts`) and its typed times read by the rules of typing them (`typedTime.ts`). What
 * could not be read is collected for the link notice; a time that cannot be read stops the query
 * until it is fixed, exactly as when it was typed.
 */
import type { Dataset } from '@/contract';
import { unknownLinkSettings, type UnreadSetting } from '@/lib/linkSettings';
import { translateApiParamsLink } from './apiParamsLink';
import { fitToDataset } from './fitToDataset';
import { QUERY_KEY_LABELS, queryUrlCodec, readQueryState, type QueryState } from './queryUrl';
import { tableViewCodec } from './tableView';
import { resolveTypedTimes, TIME_FIELDS, type TimeField } from './typedTime';

export interface QueryLink {
  /** The query as the link gives it, for the form: a time it cannot read stays as written. */
  state: QueryState;
  /** The query to run, its typed times made absolute; null while one of them cannot be read. */
  ready: QueryState | null;
  /**
   * What the page builds its requests from: `ready`, or while it is null a query that holds no
   * typed time at all (the latest rows, every vintage), so no request can carry a time the builder
   * could not read. The page runs nothing while it waits; this only keeps every request well-formed.
   */
  request: QueryState;
  /** Why each time in use cannot be read, for its field. */
  timeErrors: Partial<Record<TimeField, string>>;
  /** Every setting of the link that was not used, for the notice. */
  unread: UnreadSetting[];
}

/** Every name the builder's page reads from its URL. */
const KNOWN = ['v', ...Object.keys(queryUrlCodec.shape), ...Object.keys(tableViewCodec.shape)];

/**
 * The first sentence of a typed-time message, as a clause of the notice: `“2025-13-01” is not a
 * real date or time` (the field beside it keeps the whole message with the forms it takes).
 */
function clauseOf(message: string): string {
  const sentence = /^((?:“.*”)?[^“.]*)\./.exec(message)?.[1] ?? message;
  return sentence.replace(/\s*\([^)]*\)$/, '').replace(/^The /, 'the ');
}

export function readQueryLink(search: URLSearchParams, dataset: Dataset, nowMs: number): QueryLink {
  const api = translateApiParamsLink(search);
  const params = api?.params ?? search;
  const read = readQueryState(params);
  const fit = fitToDataset(read.state, dataset);
  const unread = [...(api?.unread ?? []), ...read.unread, ...fit.unread];
  // A link of an unknown version was set aside whole; its names are not worth listing one by one.
  if (!read.setAside) unread.push(...unknownLinkSettings(params, KNOWN));
  const times = resolveTypedTimes(fit.state, nowMs);
  if (times.ok) return { state: fit.state, ready: times.state, request: times.state, timeErrors: {}, unread };
  for (const field of TIME_FIELDS) {
    const message = times.errors[field];
    if (message === undefined) continue;
    unread.push({
      label: QUERY_KEY_LABELS[field],
      problem: clauseOf(message),
      instead: 'the query waits until it is fixed in the form',
    });
  }
  const request: QueryState = { ...fit.state, range: 'latest', pt: 'all' };
  return { state: fit.state, ready: null, request, timeErrors: times.errors, unread };
}
