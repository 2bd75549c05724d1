/**
 * Colours of the heatmap: viridis (sequential, colour-blind safe, readable on both themes) for a
 * series of one sign, and the price map's RdBu centred on zero for one that crosses it. The ends
 * are the 2nd and 98th percentiles, so one spike does not flatten the rest.
 */
import { DIVERGING_STOPS, rampRgb, VIRIDIS_STOPS, type Rgb } from '@/lib/palettes';
import { quantile } from '@/lib/quantile';
import { presentValues } from './grid';

export interface HeatScale {
  lo: number;
  hi: number;
  diverging: boolean;
  color: (v: number) => Rgb;
  /** CSS gradient for the legend. */
  gradient: string;
}

export function heatScale(values: Float64Array): HeatScale {
  const sorted = presentValues(values).sort();
  let lo = quantile(sorted, 0.02);
  let hi = quantile(sorted, 0.98);
  if (!(hi > lo)) {
    lo = (sorted[0] ?? 0) - 1;
    hi = (sorted[sorted.length - 1] ?? 0) + 1;
  }
  const diverging = lo < 0 && hi > 0;
  if (diverging) {
    const m = Math.max(-lo, hi);
    return {
      lo: -m,
      hi: m,
      diverging,
      color: (v) => rampRgb(DIVERGING_STOPS, (v + m) / (2 * m)),
      gradient: `linear-gradient(to right, ${DIVERGING_STOPS.join(', ')})`,
    };
  }
  return {
    lo,
    hi,
    diverging,
    color: (v) => rampRgb(VIRIDIS_STOPS, (v - lo) / (hi - lo)),
    gradient: `linear-gradient(to right, ${VIRIDIS_STOPS.join(', ')})`,
  };
}
