/** A chart row: an `x` (a time, an hour, a lead) and one value per series key, null where none. */
export type ChartRow = object;

/** Row's value under `key`, when it is a number. */
function numberAt(row: ChartRow | undefined, key: string): number | undefined {
  const v: unknown = row === undefined ? undefined : (row as Record<string, unknown>)[key];
  return typeof v === 'number' ? v : undefined;
}

/** Value → pixel; undefined where the value cannot be placed. */
export type Scale = (value: number) => number | undefined;

/** The linear map of [d0, d1] onto [r0, r1]; a degenerate domain maps to the range's middle. */
export function linear(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  const k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
  return (v) => (d1 === d0 ? (r0 + r1) / 2 : r0 + (v - d0) * k);
}

/**
 * About `count` ticks on round numbers (1, 2 or 5 × a power of ten) covering [lo, hi]; the first
 * and last are the axis' ends.
 */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || hi <= lo) return [lo, hi];
  const rough = (hi - lo) / Math.max(1, count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const residual = rough / magnitude;
  const step = (residual > 5 ? 10 : residual > 2 ? 5 : residual > 1 ? 2 : 1) * magnitude;
  const first = Math.floor(lo / step);
  const last = Math.ceil(hi / step);
  const ticks: number[] = [];
  // Multiplied, not accumulated, so 0.1 steps stay 0.3 and not 0.30000000000000004.
  for (let k = first; k <= last; k++) ticks.push(Number((k * step).toPrecision(12)));
  return ticks;
}

/** The lowest and highest value of `keys` in rows [from, to]; [0, 1] when there is none. */
export function valueRange(
  rows: readonly ChartRow[],
  keys: readonly string[],
  from = 0,
  to = rows.length - 1,
): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let r = from; r <= to; r++) {
    const row = rows[r];
    if (!row) continue;
    for (const key of keys) {
      const v = numberAt(row, key);
      if (v === undefined || Number.isNaN(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (lo > hi) return [0, 1];
  return lo === hi ? [lo - 1, hi + 1] : [lo, hi];
}

/** Round ticks for the y axis of `keys` in rows [from, to]. */
export function valueTicks(
  rows: readonly ChartRow[],
  keys: readonly string[],
  from = 0,
  to = rows.length - 1,
): number[] {
  const [lo, hi] = valueRange(rows, keys, from, to);
  return niceTicks(lo, hi);
}

/**
 * Each row's x in [from, to] as path text (one decimal), '' where the row has no x: worked out once
 * for all the bands of a stack (and both edges of each), which share the rows.
 */
export function pathXs(
  rows: readonly ChartRow[],
  x: (v: number) => number,
  from = 0,
  to = rows.length - 1,
): string[] {
  const out: string[] = [];
  for (let r = from; r <= to; r++) {
    const v = numberAt(rows[r], 'x');
    out.push(v === undefined || Number.isNaN(v) ? '' : x(v).toFixed(1));
  }
  return out;
}

/**
 * `M x,y L x,y …` through the non-null values of `key` in rows [from, to]. Gaps are bridged, or
 * with `gaps: 'break'` each one ends the line and the next value starts a new one (a stacked
 * chart, whose areas show gaps, draws its lines the same way). With `gaps` a number, a gap is
 * bridged only when the two values it lies between are at most that far apart on the x axis (a
 * sparse series has rows only where it binds); a value alone between two such gaps is a
 * zero-length piece, which a round line cap draws as a dot.
 */
export function linePath(
  rows: readonly ChartRow[],
  key: string,
  x: Scale,
  y: Scale,
  from = 0,
  to = rows.length - 1,
  gaps: 'bridge' | 'break' | number = 'bridge',
  /** Each row's x in [from, to] as path text ('' for none), when several lines share the rows. */
  xs?: readonly string[],
): string {
  const maxGap = typeof gaps === 'number' ? gaps : null;
  let d = '';
  let move = true;
  let pieces = 0;
  let pieceLength = 0;
  let lastX = Number.NaN;
  for (let r = from; r <= to; r++) {
    const v = numberAt(rows[r], key);
    const rx = xs === undefined || maxGap !== null ? numberAt(rows[r], 'x') : 0;
    if (v === undefined || Number.isNaN(v) || rx === undefined || xs?.[r - from] === '') {
      if (gaps === 'break') move = true;
      continue;
    }
    const px = xs === undefined ? x(rx)?.toFixed(1) : xs[r - from];
    const py = y(v);
    if (px === undefined || py === undefined) continue;
    if (maxGap !== null && rx - lastX > maxGap) move = true;
    if (move && maxGap !== null && pieceLength === 1) d += 'h0';
    d += `${move ? 'M' : 'L'}${px},${py.toFixed(1)}`;
    pieces += move ? 1 : 0;
    pieceLength = move ? 1 : pieceLength + 1;
    lastX = rx;
    move = false;
  }
  // A lone last value after a gap; a path of one value alone stays `M x,y` (drawn as a dot).
  if (maxGap !== null && pieceLength === 1 && pieces > 1) d += 'h0';
  return d;
}

/** The one point of a path that has a single vertex (`M x,y`), or null: it is drawn as a dot. */
export function singlePoint(d: string): [string, string] | null {
  const match = /^M(-?[\d.]+),(-?[\d.]+)$/.exec(d);
  return match?.[1] !== undefined && match[2] !== undefined ? [match[1], match[2]] : null;
}
