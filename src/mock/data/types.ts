/**
 * The mock's data model: how a dataset is described and how its rows are produced on demand.
 *
 * Nothing is materialised. A dataset's rows form a grid
 *     time index (regular grid of `stepMs`)  ×  subseries (members, sorted by name bytes)  ×  publish time (vintages)
 * and any cell is a pure function of (dataset, member, time[, publish time]) and a fixed seed.
 * A subseries member is a pricing location, a generation resource or a transmission constraint. A
 * sparse dataset (`rowExists`) has a row only at the grid points where its predicate holds.
 * The query engine walks index ranges of this grid, so a query costs what it examines.
 *
 * Times are epoch milliseconds (UTC) everywhere inside the mock; the engine formats them.
 */
import type { Cadence, ColumnType, LocationType } from '@/contract';

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

/**
 * One member of a dataset's subseries: a pricing location, a generation resource, a constraint.
 * The engine walks members by `name` (the value of the subseries column) in byte order.
 */
export interface SeriesMember {
  /** Position in its registry, which is sorted by `name` in byte order. */
  index: number;
  /** The value of the dataset's subseries column for this member. */
  name: string;
  /** First interval start with rows. */
  firstSeen: Millis;
  /** Retirement: no rows at or after this instant. `null` for a member still active. */
  retiredAt: Millis | null;
}

/** A pricing location of the registry (contract §8), before formatting for the wire. */
export interface LocationDef extends SeriesMember {
  gsEntityId: string;
  location: string;
  locationType: LocationType;
  zone: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * A regular vintage rule (see vintageWindow.ts): interval index i has the vintages
 * j ∈ [max(0, i − before), min(i + after, J)], vintage j published at `firstPublish + j·stepMs`.
 */
export interface VintageWindow {
  firstPublish: Millis;
  stepMs: Millis;
  /** Vintages published up to this many steps before an interval's own vintage cover it. */
  before: number;
  /** Vintages published up to this many steps after it still repeat it (with its actuals). */
  after: number;
}

/** Subseries columns the mock's datasets have (contract §5, extended by decision 0026). */
type SubseriesColumn = 'location' | 'resource_name' | 'constraint_name';

export interface DatasetDef {
  id: string;
  name: string;
  description: string;
  cadence: Cadence;
  /** Spacing of the time-index grid. For IRREGULAR datasets the grid the samples sit on (10 s). */
  stepMs: Millis;
  timeIndexColumn: 'interval_start_utc' | 'time_utc';
  subseriesColumn: SubseriesColumn | null;
  publishTimeColumn: 'publish_time_utc' | null;
  /**
   * Primary key columns after the subseries, where one subseries value has several members (a
   * constraint watched under several contingencies). Members are sorted by these after the name.
   */
  extraKeyColumns?: readonly string[];
  /** Every column in output order, time columns included. */
  columns: readonly ColumnDef[];
  /**
   * How long after an interval starts its rows are published: absent (0) for data published as
   * the interval starts, 60 days for the SCED disclosure. `lastTime` and the publication runs of
   * /dataset-updates both follow it.
   */
  publicationDelayMs?: Millis;
  /** First time-index value (inclusive). Aligned to the grid. */
  firstTime(now: Millis): Millis;
  /** Last time-index value as of `now` (inclusive). Aligned to the grid. May lie in the future (forecasts, day-ahead). */
  lastTime(now: Millis): Millis;
  /** Members of the subseries, sorted by name bytes; `null` for datasets without a subseries column. */
  locations: readonly SeriesMember[] | null;
  /**
   * Vintages (publish times) that exist for interval `t` as of `now`, ascending.
   * `null` for datasets without a publish column.
   */
  vintages: ((t: Millis, now: Millis) => readonly Millis[]) | null;
  /** The regular rule `vintages` follows, when it has one: rows are then counted in closed form. */
  vintageWindow?: VintageWindow;
  /**
   * The row at (t, member, publish) as cells in `columns` order. The caller guarantees the
   * combination exists (t on the grid and in range, member active at t, publish a vintage of t,
   * `rowExists` true). A new array on every call: the engine keeps it and writes the page's
   * output cells into it.
   */
  row(t: Millis, member: SeriesMember | null, publish: Millis | null): RawCell[];
  /**
   * Sparse activity: a row exists at (t, member) only where this holds (a constraint binds).
   * Absent for dense datasets, whose every grid point within a member's life has a row. Pure, and
   * cheap enough to ask once per grid cell: the engine and the counts evaluate it cell by cell.
   */
  rowExists?: (t: Millis, member: SeriesMember | null) => boolean;
  /**
   * Columns whose value is a property of the member, the same in every row of it (a resource's
   * type and QSE, a constraint's contingency): a filter on one picks members, as a subseries
   * filter does, instead of generating every row to test it.
   */
  memberAttribute?: (column: string) => ((member: SeriesMember) => RawCell) | undefined;
}
