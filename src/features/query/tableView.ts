/**
 * How the results table is laid out, in the URL beside the query: which columns show, which are
 * pinned to the start, in what order. Display only: changing it never runs the query again.
 *
 * Decision: by default the table shows one timestamp, the interval start in the chosen zone
 * (`interval_start_local` when a zone is set, else `interval_start_utc`), and hides its three
 * twins (the end, and the other zone's start and end) unless asked, so the location and the value
 * are on screen at 1,400 px. The URL holds only departures from that default (`show`, `hide`), so a
 * link keeps meaning the same when the default columns differ (another zone, another dataset).
 */
import { z } from 'zod';
import type { DatasetColumn } from '@/contract';
import type { TableView } from '@/components/TableColumnsMenu';
import { defineUrlState, readUrlState, writeUrlState, type UrlStateOf } from '@/lib/urlState';

const NAME_LIST = /^[A-Za-z0-9_]+(?:,[A-Za-z0-9_]+)*$/;
const nameList = z
  .string()
  .max(2000)
  .regex(NAME_LIST)
  .transform((s) => s.split(','));

export const tableViewCodec = defineUrlState(
  { show: nameList, hide: nameList, pin: nameList, corder: nameList },
  { show: [], hide: [], pin: [], corder: [] },
);
export type TableViewState = UrlStateOf<typeof tableViewCodec.shape>;

/** The interval's four timestamps: its start and end, in UTC and in the chosen zone. */
function timestampFamily(timeIndex: string): string[] {
  const local = timeIndex.replace(/_utc$/, '_local');
  const end = (name: string) => name.replace('_start_', '_end_');
  return [...new Set([timeIndex, end(timeIndex), local, end(local)])];
}

/** The columns hidden unless asked: the interval's timestamps other than its start in the chosen zone. */
export function defaultHiddenColumns(columns: readonly DatasetColumn[], timeIndex: string): string[] {
  const names = new Set(columns.map((c) => c.name));
  const family = timestampFamily(timeIndex).filter((n) => names.has(n));
  const local = timeIndex.replace(/_utc$/, '_local');
  const shown = names.has(local) && local !== timeIndex ? local : timeIndex;
  return family.filter((n) => n !== shown);
}

/** The table's view: the defaults with the URL's departures applied. */
export function tableViewOf(
  state: TableViewState,
  columns: readonly DatasetColumn[],
  timeIndex: string,
): TableView {
  const names = new Set(columns.map((c) => c.name));
  const hidden = new Set([...defaultHiddenColumns(columns, timeIndex), ...state.hide]);
  for (const name of state.show) hidden.delete(name);
  const visible = columns.filter((c) => !hidden.has(c.name));
  // Never a table of no columns, whatever a link says.
  if (visible.length === 0 && columns[0]) hidden.delete(columns[0].name);
  return {
    hidden: [...hidden].filter((n) => names.has(n)),
    pinned: state.pin.filter((n) => names.has(n)),
    order: state.corder.filter((n) => names.has(n)),
  };
}

/** The URL's departures for a view the user set. */
export function tableViewState(
  view: TableView,
  columns: readonly DatasetColumn[],
  timeIndex: string,
): TableViewState {
  const defaults = new Set(defaultHiddenColumns(columns, timeIndex));
  const hidden = new Set(view.hidden);
  return {
    show: [...defaults].filter((n) => !hidden.has(n)),
    hide: [...hidden].filter((n) => !defaults.has(n)),
    pin: [...view.pinned],
    corder: [...view.order],
  };
}

export function readTableView(params: URLSearchParams): TableViewState {
  return readUrlState(tableViewCodec, params).state;
}

export function writeTableView(state: TableViewState, base: URLSearchParams): URLSearchParams {
  return writeUrlState(tableViewCodec, state, base);
}
