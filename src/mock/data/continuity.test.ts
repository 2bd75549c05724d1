import {
  DAY_MS,
  dstEndUtc,
  dstStartUtc,
  FIVE_MINUTES_MS,
  HOUR_MS,
  marketDayIndex,
  marketMidnight,
  marketMidnightOfDay,
} from '@/time';
import { DATASETS } from './catalog';
import { loadAt } from './load';
import { FORECAST_HORIZON, PUBLISH_LEAD_MS } from './loadForecast';
import type { GenResource } from './genResources';
import { asLocation } from './locations';
import { asBus } from './buses';
import type { DatasetDef, LocationDef, Millis, RawCell, SeriesMember } from './types';
import { vintageTime, type VintageWindow } from './vintageWindow';

/**
 * Analysts read a step in a series as an event. A level drawn afresh per day or per week makes a
 * step at every midnight that no grid makes, so across midnight (market or UTC) every numeric
 * column of every dataset must change the way it changes across the other hours of the day.
 *
 * The comparison is between hour starts, as hourly noise (coal, day-ahead prices) steps at every
 * hour: the change between the intervals either side of an hour start, and its jump, how far that
 * change departs from the changes just before and after (a smooth trend such as the evening decline
 * of load has none).
 */

const FROM = marketMidnight('2025-01-01');
const TO = marketMidnight('2027-01-01');
/** Hour starts this close to a midnight are its neighbours, at much the same time of day. */
const NEIGHBOURS = 3;

interface Series {
  name: string;
  stepMs: number;
  /** One label per value a row gives: a column, prefixed by the location for prices. */
  labels: string[];
  /** The numeric values at `t` of the window around hour start `h` (a forecast reads one vintage). */
  read(t: Millis, h: Millis): (number | null)[];
  /** The vintage that serves the window around `h`: rows of one key can be reused. */
  key(h: Millis): number;
}

function numericCells(def: DatasetDef): (row: readonly RawCell[]) => (number | null)[] {
  const at = def.columns.flatMap((c, i) => (c.type === 'DOUBLE PRECISION' ? [i] : []));
  return (row) =>
    at.map((i) => {
      const v = row[i];
      return typeof v === 'number' ? v : null;
    });
}

const numericNames = (def: DatasetDef): string[] =>
  def.columns.filter((c) => c.type === 'DOUBLE PRECISION').map((c) => c.name);

/**
 * Locations active over the whole span: a hub, the West (it swings hardest) and a node there; for
 * buses, which have no hubs, a bus of the West, of Houston and of the North.
 */
function sampleLocations(def: DatasetDef): SeriesMember[] {
  const active = (def.locations ?? []).filter((l) => l.firstSeen <= FROM && (l.retiredAt ?? Infinity) > TO);
  // A bus is placed by the resource node it sits behind.
  const placeOf = (m: SeriesMember): LocationDef => ('node' in m ? asBus(m).node : asLocation(m));
  const inZone = (zone: string): SeriesMember | undefined =>
    active.find((m) => placeOf(m).locationType === 'Resource Node' && placeOf(m).zone === zone);
  const hub = active.find((l) => l.name === 'HB_NORTH');
  const picked = (
    hub
      ? [hub, active.find((l) => l.name === 'LZ_WEST'), inZone('LZ_WEST')]
      : [inZone('LZ_WEST'), inZone('LZ_HOUSTON'), inZone('LZ_NORTH')]
  ).filter((l): l is SeriesMember => l !== undefined);
  expect(picked).toHaveLength(3);
  return picked;
}

/** A forecast window reads the vintage of its tile, which spans the window at any lead. */
const TILE_HOURS = FORECAST_HORIZON - 4;

function forecastPublish(h: Millis): Millis {
  const tileStart = FROM + Math.floor((h - FROM) / (TILE_HOURS * HOUR_MS)) * TILE_HOURS * HOUR_MS;
  return tileStart - 2 * HOUR_MS - PUBLISH_LEAD_MS;
}

/**
 * A report that repeats past hours with their actuals is read from the vintage published a little
 * after the window's tile, where every value of the window, actual and forecast, is filled.
 */
function reportPublish(w: VintageWindow, h: Millis): Millis {
  const tile = (w.after - 8) * HOUR_MS;
  const tileEnd = FROM + (Math.floor((h - FROM) / tile) + 1) * tile;
  return vintageTime(w, Math.ceil((tileEnd + 2 * HOUR_MS - w.firstPublish) / w.stepMs));
}

