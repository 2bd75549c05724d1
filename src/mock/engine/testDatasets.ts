/**
 * Small synthetic datasets for the engine's tests: the shapes of the real catalog (a 5-minute
 * single value, 15-minute prices per location with a late starter and a retiree, an hourly
 * forecast with vintages, a 10-second irregular series, and a very wide one for the scan guard)
 * with values simple enough that a test can compute what to expect on its own.
 */
import { asLocation } from '@/mock/data/locations';
import type { ColumnDef, DatasetDef, LocationDef, Millis, RawCell } from '@/mock/data/types';
import { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MINUTE } from '@/time';

export { MINUTE, HOUR, DAY };

/** The clock of every engine test: mid-March 2024, after the US spring-forward of 10 March. */
export const NOW = Date.UTC(2024, 2, 15, 12, 7, 30);
/** First interval of the interval datasets: market midnight of 1 January 2024. */
export const START = Date.UTC(2024, 0, 1, 6);

/** A deterministic integer hash of a few integers. */
function hash(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x85ebca6b) >>> 0;
    h = Math.imul(h ^ Math.floor(p / 4294967296), 0xc2b2ae35) >>> 0;
    h ^= h >>> 13;
  }
  return h >>> 0;
}

/** A value with 2 decimals in [lo, lo + span). */
function valueOf(lo: number, span: number, ...parts: number[]): number {
  return Math.round(lo * 100 + (hash(...parts) % (span * 100))) / 100;
}

const ts = (name: string, description: string): ColumnDef => ({
  name,
  type: 'TIMESTAMP',
  description,
  unit: null,
});
const num = (name: string, unit: string): ColumnDef => ({
  name,
  type: 'DOUBLE PRECISION',
  description: name,
  unit,
});
const str = (name: string): ColumnDef => ({ name, type: 'VARCHAR', description: name, unit: null });
const intervalColumns = [
  ts('interval_start_utc', 'Start of the interval'),
  ts('interval_end_utc', 'End of the interval'),
];

const floorTo = (t: Millis, step: number): Millis => Math.floor(t / step) * step;

/** Load every 5 minutes; about one value in 97 is null. */
export function loadValue(t: Millis): number | null {
  return hash(t, 1) % 97 === 0 ? null : valueOf(35_000, 50_000, t, 2);
}

export const load5: DatasetDef = {
  id: 'test_load',
  name: 'Test load',
  description: '5-minute load',
  cadence: '5_MINUTES',
  stepMs: 5 * MINUTE,
  timeIndexColumn: 'interval_start_utc',
  subseriesColumn: null,
  publishTimeColumn: null,
  columns: [...intervalColumns, num('load', 'MW')],
  firstTime: () => START,
  lastTime: (now) => floorTo(now, 5 * MINUTE) - 5 * MINUTE,
  locations: null,
  vintages: null,
  row: (t) => [t, t + 5 * MINUTE, loadValue(t)],
};

function location(
  index: number,
  name: string,
  type: LocationDef['locationType'],
  firstSeen: Millis,
  retiredAt: Millis | null,
): LocationDef {
  return {
    index,
    name,
    gsEntityId: `ercot-${name.toLowerCase()}`,
    location: name,
    locationType: type,
    zone: null,
    latitude: null,
    longitude: null,
    firstSeen,
    retiredAt,
  };
}

/** Sorted by name bytes, as the registry is: `B_LATE` starts on 1 March, `C_OLD` retires on 1 February. */
export const PRICE_LOCATIONS: readonly LocationDef[] = [
  location(0, 'A_HUB', 'Trading Hub', START, null),
  location(1, 'B_LATE', 'Resource Node', Date.UTC(2024, 2, 1, 6), null),
  location(2, 'C_OLD', 'Resource Node', START, Date.UTC(2024, 1, 1, 6)),
  location(3, 'LZ_X', 'Load Zone', START, null),
];

/** Price at (t, location): mostly 15–60, negative now and then. */
export function priceValue(t: Millis, loc: LocationDef): number {
  const v = valueOf(15, 45, t, loc.index, 3);
  return hash(t, loc.index, 4) % 50 === 0 ? -v : v;
}

