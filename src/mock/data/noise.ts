/**
 * Seeded, stateless randomness: every value is a hash of integers, so a cell depends only on its
 * coordinates and never on the order in which cells are generated.
 */

/** The fixed seed of the whole mock; changing it changes every value. */
const SEED = 0x5eed_2023;

const TWO32 = 4294967296;

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function step(h: number, x: number): number {
  // Integers up to 2^53 (epoch milliseconds included) are folded in as two 32-bit halves.
  const lo = x >>> 0;
  const hi = (x / TWO32) | 0;
  h = fmix((h ^ Math.imul(lo, 0xcc9e2d51)) + 0x6b43a9b5);
  if (hi !== 0) h = fmix((h ^ Math.imul(hi, 0x1b873593)) + 0x3c6ef372);
  return h;
}

/** Unsigned 32-bit hash of one integer under a stream seed. */
export function hash1(stream: number, a: number): number {
  return step(step(SEED ^ stream, stream), a);
}

export function hash2(stream: number, a: number, b: number): number {
  return step(step(step(SEED ^ stream, stream), a), b);
}

function hash3(stream: number, a: number, b: number, c: number): number {
  return step(step(step(step(SEED ^ stream, stream), a), b), c);
}

/** Unsigned 32-bit hash of any number of integers. */
function hashInts(...ints: number[]): number {
  let h = SEED;
  for (const x of ints) h = step(h, x);
  return h;
}

/** A uniform value in [0, 1) from integers. */
export function uniform(...ints: number[]): number {
  return hashInts(...ints) / TWO32;
}

export function u1(stream: number, a: number): number {
  return hash1(stream, a) / TWO32;
}

export function u2(stream: number, a: number, b: number): number {
  return hash2(stream, a, b) / TWO32;
}

/**
 * `u2(stream, a, b)` for many `b` under one `(stream, a)`: the shared prefix of the hash is
 * computed once (`uniformsOf(s, a)(b) === u2(s, a, b)` for every `b`).
 */
export function uniformsOf(stream: number, a: number): (b: number) => number {
  const prefix = hash1(stream, a);
  return (b) => step(prefix, b) / TWO32;
}

/** Standard deviation of the sum of four independent bytes, for `gaussFromHash`. */
const BYTE_SUM_SD = Math.sqrt((4 * (256 * 256 - 1)) / 12);

/**
 * A roughly standard normal value from a 32-bit hash (Irwin–Hall over its four bytes): bounded
 * to about ±3.5, which keeps generated series free of absurd outliers.
 */
export function gaussFromHash(h: number): number {
  return ((h & 0xff) + ((h >>> 8) & 0xff) + ((h >>> 16) & 0xff) + (h >>> 24) - 510) / BYTE_SUM_SD;
}

export function gauss2(stream: number, a: number, b: number): number {
  return gaussFromHash(hash2(stream, a, b));
}

export function gauss3(stream: number, a: number, b: number, c: number): number {
  return gaussFromHash(hash3(stream, a, b, c));
}

const KNOT_SLOTS = 256;
const knotStream = new Float64Array(KNOT_SLOTS).fill(Number.NaN);
const knotIndex = new Float64Array(KNOT_SLOTS).fill(Number.NaN);
const knotA = new Float64Array(KNOT_SLOTS);
const knotB = new Float64Array(KNOT_SLOTS);

/**
 * Smooth value noise in [0, 1): hashed knots every `periodMs`, cosine-interpolated, so a series
 * drifts like weather instead of jumping.
 */
export function valueNoise(stream: number, t: number, periodMs: number): number {
  const i = Math.floor(t / periodMs);
  const f = (t - i * periodMs) / periodMs;
  // Consecutive rows of a series mostly fall between the same two knots: remember them per stream.
  const slot = stream & (KNOT_SLOTS - 1);
  let a: number;
  let b: number;
  if (knotStream[slot] === stream && knotIndex[slot] === i) {
    a = knotA[slot] ?? 0;
    b = knotB[slot] ?? 0;
  } else {
    a = u1(stream, i);
    b = u1(stream, i + 1);
    knotStream[slot] = stream;
    knotIndex[slot] = i;
    knotA[slot] = a;
    knotB[slot] = b;
  }
  return blendKnots(a, b, f);
}

/** Cosine interpolation between two knots at fraction `f` of the way. */
function blendKnots(a: number, b: number, f: number): number {
  const w = (1 - Math.cos(Math.PI * f)) * 0.5;
  return a + (b - a) * w;
}

/**
 * `valueNoise(stream, ·, periodMs)` with its own memo of the two knots: for callers that read
 * hundreds of streams in turn (a fleet's resources at one interval), where the shared slots above
 * would evict each other on every call. Same values as `valueNoise`.
 */
export function seriesNoise(stream: number, periodMs: number): (t: number) => number {
  let knot = Number.NaN;
  let a = 0;
  let b = 0;
  return (t) => {
    const i = Math.floor(t / periodMs);
    if (i !== knot) {
      a = u1(stream, i);
      b = u1(stream, i + 1);
      knot = i;
    }
    return blendKnots(a, b, (t - i * periodMs) / periodMs);
  };
}

/** `valueNoise` mapped to [-1, 1). */
export function signedNoise(stream: number, t: number, periodMs: number): number {
  return valueNoise(stream, t, periodMs) * 2 - 1;
}

export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

export function clamp(x: number, lo: number, hi: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}
