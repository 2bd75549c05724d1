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
  /** 256 colours from `lo` to `hi`, RGB packed three bytes each: colouring a cell is a lookup. */
  lut: Uint8Array;
  /** The LUT index of a value (clamped to the ends). */
  index: (v: number) => number;
  /** CSS gradient for the legend. */
  gradient: string;
  /**
   * What the ends are: the 2nd and 98th percentiles; the lowest and highest value when those two
   * are equal; or, when every value is the same, that value ± 1 (a range no value spans, so the
   * caption names the one value instead).
   */
  basis: 'percentiles' | 'range' | 'single';
}

const LUT_SIZE = 256;

function lutOf(stops: readonly string[]): Uint8Array {
  const lut = new Uint8Array(LUT_SIZE * 3);
  for (let i = 0; i < LUT_SIZE; i++) {
    const [r, g, b]: Rgb = rampRgb(stops, i / (LUT_SIZE - 1));
    lut[3 * i] = Math.round(r);
    lut[3 * i + 1] = Math.round(g);
    lut[3 * i + 2] = Math.round(b);
  }
  return lut;
}

/** The scale of the values present; null when there are none, which no range of colours can stand for. */
export function heatScale(values: Float64Array): HeatScale | null {
  const sorted = presentValues(values).sort();
  if (sorted.length === 0) return null;
  let lo = quantile(sorted, 0.02);
  let hi = quantile(sorted, 0.98);
  let basis: HeatScale['basis'] = 'percentiles';
  if (!(hi > lo)) {
    lo = sorted[0] ?? 0;
    hi = sorted[sorted.length - 1] ?? 0;
    basis = 'range';
  }
  if (!(hi > lo)) {
    lo -= 1;
    hi += 1;
    basis = 'single';
  }
  const diverging = lo < 0 && hi > 0;
  if (diverging) {
    const m = Math.max(-lo, hi);
    lo = -m;
    hi = m;
  }
  const stops = diverging ? DIVERGING_STOPS : VIRIDIS_STOPS;
  const scale = (LUT_SIZE - 1) / (hi - lo);
  return {
    lo,
    hi,
    diverging,
    lut: lutOf(stops),
    index: (v) => Math.max(0, Math.min(LUT_SIZE - 1, Math.round((v - lo) * scale))),
    gradient: `linear-gradient(to right, ${stops.join(', ')})`,
    basis,
  };
}