export const prices15: DatasetDef = {
  id: 'test_prices',
  name: 'Test prices',
  description: '15-minute prices per location',
  cadence: '15_MINUTES',
  stepMs: 15 * MINUTE,
  timeIndexColumn: 'interval_start_utc',
  subseriesColumn: 'location',
  publishTimeColumn: null,
  columns: [...intervalColumns, str('location'), str('location_type'), str('market'), num('spp', '$/MWh')],
  firstTime: () => START,
  lastTime: (now) => floorTo(now, 15 * MINUTE) - 15 * MINUTE,
  locations: PRICE_LOCATIONS,
  vintages: null,
  row: (t, member) => {
    const loc = asLocation(member);
    return [t, t + 15 * MINUTE, loc.location, loc.locationType, 'REAL_TIME_15_MIN', priceValue(t, loc)];
  },
};

/** Each forecast vintage is published at HH:30 and covers the next 6 hourly intervals. */
const FORECAST_HORIZON = 6;
const FIRST_PUBLISH = START - 30 * MINUTE;

function newestPublish(now: Millis): Millis {
  return floorTo(now - 30 * MINUTE, HOUR) + 30 * MINUTE;
}

export function forecastVintages(t: Millis, now: Millis): Millis[] {
  const out: Millis[] = [];
  for (let j = FORECAST_HORIZON - 1; j >= 0; j--) {
    const p = t - 30 * MINUTE - j * HOUR;
    if (p >= FIRST_PUBLISH && p <= now) out.push(p);
  }
  return out;
}

function forecastValue(t: Millis, publish: Millis): number {
  return valueOf(40_000, 30_000, t, publish, 5);
}

export const forecastHourly: DatasetDef = {
  id: 'test_forecast',
  name: 'Test forecast',
  description: 'Hourly forecast with vintages',
  cadence: '1_HOUR',
  stepMs: HOUR,
  timeIndexColumn: 'interval_start_utc',
  subseriesColumn: null,
  publishTimeColumn: 'publish_time_utc',
  columns: [
    ...intervalColumns,
    ts('publish_time_utc', 'When the forecast was published'),
    num('north', 'MW'),
    num('total', 'MW'),
  ],
  firstTime: () => START,
  lastTime: (now) => floorTo(newestPublish(now), HOUR) + FORECAST_HORIZON * HOUR,
  locations: null,
  vintages: forecastVintages,
  row: (t, _loc, publish) => {
    const p = publish ?? 0;
    const north = forecastValue(t, p);
    return [t, t + HOUR, p, north, Math.round((north * 2.5 + 1) * 100) / 100];
  },
};

function prcValue(t: Millis): number {
  return valueOf(2_000, 8_000, t, 6);
}

/** A 10-second series over the two days before now. */
export const irregular10s: DatasetDef = {
  id: 'test_monitor',
  name: 'Test monitor',
  description: 'Irregular 10-second samples',
  cadence: 'IRREGULAR',
  stepMs: 10_000,
  timeIndexColumn: 'time_utc',
  subseriesColumn: null,
  publishTimeColumn: null,
  columns: [ts('time_utc', 'Sample time'), num('prc', 'MW')],
  firstTime: (now) => floorTo(now - 2 * DAY, 10_000),
  lastTime: (now) => floorTo(now, 10_000),
  locations: null,
  vintages: null,
  row: (t): RawCell[] => [t, prcValue(t)],
};

/** 2,000 locations every 5 minutes since 2023: about 860 million rows, for the scan guard and cost. */
const WIDE_LOCATIONS: readonly LocationDef[] = Array.from({ length: 2000 }, (_, i) =>
  location(i, `N${String(i).padStart(4, '0')}`, 'Resource Node', Date.UTC(2023, 0, 1, 6), null),
);

export const wide5: DatasetDef = {
  id: 'test_wide',
  name: 'Test wide',
  description: 'Many locations',
  cadence: '5_MINUTES',
  stepMs: 5 * MINUTE,
  timeIndexColumn: 'interval_start_utc',
  subseriesColumn: 'location',
  publishTimeColumn: null,
  columns: [...intervalColumns, str('location'), num('lmp', '$/MWh')],
  firstTime: () => Date.UTC(2023, 0, 1, 6),
  lastTime: (now) => floorTo(now, 5 * MINUTE) - 5 * MINUTE,
  locations: WIDE_LOCATIONS,
  vintages: null,
  row: (t, loc) => [t, t + 5 * MINUTE, loc?.name ?? null, valueOf(10, 50, t, loc?.index ?? 0, 7)],
};
