/**
 * Colour ramps shared by the maps and heatmaps, both colour-blind safe and readable on the light
 * and the dark theme: ColorBrewer's RdBu for values around a centre, viridis for one-signed ones.
 */

/** RdBu, 9 classes, low (blue) to high (red). */
export const DIVERGING_STOPS = [
  '#2166ac',
  '#4393c3',
  '#92c5de',
  '#d1e5f0',
  '#f7f7f7',
  '#fddbc7',
  '#f4a582',
  '#d6604d',
  '#b2182b',
] as const;

/** Viridis, 10 stops, low (purple) to high (yellow). */
export const VIRIDIS_STOPS = [
  '#440154',
  '#482878',
  '#3e4989',
  '#31688e',
  '#26828e',
  '#1f9e89',
  '#35b779',
  '#6ece58',
  '#b5de2b',
  '#fde725',
] as const;

export type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff];
}

export function rgbToHex([r, g, b]: Rgb): string {
  return `#${((1 << 24) | (Math.round(r) << 16) | (Math.round(g) << 8) | Math.round(b)).toString(16).slice(1)}`;
}

/** The colour at `t` (0…1, clamped) along `stops`, interpolated linearly between neighbours. */
export function rampRgb(stops: readonly string[], t: number): Rgb {
  const x = Math.max(0, Math.min(1, t)) * (stops.length - 1);
  const lo = Math.floor(x);
  const hi = Math.min(stops.length - 1, lo + 1);
  const a = hexToRgb(stops[lo] ?? '#000000');
  const b = hexToRgb(stops[hi] ?? '#000000');
  const f = x - lo;
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}
