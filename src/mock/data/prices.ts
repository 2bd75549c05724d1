/**
 * Settlement point prices ($/MWh). A system energy price follows net load (load minus wind and
 * solar) times the gas price; each location adds the congestion basis of its zone and its own noise.
 * West Texas goes negative on windy nights; hot afternoons occasionally bring scarcity spikes to
 * $1000–5000. Day-ahead is the same model seen a day earlier: close to real time, never equal.
 */
import {
  climate,
  hourSlot,
  solarCapacity,
  solarFactor,
  standardHour,
  windCapacity,
  windFactor,
} from './climate';
import { FIFTEEN_MINUTES_MS, FIVE_MINUTES_MS, HOUR_MS, MINUTE_MS } from '@/time';
import { loadRaw } from './load';
import { LOAD_ZONES, locationDefs, locationSeedByIndex, priceZoneByIndex } from './locations';
import { once } from './once';
import { clamp, gauss2, gauss3, hash1, round2, signedNoise, u1, u2 } from './noise';
import type { LocationDef, Millis } from './types';

const TAU = Math.PI * 2;
const ZONES = LOAD_ZONES.length;
/** Index used for the hub averages, which carry a blend of every zone's basis. */
const AVG = ZONES;
const WEST = LOAD_ZONES.indexOf('LZ_WEST');
const HOUSTON = LOAD_ZONES.indexOf('LZ_HOUSTON');

const S_SPIKE = 81;
const S_SPIKE_SIZE = 82;
const S_SPIKE_SLOT = 83;
const S_SYS_RT = 84;
const S_SYS_DA = 85;
const S_CONGEST = 86;
const S_LOC_RT = 87;
const S_LOC_DA = 88;
const S_LOC_SCED = 89;
const S_SCED_DELAY = 90;
const S_SYS_DRIFT = 91;

const NOISE_BY_TYPE = { 'Resource Node': 1, 'Load Zone DC Tie': 0.8, 'Load Zone': 0.45, 'Trading Hub': 0.3 };

/** Per-location traits by registry index. */
const locationTraits = once(() => {
  const locations = locationDefs();
  return {
    zoneIdx: Int8Array.from(priceZoneByIndex(), (z) => (z === null ? AVG : LOAD_ZONES.indexOf(z))),
    locSeed: Uint32Array.from(locationSeedByIndex()),
    locBias: Float64Array.from(locations, (l) =>
      l.locationType === 'Resource Node' ? (u1(71, l.index * 7 + 1) - 0.5) * 4 : 0,
    ),
    locNoise: Float64Array.from(locations, (l) => NOISE_BY_TYPE[l.locationType]),
    /** The panhandle hub sits behind the same export constraint as the West, only harder. */
    westGain: Float64Array.from(locations, (l) => (l.location === 'HB_PAN' ? 1.3 : 1)),
  };
});

/** Net load (MW): what thermal generation must cover, which sets the marginal price. */
function netLoad(t: Millis, slot: number): number {
  return loadRaw(t) - windCapacity(slot) * windFactor(t, slot) - solarCapacity(slot) * solarFactor(t, slot);
}

function energyPrice(t: Millis, slot: number): number {
  const x = clamp((netLoad(t, slot) - 12000) / 55000, 0, 1);
  return climate.gasPrice(slot) * (6.5 + 11 * x * x);
}

/**
 * Zone congestion bases at one time, computed on first use: a location reads one zone (a hub
 * average all of them), and a walk over one location should not pay for the other seven.
 */
class ZoneBasis {
  private t = Number.NaN;
  private hourIdx = 0;
  private h = 0;
  private night = 0;
  private cf = Number.NaN;
  /** Scale applied to every basis (day-ahead sees a damped congestion). */
  private scale = 1;
  private readonly values = new Float64Array(ZONES + 1);
  private readonly known = new Uint8Array(ZONES + 1);

  reset(t: Millis, hourIdx: number, scale: number): void {
    this.t = t;
    this.hourIdx = hourIdx;
    this.scale = scale;
    this.h = standardHour(t);
    this.night = 0.5 * (1 + Math.cos((TAU * (this.h - 3)) / 24));
    this.cf = Number.NaN;
    this.known.fill(0);
  }

  /** Basis of zone `z` before scaling: the formula of the model, zone by zone. */
  private raw(z: number): number {
    let b = 1.2 * signedNoise(S_CONGEST + z * 16, this.t, 6 * HOUR_MS);
    // Read lazily, maybe after other hours have taken the climate cache slot: ask for it again.
    const slot = z === WEST || z === HOUSTON ? hourSlot(this.hourIdx) : 0;
    if (z === WEST) {
      if (this.cf !== this.cf) this.cf = windFactor(this.t, slot);
      b += -1.5 - 75 * Math.max(0, this.cf - 0.32) * this.night;
    } else if (z === HOUSTON) b += 0.5 + 3 * climate.summer(slot) * Math.exp(-(((this.h - 16) / 3) ** 2));
    else b += 0.4;
    return b;
  }

  at(z: number): number {
    if (this.known[z] === 1) return this.values[z] ?? 0;
    let v: number;
    if (z === AVG) {
      let sum = 0;
      for (let zz = 0; zz < ZONES; zz++) sum += this.raw(zz);
      v = sum / ZONES;
    } else {
      v = this.raw(z);
    }
    // Scaling after the average, as the model defines the day-ahead basis.
    if (this.scale !== 1) v *= this.scale;
    this.values[z] = v;
    this.known[z] = 1;
    return v;
  }
}

