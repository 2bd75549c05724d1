/**
 * The colour scale of the price map: ColorBrewer's RdBu (colour-blind safe), blue below the centre
 * and red above it, white-grey at the centre.
 *
 * Each side of the centre spans its own data: blue runs from the low end to the centre and red from
 * the centre to the high end, so a lopsided interval (a few locations below the hub, hundreds above)
 * still spreads both sides over distinguishable colours. When every value lies on one side (prices
 * all above a centre of zero), that side's ramp spans the values themselves, pale to dark, and the
 * centre's white is left to the centre: measured from a centre far away ($0 against prices of
 * $920–940) they would all be one dark red. The ends are the clip percentiles, so one $5,000 spike
 * does not wash out every other location; a value beyond an end takes that end's colour, on both
 * sides. A clip never crosses the centre: when a percentile falls on the far side of it, that side
 * reaches its extreme value instead, so a value below the centre is never drawn red, nor one above
 * it blue. The legend draws exactly the part of the ramp in use, labelled with its values.
 */
import { formatNumber } from '@/lib/format';
import { DIVERGING_STOPS, hexToRgb, rampRgb, rgbToHex } from '@/lib/palettes';
import { quantile } from '@/lib/quantile';

/** Percentiles cut off at each end (p2/p98 by default); 0 = the full range. */
export const CLIP_CHOICES = [0, 1, 2, 5, 10] as const;
export type Clip = (typeof CLIP_CHOICES)[number];

const LUT_SIZE = 101;
const MID_LUT = (LUT_SIZE - 1) / 2;

/** 101 colours from −1 to +1, interpolated once, so colouring a marker is a lookup. */
export const COLOR_LUT: readonly string[] = Array.from({ length: LUT_SIZE }, (_, i) =>
  rgbToHex(rampRgb(DIVERGING_STOPS, i / (LUT_SIZE - 1))),
);

/**
 * Where a one-sided scale starts, as a position: a tint off the centre's white, so no value is
 * drawn in the centre's colour unless it is at the centre of a two-sided scale.
 */
const ONE_SIDED_START = 0.1;

/** What sets one end of the scale: the clip percentile, or the data's extreme (no clip, or the percentile lies across the centre). */
type ScaleEnd = 'clip' | 'extreme';

/** Which sides of the centre the values lie on. */
type ScaleSides = 'both' | 'above' | 'below' | 'none';

export interface ColorScale {
  center: number;
  sides: ScaleSides;
  /** The values drawn in the low and high end colours; `low ≤ center ≤ high` when the sides are both. */
  low: number;
  high: number;
  lowEnd: ScaleEnd;
  highEnd: ScaleEnd;
  clip: Clip;
  /** The lowest and highest values drawn (NaN when there are none). */
  min: number;
  max: number;
  /** How many values lie beyond each end and take its colour. */
  belowCount: number;
  aboveCount: number;
  clippedCount: number;
  count: number;
  color(value: number | null): string;
  /**
   * −1…+1 position of a value on the ramp (clamped): −1 at `low`, 0 at the centre, +1 at `high`
   * on a two-sided scale; ONE_SIDED_START…1 from `low` to `high` above the centre (mirrored below).
   */
  position(value: number): number;
}

/** Markers without a price at the interval. */
const NO_VALUE_COLOR = '#8a8f96';

const clamp01 = (x: number): number => Math.max(0, Math.min(1, x));

export function buildScale(values: readonly (number | null)[], center: number, clip: Clip): ColorScale {
  const sorted = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  const min = sorted[0] ?? Number.NaN;
  const max = sorted[sorted.length - 1] ?? Number.NaN;
  const clipLow = quantile(sorted, clip / 100);
  const clipHigh = quantile(sorted, 1 - clip / 100);
  const sides: ScaleSides =
    min < center ? (max > center ? 'both' : 'below') : max > center ? 'above' : 'none';

  let lowEnd: ScaleEnd = clip > 0 ? 'clip' : 'extreme';
  let highEnd: ScaleEnd = lowEnd;
  if (sides === 'both') {
    if (clipLow >= center) lowEnd = 'extreme';
    if (clipHigh <= center) highEnd = 'extreme';
  }
  let low = lowEnd === 'clip' ? clipLow : min;
  let high = highEnd === 'clip' ? clipHigh : max;
  if (sides === 'none') low = high = center;
  const width = high - low;

  // Each comparison also keeps a divisor away from zero: a stretch is scaled only when it has width.
  const position = (value: number): number => {
    if (sides === 'above')
      return width > 0 ? ONE_SIDED_START + (1 - ONE_SIDED_START) * clamp01((value - low) / width) : 1;
    if (sides === 'below')
      return width > 0 ? -1 + (1 - ONE_SIDED_START) * clamp01((value - low) / width) : -1;
    if (value > center) return high > center ? Math.min(1, (value - center) / (high - center)) : 0;
    if (value < center) return low < center ? Math.max(-1, (value - center) / (center - low)) : 0;
    return 0;
  };
  let belowCount = 0;
  let aboveCount = 0;
  for (const v of sorted) {
    if (v < low) belowCount++;
    else if (v > high) aboveCount++;
  }
  return {
    center,
    sides,
    low,
    high,
    lowEnd,
    highEnd,
    clip,
    min,
    max,
    belowCount,
    aboveCount,
    clippedCount: belowCount + aboveCount,
    count: sorted.length,
    position,
    color(value) {
      if (value === null || !Number.isFinite(value)) return NO_VALUE_COLOR;
      return COLOR_LUT[lutIndex(position(value))] ?? NO_VALUE_COLOR;
    },
  };
}

