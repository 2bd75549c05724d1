/**
 * Saved work (issue 28, docs/decisions/0023-saved-work.md): what a saved view, a history entry and
 * a page's offer to be saved are. A view is its page's URL (path and query string, the app's base
 * left out), so opening one restores it exactly as its link would, plus what the library lists
 * (kind, datasets, time range), what a colleague needs to re-run it elsewhere (the equivalent API
 * requests, never the key) and the analyst's own words (name, note, annotations).
 */
import type { Annotation } from '@/lib/annotations';

/** The pages whose state can be saved. */
export const VIEW_KINDS = [
  'query',
  'compare',
  'priceMap',
  'locations',
  'location',
  'dailyPeak',
  'today',
] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

export const VIEW_KIND_LABELS: Record<ViewKind, string> = {
  query: 'Query',
  compare: 'Compare',
  priceMap: 'Price map',
  locations: 'Locations',
  location: 'Location',
  dailyPeak: 'Peak report',
  today: 'The grid today',
};

/** One API request a view makes, as the export sidecar writes it: the key is never in it. */
interface ViewRequest {
  /** The dataset it reads, or null for a request that is not a dataset query (locations, report). */
  dataset: string | null;
  /** The whole request a script would send, server included (`https://…/v1/datasets/…/query?…`). */
  url: string;
  /** Its query parameters, as sent. */
  parameters: Record<string, string | number | boolean>;
}

/** What a page hands over when the user saves it: everything but the analyst's own words. */
export interface ViewDescriptor {
  kind: ViewKind;
  /** The page's route and query string under the app's base: `/datasets/ercot_spp/query?…`. */
  path: string;
  /** A name to offer when the view is saved for the first time. */
  suggestedName: string;
  /** The datasets it reads, for the library's list and filter. */
  datasets: string[];
  /** Its time range in words (`2026-11-18 → 2026-11-25, US/Central`), or null when it has none. */
  timeRange: string | null;
  /** The server the view was built against, as a script would call it (base URL before `/v1`). */
  server: string;
  requests: ViewRequest[];
  /** A few values (at most 64) to draw as a sparkline in the library, or null. */
  sparkline: number[] | null;
}

export interface SavedView extends Omit<ViewDescriptor, 'suggestedName'> {
  /** A random UUID: stable across export and import, so importing a file twice replaces, never duplicates. */
  id: string;
  name: string;
  note: string;
  annotations: Annotation[];
  starred: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
  /** When it was last opened from the library, or null. */
  openedAt: number | null;
}

/** One query the app ran, recorded after the fact (history never delays a query). */
export interface HistoryEntry {
  /** Auto-increment key, assigned by the store. */
  id?: number;
  /** When the query finished (epoch ms). */
  at: number;
  kind: ViewKind;
  /** The page's URL (path and query string) when it ran: re-opening goes back there. */
  path: string;
  /** What it asked, in words: `ercot_spp · HB_NORTH · last 7 days, hourly`. */
  label: string;
  dataset: string | null;
  server: string;
  request: ViewRequest;
  /** Rows it returned (the total the server reported, when it did), or null when it failed. */
  rows: number | null;
  /**
   * The server had more rows past these: `rows` counts a first page (the query builder's table
   * reads the rest as it scrolls), or a series cut at its cap. Absent in entries written before it.
   */
  moreRows?: boolean;
  durationMs: number;
  /** The server's message when it failed, else null. */
  error: string | null;
  /**
   * Entries with the same key collapse into one (the price map's step batches: one entry per view),
   * counting how many queries they stand for.
   */
  groupKey: string;
  queries: number;
  /** 1 when starred (kept past the bound); a number, because IndexedDB cannot index booleans. */
  starred: 0 | 1;
}

/** History keeps this many unstarred entries, the newest; starred ones are kept beyond it. */
export const HISTORY_LIMIT = 5_000;
