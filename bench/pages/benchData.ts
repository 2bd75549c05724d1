/**
 * The rows and points both contenders of a pair receive: deterministic (a fixed-seed PRNG), so
 * every run and every contender measures the same data.
 */
import type { Point } from '@/lib/decimate';

export const TABLE_ROWS = 100_000;
export const CHART_POINTS = 200_000;
const FIVE_MIN = 300_000;
const START = Date.UTC(2024, 0, 1, 6);

/** mulberry32: small, fast, good enough to make prices look noisy. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LOCATIONS = ['HB_NORTH', 'HB_SOUTH', 'HB_WEST', 'HB_HOUSTON', 'LZ_AEN', 'LZ_CPS', 'LZ_LCRA', 'LZ_WEST'];

export interface GridRow extends Record<string, string | number> {
  row: number;
  interval_start_utc: string;
  interval_end_utc: string;
  location: string;
  location_type: string;
  market: string;
  lmp: number;
}

export const TABLE_COLUMNS = [
  { id: 'row', header: 'row', numeric: true },
  { id: 'interval_start_utc', header: 'interval_start_utc' },
  { id: 'interval_end_utc', header: 'interval_end_utc' },
  { id: 'location', header: 'location' },
  { id: 'location_type', header: 'location_type' },
  { id: 'market', header: 'market' },
  { id: 'lmp', header: 'lmp', unit: '$/MWh', numeric: true },
] as const;

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', '+00:00');

/** Rows shaped like `ercot_lmp_by_settlement_point` query results (one location per row). */
export function benchRows(count = TABLE_ROWS): GridRow[] {
  const rand = prng(42);
  const rows: GridRow[] = [];
  for (let i = 0; i < count; i++) {
    const location = LOCATIONS[i % LOCATIONS.length] ?? 'HB_NORTH';
    const t = START + Math.floor(i / LOCATIONS.length) * FIVE_MIN;
    rows.push({
      row: i + 1,
      interval_start_utc: iso(t),
      interval_end_utc: iso(t + FIVE_MIN),
      location,
      location_type: location.startsWith('HB_') ? 'Trading Hub' : 'Load Zone',
      market: 'REAL_TIME_SCED',
      lmp: Math.round((25 + 20 * rand()) * 100) / 100,
    });
  }
  return rows;
}

/**
 * A 5-minute price series with a daily shape, noise, rare spikes to 1000–5000 $/MWh (about 0.2 %
 * of points, so the 99.9th percentile falls among them) and some negative dips.
 */
export function benchPoints(count = CHART_POINTS): Point[] {
  const rand = prng(7);
  const points: Point[] = [];
  for (let i = 0; i < count; i++) {
    const x = START + i * FIVE_MIN;
    const hour = (i % 288) / 12;
    let y = 30 + 15 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + 8 * (rand() - 0.5);
    const r = rand();
    if (r < 0.002) y = 1000 + 4000 * rand();
    else if (r < 0.004) y = -20 * rand();
    points.push({ x, y: Math.round(y * 100) / 100 });
  }
  return points;
}

/** The value at quantile q (0–1) of the ys, by sorting a copy. */
export function quantile(ys: readonly number[], q: number): number {
  const sorted = Float64Array.from(ys).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
