/**
 * The diverging colour scale of the price map: ColorBrewer's RdBu (colour-blind safe), blue below
 * the centre and red above it, white-grey at the centre. The domain is symmetric around the centre
 * (equal colour = equal distance from it) and reaches the farther of the two clip percentiles, so
 * one $5,000 spike does not wash out every other location.
 */
import { formatNumber } from '@/lib/format';
import { DIVERGING_STOPS, hexToRgb, rampRgb, rgbToHex } from '@/lib/palettes';
import { quantile } from '@/lib/quantile';

/** Percentiles cut off at each end (p2/p98 by default); 0 = the full range. */
export const CLIP_CHOICES = [0, 1, 2, 5, 10] as const;
export type Clip = (typeof CLIP_CHOICES)[number];

const LUT_SIZE = 101;

/** 101 colours from −1 to +1, interpolated once, so colouring a marker is a lookup. */
export const COLOR_LUT: readonly string[] = Array.from({ length: LUT_SIZE }, (_, i) =>
  rgbToHex(rampRgb(DIVERGING_STOPS, i / (LUT_SIZE - 1))),
);

export interface ColorScale {
  center: number;
  /** Half the width of the domain: the colours run from center − half to center + half. */
  half: number;
  clip: Clip;
  /** The values at the clip percentiles (the lowest and highest values when clip is 0). */
  clipLow: number;
  clipHigh: number;
  /** How many values fall beyond the domain and take an end colour. */
  clippedCount: number;
  count: number;
  color(value: number | null): string;
  /** −1…+1 position of a value on the scale (clamped). */
  position(value: number): number;
}

/** Markers without a price at the interval. */
export const NO_VALUE_COLOR = '#8a8f96';

export function buildScale(values: readonly (number | null)[], center: number, clip: Clip): ColorScale {
  const sorted = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  const clipLow = sorted.length ? quantile(sorted, clip / 100) : center;
  const clipHigh = sorted.length ? quantile(sorted, 1 - clip / 100) : center;
  // Never zero: a flat interval (every price equal) still has a scale, all at its centre colour.
  const half = Math.max(Math.abs(clipLow - center), Math.abs(clipHigh - center), 0.01);
  const position = (value: number): number => Math.max(-1, Math.min(1, (value - center) / half));
  let clippedCount = 0;
  for (const v of sorted) if (Math.abs(v - center) > half) clippedCount++;
  return {
    center,
    half,
    clip,
    clipLow,
    clipHigh,
    clippedCount,
    count: sorted.length,
    position,
    color(value) {
      if (value === null || !Number.isFinite(value)) return NO_VALUE_COLOR;
      return COLOR_LUT[Math.round(((position(value) + 1) / 2) * (LUT_SIZE - 1))] ?? NO_VALUE_COLOR;
    },
  };
}

export const money = (value: number | null): string =>
  value === null ? '—' : `${value < 0 ? '−' : ''}$${formatNumber(Math.abs(value), { decimals: 2 })}`;

export interface LegendText {
  low: string;
  mid: string;
  high: string;
  /** One sentence for everyone, screen readers included: what the colours mean at this interval. */
  summary: string;
}

/** `centerName`: `zero` or `HB_NORTH's price`. */
export function legendText(scale: ColorScale, centerName: string): LegendText {
  const low = money(scale.center - scale.half);
  const high = money(scale.center + scale.half);
  const clipText =
    scale.clip === 0
      ? `No clipping (lowest ${money(scale.clipLow)}, highest ${money(scale.clipHigh)})`
      : `Clipped at p${scale.clip} (${money(scale.clipLow)}) and p${100 - scale.clip} (${money(scale.clipHigh)})`;
  const beyond =
    scale.clippedCount > 0
      ? `; ${scale.clippedCount} location${scale.clippedCount === 1 ? '' : 's'} beyond the range drawn in the end colours`
      : '';
  return {
    low,
    mid: money(scale.center),
    high,
    summary: `Blue below, red above the centre, ${money(scale.center)} (${centerName}). Colours run from ${low} to ${high}. ${clipText}${beyond}.`,
  };
}

/** Black or white, whichever reads better on `fill` (for the mean printed on a cluster). */
export function textOn(fill: string): string {
  const [r, g, b] = hexToRgb(fill).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}
