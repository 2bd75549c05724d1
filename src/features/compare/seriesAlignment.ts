/**
 * A data series' answer put onto the workspace's grid: for a forecast asked at a lead, the vintage
 * known that many hours ahead is picked first; then the points are bucketed with the series' day
 * shift. Kept per answer outside React, so the work runs again only when the series' definition
 * or the grid changes, not on every render.
 */
import { formatSeries, type DataSeries } from '@/compare/compareWorkspace';
import { pickAtLead } from './forecastError';
import { alignToGrid, type Grid } from './grid';
import type { SeriesPoints } from './seriesRequest';

function align(points: SeriesPoints, spec: DataSeries, grid: Grid): Float64Array {
  if (points.published && spec.lead !== null) {
    const picked = pickAtLead(
      { times: points.times, published: points.published, values: points.values },
      spec.lead,
    );
    return alignToGrid(grid, picked.times, picked.values, spec.shift);
  }
  return alignToGrid(grid, points.times, points.values, spec.shift);
}

const alignCache = new WeakMap<SeriesPoints, { sig: string; values: Float64Array }>();

/** `points` on `grid` as `spec` asks (NaN where missing); the same array while neither changes. */
export function alignedValues(points: SeriesPoints, spec: DataSeries, grid: Grid): Float64Array {
  const sig = `${formatSeries(spec)}|${grid.cadence}|${grid.zone}|${grid.times[0] ?? 0}|${grid.end}`;
  const hit = alignCache.get(points);
  if (hit?.sig === sig) return hit.values;
  const values = align(points, spec, grid);
  alignCache.set(points, { sig, values });
  return values;
}
