/**
 * What the workspace knows of one series once its data is loaded, aligned and derived: the shape
 * every view (chart, table, statistics, events, forecast) reads.
 */
import type { ChartProgress } from '@/api/query/chartRows';
import type { SeriesSpec } from '@/compare/compareWorkspace';
import type { UnknownName } from '@/lib/nearestNames';
import type { EmptiedCounts } from './expression';

export interface SeriesResult {
  spec: SeriesSpec;
  label: string;
  unit: string | null;
  /** On the grid, NaN where missing; null until it can be computed. */
  values: Float64Array | null;
  loading: boolean;
  /** A fetch error (ApiError) or a message about the series' definition. */
  error: unknown;
  progress: ChartProgress | null;
  capped: boolean;
  /** Stopped by the user before its data arrived. */
  cancelled: boolean;
  /** Stops the fetch (data series only). */
  cancel?: () => void;
  /** Fetches it again after an error or a cancel (data series only). */
  retry?: () => void;
  /** A location filter naming no known location (data series only): the series is not fetched. */
  unknownLocation: UnknownName | null;
  /** Intervals a derived series left empty itself, by reason (derived series only). */
  emptied: EmptiedCounts | null;
  /**
   * Text in the series' field that is not applied (derived series only): still within the pause
   * after typing, or not valid (`problem`). The values and label are still the applied expression's.
   */
  editing: { text: string; problem: string | null } | null;
}