function seriesOf(def: DatasetDef): Series {
  const cells = numericCells(def);
  const base = { name: def.id, stepMs: def.stepMs, key: (): number => 0 };
  if (def.subseriesColumn === 'resource_name') {
    // A combined cycle (merit-order share of gas), a wind farm and a solar farm of the fleet.
    const fleet = (def.locations ?? []) as readonly GenResource[];
    const picked = ['CCGT90', 'WIND', 'PVGR'].map((type) => fleet.find((r) => r.resourceType === type));
    const resources = picked.filter((r): r is GenResource => r !== undefined);
    // Columns a resource of that kind fills (output schedules and start-up costs are null for some).
    const filled = def.columns.flatMap((c, i) =>
      c.type === 'DOUBLE PRECISION' && resources.every((r) => def.row(FROM, r, null)[i] !== null) ? [i] : [],
    );
    return {
      ...base,
      labels: resources.flatMap((r) => filled.map((i) => `${r.name}.${def.columns[i]?.name ?? '?'}`)),
      read: (t) =>
        resources.flatMap((r) => {
          const row = def.row(t, r, null);
          return filled.map((i) => row[i] as number);
        }),
    };
  }
  if (def.locations !== null) {
    // Every location at one time in a row: the system price is shared, so extra locations are cheap.
    const locs = sampleLocations(def);
    return {
      ...base,
      labels: locs.flatMap((l) => numericNames(def).map((c) => `${l.name}.${c}`)),
      read: (t) => locs.flatMap((l) => cells(def.row(t, l, null))),
    };
  }
  const w = def.vintageWindow;
  if (w && w.after > 8) {
    return {
      ...base,
      labels: numericNames(def),
      read: (t, h) => cells(def.row(t, null, reportPublish(w, h))),
      key: (h) => reportPublish(w, h),
    };
  }
  if (def.vintages !== null) {
    return {
      ...base,
      labels: numericNames(def),
      read: (t, h) => cells(def.row(t, null, forecastPublish(h))),
      key: forecastPublish,
    };
  }
  return { ...base, labels: numericNames(def), read: (t) => cells(def.row(t, null, null)) };
}

/** Solar: every value zero at 03:00 Central in winter and in summer. */
function darkAtNight(series: Series): boolean {
  const nights = [FROM + 3 * HOUR_MS, FROM + 180 * DAY_MS + 3 * HOUR_MS];
  return nights.every((t) => series.read(t, t).every((v) => v === 0));
}

type Boundary = 'market' | 'utc';
const BOUNDARIES: readonly Boundary[] = ['market', 'utc'];

const marketMidnights = new Set<number>();
for (let d = marketDayIndex(FROM); d <= marketDayIndex(TO); d++) marketMidnights.add(marketMidnightOfDay(d));

const isBoundary: Record<Boundary, (h: Millis) => boolean> = {
  market: (h) => marketMidnights.has(h),
  utc: (h) => h % DAY_MS === 0,
};

const nearBoundary = (kind: Boundary, h: Millis): boolean =>
  Array.from({ length: NEIGHBOURS }, (_, k) => (k + 1) * HOUR_MS).some(
    (d) => isBoundary[kind](h - d) || isBoundary[kind](h + d),
  );

/** Every hour start of the span but the first, and what it is. */
const HOURS = Array.from({ length: (TO - FROM) / HOUR_MS - 1 }, (_, i) => {
  const h = FROM + (i + 1) * HOUR_MS;
  const at = BOUNDARIES.filter((k) => isBoundary[k](h));
  const near = BOUNDARIES.filter((k) => nearBoundary(k, h));
  return { h, at, near };
});

interface Measured {
  /** |change| between the intervals either side of each hour start of `HOURS` (NaN: a null). */
  step: Float64Array;
  /** |change − mean of the changes just before and after| at each hour start of `HOURS`. */
  jump: Float64Array;
  /** Mean |value|. */
  typical: number;
}

