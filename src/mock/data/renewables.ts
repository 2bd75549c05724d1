/**
 * Hourly solar and wind reports, actual and forecast, as ERCOT publishes them (NP4-737/745 for
 * solar, NP4-732/742 for wind): a report every hour at HH:10 covering the 48 hours before it, with
 * the actual generation, and the 168 hours from its own hour, with forecasts only.
 *
 * - `gen` is the hourly mean of `ercot_fuel_mix`'s solar or wind over the hour's twelve 5-minute
 *   intervals, so the two datasets never disagree;
 * - `hsl` (the uncurtailed potential, what the forecasts aim at) is the same mean before the
 *   curtailment fuel mix applies, so `hsl − gen` is the curtailment;
 * - STPPF/STWPF (the forecast) is HSL with an error smooth along one vintage's horizon that
 *   grows with the lead time; PVGRPP/WGRPP (80% probability of exceedance) sits below it by a
 *   share of that error's size; COP HSL (what the resources' own operating plans say) has an error
 *   of its own.
 * Regions split the system by shares that drift with the weather; the system forecasts are the sums
 * of the regions'.
 */
import { hourSlot, solarCapacity, solarFactor, windCapacity, windFactor } from './climate';
import { DATA_START } from './climate';
import { FIVE_MINUTES_MS, HOUR_MS, MINUTE_MS } from '@/time';
import { fuelMixAt } from './fuelMix';
import { clamp, gauss2, round2, signedNoise } from './noise';
import type { Millis } from './types';
import { newestVintageIndex, vintageTime, type VintageWindow, windowVintages } from './vintageWindow';

export type RenewableKind = 'solar' | 'wind';

/** Published ten minutes into each hour: the hour before has ended and has its actuals. */
const PUBLISH_LEAD_MS = 10 * MINUTE_MS;
const HISTORY_HOURS = 48;
const HORIZON_HOURS = 168;

/** Vintage j is published at DATA_START + j h + 10 min; interval i appears in vintages i − 167 … i + 48. */
export const RENEWABLE_WINDOW: VintageWindow = {
  firstPublish: DATA_START + PUBLISH_LEAD_MS,
  stepMs: HOUR_MS,
  before: HORIZON_HOURS - 1,
  after: HISTORY_HOURS,
};

export function renewableVintages(t: Millis, now: Millis): Millis[] {
  return windowVintages(RENEWABLE_WINDOW, Math.round((t - DATA_START) / HOUR_MS), now);
}

/** Last interval: the newest vintage's horizon. */
export function renewableLastTime(now: Millis): Millis {
  const j = newestVintageIndex(RENEWABLE_WINDOW, now);
  return vintageTime(RENEWABLE_WINDOW, j) - PUBLISH_LEAD_MS + (HORIZON_HOURS - 1) * HOUR_MS;
}

interface Region {
  /** Column suffix, as the hosted API names it. */
  name: string;
  label: string;
  share: number;
}

/** ERCOT's geographic regions for each resource, with a typical share of the fleet. */
export const REGIONS: Record<RenewableKind, readonly Region[]> = {
  solar: [
    { name: 'centerwest', label: 'Center West', share: 0.2 },
    { name: 'northwest', label: 'North West', share: 0.1 },
    { name: 'farwest', label: 'Far West', share: 0.36 },
    { name: 'fareast', label: 'Far East', share: 0.07 },
    { name: 'southeast', label: 'South East', share: 0.12 },
    { name: 'centereast', label: 'Center East', share: 0.15 },
  ],
  wind: [
    { name: 'panhandle', label: 'Panhandle', share: 0.2 },
    { name: 'coastal', label: 'Coastal', share: 0.15 },
    { name: 'south', label: 'South', share: 0.15 },
    { name: 'west', label: 'West', share: 0.4 },
    { name: 'north', label: 'North', share: 0.1 },
  ],
};

/** The wind report's load-zone columns: each zone gathers the regions inside it. */
export const WIND_LOAD_ZONES: readonly { name: string; label: string; regions: readonly string[] }[] = [
  { name: 'lz_south_houston', label: 'South and Houston load zones', regions: ['coastal', 'south'] },
  { name: 'lz_west', label: 'West load zone', regions: ['panhandle', 'west'] },
  { name: 'lz_north', label: 'North load zone', regions: ['north'] },
];

const S_BIAS = 122;
/** Region shares: one stream per (kind, region), in a range of their own (121 + 8 + i met the buses' 131 and 132). */
const S_SHARE_BASE = 1_100_000_000;
/** Error streams: one per (vintage, kind, region, quantity), far from the other generators'. */
const ERROR_STREAM_BASE = 2_000_000;

/** Forecast error scale (share of HSL) at a lead of `hours`: the nearer the hour, the better. */
const SIGMA: Record<RenewableKind, (hours: number) => number> = {
  solar: (h) => 0.025 + 0.0011 * h,
  wind: (h) => 0.035 + 0.0016 * h,
};

/** The hour's actuals, shared by all the vintages of one interval. */
interface Actuals {
  gen: number;
  hsl: number;
  /** Region shares of the hour (sum 1). */
  shares: Float64Array;
}

const actualCache: Record<RenewableKind, { t: number; value: Actuals }> = {
  solar: { t: Number.NaN, value: { gen: 0, hsl: 0, shares: new Float64Array(REGIONS.solar.length) } },
  wind: { t: Number.NaN, value: { gen: 0, hsl: 0, shares: new Float64Array(REGIONS.wind.length) } },
};

