/** The plan of a query: what `planQuery` hands the executor, with every rule of contract §6 applied. */
import type { ColumnType, Frequency, Order, ResampleFunction } from '@/contract';
import type { DatasetDef, SeriesMember, Millis, RawCell } from '@/mock/data/types';
import type { CursorPosition } from '../cursor';
import type { Zone } from '@/time';

/** One column of the output: where its value comes from and how it is written. */
export interface OutputColumn {
  name: string;
  type: ColumnType;
  unit: string | null;
  description: string;
  /** Index of the value in the source row (a dataset row, or a resampled row). */
  source: number;
  /** A `_local` twin: written in the query's zone instead of UTC. */
  local: boolean;
}

export type PublishMode =
  { kind: 'all' } | { kind: 'latest' } | { kind: 'latest_report' } | { kind: 'at'; at: Millis };

export interface ResamplePlan {
  frequency: Frequency;
  fn: ResampleFunction;
  /** Indices of the group columns in the dataset row. */
  groupBy: number[];
  /** Indices of the aggregated numeric columns in the dataset row. */
  values: number[];
}

export interface QueryPlan {
  def: DatasetDef;
  zone: Zone;
  order: Order;
  page: number;
  pageSize: number;
  limit: number | null;
  cursorMode: boolean;
  /** Index, in the ordered result, of the first row of this page. */
  offset: number;
  /** Cursor mode past the first page: where the page's first row is in the walk. */
  resume: CursorPosition | null;
  fingerprint: string;
  /** Time-index bounds: `lo` inclusive, `hi` exclusive. */
  lo: Millis;
  hi: Millis;
  /** `time=latest`: keep only the latest time-index value among the rows that pass the rest. */
  latest: boolean;
  /** Locations to walk (a subset when filtered by location); null without a subseries column. */
  locations: readonly SeriesMember[] | null;
  /** A filter that must look at generated rows; null when bounds and the location subset say it all. */
  rowFilter: ((row: readonly RawCell[]) => boolean) | null;
  publish: PublishMode;
  publishLo: Millis;
  publishHi: Millis;
  resample: ResamplePlan | null;
  columns: OutputColumn[];
}