const lutIndex = (position: number): number => Math.round((position + 1) * MID_LUT);

/** Dollars at `decimals`, with the sign of the rounded value, so nothing reads "−$0.00". */
function dollars(value: number, decimals: number): string {
  const factor = 10 ** decimals;
  const rounded = Math.round(Math.abs(value) * factor) / factor;
  return `${value < 0 && rounded > 0 ? '−' : ''}$${formatNumber(rounded, { decimals })}`;
}

/** A price or a difference of prices, to the cent. */
export const money = (value: number | null): string => (value === null ? '—' : dollars(value, 2));

/** A span this wide or wider is labelled in whole dollars; a narrower one needs the cents to tell values apart. */
const WHOLE_DOLLARS_FROM = 10;

/**
 * A value printed on the map (a cluster's mean), as short as the scale's range allows: whole
 * dollars on a range of $10 or more, cents on a narrower one (a ±$4 basis map reads −$0.40 and
 * $0.40, not −$0 and $0).
 */
export function scaleLabel(value: number, scale: Pick<ColorScale, 'low' | 'high'>): string {
  return dollars(value, scale.high - scale.low >= WHOLE_DOLLARS_FROM ? 0 : 2);
}

export interface LegendText {
  /** The values under the bar's left end, middle and right end. */
  low: string;
  mid: string;
  high: string;
  /** One sentence for everyone, screen readers included: what the colours mean at this interval. */
  summary: string;
}

const BAR_STEPS = 10;

/**
 * The colours of the legend's bar, left to right, as the scale draws the values under them: the
 * part of the ramp in use (pale to dark red alone when nothing is below the centre), so the bar's
 * ends are the end colours and each label sits under its own value's colour. A two-sided bar puts
 * the centre in the middle, each half linear in its side's values.
 */
export function legendColors(scale: ColorScale): string[] {
  if (scale.low === scale.high) return [scale.color(scale.low)];
  const half = BAR_STEPS / 2;
  const values: number[] = [];
  for (let k = 0; k <= BAR_STEPS; k++) {
    values.push(
      scale.sides !== 'both'
        ? scale.low + ((scale.high - scale.low) * k) / BAR_STEPS
        : k <= half
          ? scale.low + ((scale.center - scale.low) * k) / half
          : scale.center + ((scale.high - scale.center) * (k - half)) / half,
    );
  }
  return values.map((v) => scale.color(v));
}

/**
 * The value at the middle of the bar: the centre on a two-sided scale; else halfway, as a
 * one-sided bar is linear in the value.
 */
export function legendMidValue(scale: ColorScale): number {
  return scale.sides === 'both' ? scale.center : (scale.low + scale.high) / 2;
}

const locations = (n: number): string => `${n} location${n === 1 ? '' : 's'}`;

function centreSentence(scale: ColorScale, centre: string, noun: string): string {
  switch (scale.sides) {
    case 'both':
      return `Blue below, red above the centre, ${centre}.`;
    case 'above':
      return scale.min > scale.center
        ? `Centre ${centre} is below every ${noun} shown, so all are red, pale to dark.`
        : `No ${noun} shown is below the centre, ${centre}, so all are red, pale to dark.`;
    case 'below':
      return scale.max < scale.center
        ? `Centre ${centre} is above every ${noun} shown, so all are blue, dark to pale.`
        : `No ${noun} shown is above the centre, ${centre}, so all are blue, dark to pale.`;
    case 'none':
      return `Every ${noun} shown is at the centre, ${centre}.`;
  }
}

function endName(end: ScaleEnd, percentile: number, extreme: string): string {
  return end === 'clip' ? `p${percentile}` : extreme;
}

function clipSentence(scale: ColorScale): string {
  if (scale.clip === 0) return 'No clipping.';
  const at = [
    scale.lowEnd === 'clip' ? `p${scale.clip}` : null,
    scale.highEnd === 'clip' ? `p${100 - scale.clip}` : null,
  ].filter((p) => p !== null);
  if (at.length === 0) return `Nothing clipped: p${scale.clip} and p${100 - scale.clip} lie at the centre.`;
  const beyond = [
    scale.belowCount > 0
      ? `${locations(scale.belowCount)} below ${money(scale.low)} take the low end colour`
      : null,
    scale.aboveCount > 0
      ? `${scale.belowCount > 0 ? scale.aboveCount : locations(scale.aboveCount)} above ${money(scale.high)} take the high end colour`
      : null,
  ].filter((p) => p !== null);
  return `Clipped at ${at.join(' and ')}: ${beyond.length ? beyond.join('; ') : 'no location lies beyond'}.`;
}

/**
 * The legend in words. `centerName`: `zero` or `HB_NORTH's price`; `noun`: what a marker shows
 * (`price`, or `value` for a basis or DART map).
 */
export function legendText(scale: ColorScale, centerName: string, noun = 'price'): LegendText {
  const centre = `${money(scale.center)} (${centerName})`;
  const low = money(scale.low);
  const high = money(scale.high);
  const lowName = endName(scale.lowEnd, scale.clip, 'the lowest');
  const highName = endName(scale.highEnd, 100 - scale.clip, 'the highest');
  const range =
    scale.sides === 'none'
      ? ''
      : scale.low === scale.high
        ? ` Every ${noun} from ${lowName} to ${highName} is ${low}.`
        : ` Colours run from ${low} (${lowName}) to ${high} (${highName}).`;
  return {
    low,
    mid: money(legendMidValue(scale)),
    high,
    summary: `${centreSentence(scale, centre, noun)}${range} ${clipSentence(scale)}`,
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