/** One `Measured` per label of the series. */
function measure(series: Series): Measured[] {
  const n = HOURS.length;
  const out = series.labels.map(() => ({
    step: new Float64Array(n).fill(Number.NaN),
    jump: new Float64Array(n).fill(Number.NaN),
    sumAbs: 0,
    count: 0,
  }));
  const s = series.stepMs;
  let window: (number | null)[][] = [];
  let key = Number.NaN;
  HOURS.forEach(({ h }, i) => {
    const k = series.key(h);
    // Hourly windows overlap in three rows: slide instead of reading them again.
    if (s === HOUR_MS && k === key && window.length === 4) {
      window = [...window.slice(1), series.read(h + s, h)];
    } else {
      window = [h - 2 * s, h - s, h, h + s].map((t) => series.read(t, h));
    }
    key = k;
    const [r0, r1, r2, r3] = window;
    out.forEach((o, c) => {
      const v0 = r0?.[c];
      const v1 = r1?.[c];
      const v2 = r2?.[c];
      const v3 = r3?.[c];
      if (v0 == null || v1 == null || v2 == null || v3 == null) return;
      const d = v2 - v1;
      o.step[i] = Math.abs(d);
      o.jump[i] = Math.abs(d - (v1 - v0 + (v3 - v2)) / 2);
      o.sumAbs += Math.abs(v2);
      o.count++;
    });
  });
  return out.map(({ step, jump, sumAbs, count }) => ({ step, jump, typical: sumAbs / Math.max(1, count) }));
}

/** The values of `xs` at the hours that pass `keep`, without the missing ones. */
function select(xs: Float64Array, keep: (hour: (typeof HOURS)[number]) => boolean): number[] {
  const out: number[] = [];
  HOURS.forEach((hour, i) => {
    const v = xs[i] ?? Number.NaN;
    if (!Number.isNaN(v) && keep(hour)) out.push(v);
  });
  return out;
}

const max = (xs: readonly number[]): number => xs.reduce((a, b) => Math.max(a, b), 0);

/** The 90th percentile: robust to spikes, which are events, yet moved by a step on one day in seven. */
function p90(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))] ?? Number.NaN;
}

/**
 * Slack on both comparisons. The midnights are one in 24 hour starts, so a midnight may hold the
 * largest change by chance; the noise is bounded, so not by a quarter more.
 */
const SLACK = 1.25;
/** Jumps below this share of a series' typical size are no visible step (solar at sunset). */
const FLOOR = 0.01;

// Two years of every dataset: a few seconds alone, more beside the rest of the suite.
describe('demo data continuity', { timeout: 60_000 }, () => {
  it('has no step at midnight, market or UTC, that the other hours of the day do not make', () => {
    const failures: string[] = [];
    // A sparse dataset has no continuous series: a constraint's rows come and go as it binds.
    for (const series of DATASETS.filter((d) => !d.rowExists).map(seriesOf)) {
      measure(series).forEach((m, c) => {
        const otherMax = max(select(m.step, (x) => x.at.length === 0));
        for (const kind of BOUNDARIES) {
          const name = `${series.name} ${series.labels[c] ?? '?'} at ${kind} midnight`;
          const atSteps = select(m.step, (x) => x.at.includes(kind));
          expect(atSteps.length).toBeGreaterThan(700);
          // No midnight change bigger than any hour's: catches rare steps such as a weekly level.
          const atMax = max(atSteps);
          if (atMax > SLACK * otherMax)
            failures.push(`${name}: largest change ${atMax.toFixed(2)}, other hours ${otherMax.toFixed(2)}`);
          // Midnight jumps no bigger than those of the hours around it: catches frequent steps such as
          // a daily level or a weekend, whatever the time of day does to the series.
          // UTC midnight is 18:00 Central, sunset for half the year, where an hourly mean of solar
          // bends hardest by nature (the 5-minute fuel mix does not): that is no step of the model.
          if (kind === 'utc' && series.stepMs === HOUR_MS && darkAtNight(series)) continue;
          const atJump = p90(select(m.jump, (x) => x.at.includes(kind)));
          const nearJump = p90(select(m.jump, (x) => x.near.includes(kind)));
          if (atJump > SLACK * nearJump + FLOOR * m.typical)
            failures.push(`${name}: p90 jump ${atJump.toFixed(2)}, hours around ${nearJump.toFixed(2)}`);
        }
      });
    }
    expect(failures).toEqual([]);
  });

  it('has no step in load when the clocks change: the daily routine follows them over a few hours', () => {
    const change = (t: Millis): number => Math.abs(loadAt(t) - loadAt(t - FIVE_MINUTES_MS));
    for (const shift of [2025, 2026].flatMap((y) => [dstStartUtc(y), dstEndUtc(y)])) {
      // The changes across the other hour starts of the two days either side, midnights aside.
      const others = Array.from({ length: 96 }, (_, i) => shift + (i - 48) * HOUR_MS)
        .filter((h) => h !== shift && !marketMidnights.has(h))
        .map(change);
      expect(change(shift)).toBeLessThanOrEqual(SLACK * max(others));
    }
  });
});