/** Hourly mean of fuel mix's solar or wind, and of the same before curtailment. */
function actualsAt(kind: RenewableKind, t: Millis): Actuals {
  const cache = actualCache[kind];
  if (cache.t === t) return cache.value;
  const slot = hourSlot(Math.floor(t / HOUR_MS));
  let gen = 0;
  let potential = 0;
  for (let k = 0; k < 12; k++) {
    const at = t + k * FIVE_MINUTES_MS;
    const mix = fuelMixAt(at);
    if (kind === 'solar') {
      gen += mix.solar;
      potential += solarCapacity(slot) * solarFactor(at, slot);
    } else {
      gen += mix.wind;
      potential += windCapacity(slot) * windFactor(at, slot);
    }
  }
  const v = cache.value;
  v.gen = round2(gen / 12);
  v.hsl = Math.max(round2(potential / 12), v.gen);
  const regions = REGIONS[kind];
  let sum = 0;
  regions.forEach((r, i) => {
    const s =
      r.share * (1 + 0.25 * signedNoise(S_SHARE_BASE + (kind === 'solar' ? 0 : 8) + i, t, 20 * HOUR_MS));
    v.shares[i] = s;
    sum += s;
  });
  for (let i = 0; i < regions.length; i++) v.shares[i] = (v.shares[i] ?? 0) / sum;
  cache.t = t;
  return v;
}

/** Splits a rounded total over the shares, the last part taking the rounding so the parts add up. */
function split(total: number, shares: Float64Array): number[] {
  const parts: number[] = [];
  let rest = total;
  for (let i = 0; i < shares.length - 1; i++) {
    const p = round2(total * (shares[i] ?? 0));
    parts.push(p);
    rest -= p;
  }
  parts.push(Math.max(0, round2(rest)));
  return parts;
}

/** What a report says of one area (the system, a region, a load zone) for one hour. */
export interface RenewableArea {
  /** `null` for hours that had not ended when the vintage was published. */
  gen: number | null;
  cop: number;
  forecast: number;
  /** PVGRPP or WGRPP. */
  exceedance: number;
}

/** One vintage's view of one hour: the system and its regions. */
export interface RenewableReport extends RenewableArea {
  /** The system's uncurtailed potential; `null` as `gen` is. */
  hsl: number | null;
  regions: RenewableArea[];
}

/** The report of vintage `publish` for hourly interval `t`, rounded to 2 decimals. */
export function renewableReport(kind: RenewableKind, t: Millis, publish: Millis): RenewableReport {
  const a = actualsAt(kind, t);
  const past = t + HOUR_MS <= publish;
  const vintage = Math.round((publish - RENEWABLE_WINDOW.firstPublish) / HOUR_MS);
  const lead = Math.max(0, (t - publish + PUBLISH_LEAD_MS) / HOUR_MS);
  const sigma = SIGMA[kind](lead);
  const regionGen = past ? split(a.gen, a.shares) : null;
  const regions: RenewableReport['regions'] = [];
  let forecast = 0;
  let cop = 0;
  const kindOffset = kind === 'solar' ? 0 : 16;
  for (let r = 0; r < a.shares.length; r++) {
    const hsl = a.hsl * (a.shares[r] ?? 0);
    const stream = ERROR_STREAM_BASE + vintage * 32 + kindOffset + r * 2;
    const err =
      sigma * (1.1 * signedNoise(stream, t, 8 * HOUR_MS) + 0.5 * gauss2(S_BIAS, vintage, kindOffset + r));
    const copErr = 1.3 * sigma * signedNoise(stream + 1, t, 10 * HOUR_MS) - 0.02;
    const f = round2(clamp(hsl * (1 + err), 0, 1.6 * hsl + 1));
    const c = round2(clamp(hsl * (1 + copErr), 0, 1.6 * hsl + 1));
    regions.push({
      gen: regionGen ? (regionGen[r] ?? 0) : null,
      cop: c,
      forecast: f,
      exceedance: round2(f * (1 - 0.85 * sigma)),
    });
    forecast += f;
    cop += c;
  }
  const system = round2(forecast);
  return {
    gen: past ? a.gen : null,
    hsl: past ? a.hsl : null,
    cop: round2(cop),
    forecast: system,
    exceedance: round2(system * (1 - 0.6 * sigma)),
    regions,
  };
}

/** Index of each wind region in `REGIONS.wind`, for the load zones that gather them. */
const WIND_REGION_INDEX = new Map(REGIONS.wind.map((reg, i) => [reg.name, i]));
const ZONE_REGIONS: readonly (readonly number[])[] = WIND_LOAD_ZONES.map((z) =>
  z.regions.map((name) => WIND_REGION_INDEX.get(name) ?? 0),
);

/** The wind report's load zones, in `WIND_LOAD_ZONES` order: each the sum of its regions. */
export function windLoadZoneAreas(r: RenewableReport): RenewableArea[] {
  return ZONE_REGIONS.map((indices) => {
    const parts = indices.map((i) => r.regions[i]);
    const sum = (pick: (p: RenewableArea) => number): number =>
      round2(parts.reduce((s, p) => s + (p ? pick(p) : 0), 0));
    return {
      gen: r.gen === null ? null : sum((p) => p.gen ?? 0),
      cop: sum((p) => p.cop),
      forecast: sum((p) => p.forecast),
      exceedance: sum((p) => p.exceedance),
    };
  });
}
