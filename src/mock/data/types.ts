/**
 * The mock's data model: how a dataset is described and how its rows are produced on demand.
 *
 * Nothing is materialised. A dataset's rows form a grid
 *     time index (regular grid of `stepMs`)  ×  subseries (locations, sorted by name bytes)  ×  publish time (vintages)
 * and any cell is a pure function of (dataset, location, time[, publish time]) and a fixed seed.
 * The query engine walks index ranges of this grid, so a query costs what it examines.
 *
 * Times are epoch milliseconds (UTC) everywhere inside the mock; the engine formats them.
 */
import type { Cadence, ColumnType, LocationType } from '@/contract';
import type { VintageWindow } from './vintageWindow';

/** Epoch milliseconds, UTC. */
export type Millis = number;

/** A cell as generated: timestamps are `Millis` numbers (the engine formats TIMESTAMP columns). */
export type RawCell = string | number | boolean | null;

export interface ColumnDef {
  name: string;
  type: ColumnType;
  description: string;
  unit: string | null;
}

/** A pricing location of the registry (contract §8), before formatting for the wire. */
export interface LocationDef {
  /** Position in the registry, which is sorted by `location` in byte order. */
  index: number;
  gsEntityId: string;
  location: string;
  locationType: LocationType;
  zone: string | null;
  latitude: number | null;
  longitude: number | null;
  /** First interval start with rows in the price datasets. */
  firstSeen: Millis;
  /** Retirement: no rows at or after this instant. `null` for a location still active. */
  retiredAt: Millis | null;
}

export interface DatasetDef {
  id: string;
  name: string;
  description: string;
  cadence: Cadence;
  /** Spacing of the time-index grid. For IRREGULAR datasets the grid the samples sit on (10 s). */
  stepMs: Millis;
  timeIndexColumn: 'interval_start_utc' | 'time_utc';
  subseriesColumn: 'location' | null;
  publishTimeColumn: 'publish_time_utc' | null;
  /** Every column in output order, time columns included. */
  columns: readonly ColumnDef[];
  /** First time-index value (inclusive). Aligned to the grid. */
  firstTime(now: Millis): Millis;
  /** Last time-index value as of `now` (inclusive). Aligned to the grid. May lie in the future (forecasts, day-ahead). */
  lastTime(now: Millis): Millis;
  /** Locations of the subseries, sorted by name bytes; `null` for datasets without a subseries column. */
  locations: readonly LocationDef[] | null;
  /**
   * Vintages (publish times) that exist for interval `t` as of `now`, ascending.
   * `null` for datasets without a publish column.
   */
  vintages: ((t: Millis, now: Millis) => readonly Millis[]) | null;
  /** The regular rule `vintages` follows, when it has one: rows are then counted in closed form. */
  vintageWindow?: VintageWindow;
  /**
   * The row at (t, location, publish) as cells in `columns` order. The caller guarantees the
   * combination exists (t on the grid and in range, location active at t, publish a vintage of t).
   */
  row(t: Millis, location: LocationDef | null, publish: Millis | null): RawCell[];
}