const spikeKeys = new Float64Array(64).fill(NaN);
const spikeVals = new Float64Array(64);

/**
 * Scarcity adder ($/MWh) of an hour: non-zero only on a few hot afternoons a year, when load is
 * near its summer peak.
 */
export function scarcityAdder(hourIdx: number): number {
  const k = hourIdx & 63;
  if (spikeKeys[k] === hourIdx) return spikeVals[k] ?? 0;
  const slot = hourSlot(hourIdx);
  const lh = climate.localHour(slot);
  let v = 0;
  if (lh >= 14 && lh <= 19 && u1(S_SPIKE, hourIdx) < 0.12) {
    const load = loadRaw(hourIdx * HOUR_MS + 30 * MINUTE_MS);
    // One size per market day: the day's tightness, whatever the UTC date.
    if (load > 74000) v = 950 + 4000 * u1(S_SPIKE_SIZE, climate.localDay(hourSlot(hourIdx)));
  }
  spikeKeys[k] = hourIdx;
  spikeVals[k] = v;
  return v;
}

/** Per-interval system state shared by every location of one grid time. */
class SystemCache {
  t = NaN;
  energy = 0;
  spike = 0;
  readonly basis = new ZoneBasis();
}

const rt15 = new SystemCache();
const sced = new SystemCache();
const da = new SystemCache();

function realTimeSystem(cache: SystemCache, t: Millis, stepMs: number, stream: number): SystemCache {
  if (cache.t === t) return cache;
  const hourIdx = Math.floor(t / HOUR_MS);
  const slot = hourSlot(hourIdx);
  const i = Math.floor(t / stepMs);
  cache.energy =
    energyPrice(t, slot) * (1 + 0.07 * gauss2(S_SYS_RT, i, stream)) +
    2 * signedNoise(S_SYS_DRIFT, t, 2 * HOUR_MS);
  const adder = scarcityAdder(hourIdx);
  cache.spike = adder === 0 ? 0 : adder * (0.55 + 0.45 * u2(S_SPIKE_SLOT, i, stream));
  cache.basis.reset(t, hourIdx, 1);
  cache.t = t;
  return cache;
}

function dayAheadSystem(t: Millis): SystemCache {
  if (da.t === t) return da;
  const hourIdx = Math.floor(t / HOUR_MS);
  const slot = hourSlot(hourIdx);
  da.energy = energyPrice(t + 30 * MINUTE_MS, slot) * (1 + 0.035 * gauss2(S_SYS_DA, hourIdx, 0)) + 0.8;
  da.spike = scarcityAdder(hourIdx) * 0.45;
  da.basis.reset(t + 30 * MINUTE_MS, hourIdx, 0.8);
  da.t = t;
  return da;
}

function locationPrice(sys: SystemCache, loc: LocationDef, i: number, stream: number, noise: number): number {
  const k = loc.index;
  const { zoneIdx, westGain, locBias, locNoise, locSeed } = locationTraits();
  const z = zoneIdx[k] ?? AVG;
  const basis = sys.basis.at(z) * (z === WEST ? (westGain[k] ?? 1) : 1);
  const p =
    sys.energy +
    sys.spike +
    basis +
    (locBias[k] ?? 0) +
    noise * (locNoise[k] ?? 1) * gauss3(stream, i, locSeed[k] ?? 0, 0);
  return round2(clamp(p, -250, 5000));
}

/** `spp` of `ercot_spp_real_time_15_min`. */
export function realTimeSpp(t: Millis, loc: LocationDef): number {
  return locationPrice(
    realTimeSystem(rt15, t, FIFTEEN_MINUTES_MS, 1),
    loc,
    Math.floor(t / FIFTEEN_MINUTES_MS),
    S_LOC_RT,
    1.1,
  );
}

/** `lmp` of `ercot_lmp_by_settlement_point`. */
export function scedLmp(t: Millis, loc: LocationDef): number {
  return locationPrice(
    realTimeSystem(sced, t, FIVE_MINUTES_MS, 2),
    loc,
    Math.floor(t / FIVE_MINUTES_MS),
    S_LOC_SCED,
    1.8,
  );
}

/** `spp` of `ercot_spp_day_ahead_hourly`. */
export function dayAheadSpp(t: Millis, loc: LocationDef): number {
  return locationPrice(dayAheadSystem(t), loc, Math.floor(t / HOUR_MS), S_LOC_DA, 0.35);
}

/** SCED runs a few seconds into the interval; whole seconds, the same for every location. */
export function scedTimestamp(t: Millis): Millis {
  return t + (6 + (hash1(S_SCED_DELAY, Math.floor(t / FIVE_MINUTES_MS)) % 25)) * 1000;
}

/**
 * `system_lambda` of `ercot_sced_system_lambda`: the SCED run's shadow price of the power balance,
 * the system energy price before any location's congestion and loss, so the hub average sits
 * close to it (a few dollars apart, its blend of the zones' bases and noise).
 */
export function scedSystemLambda(t: Millis): number {
  const sys = realTimeSystem(sced, t, FIVE_MINUTES_MS, 2);
  return round2(clamp(sys.energy + sys.spike, -250, 5000));
}
