/**
 * The pricing-location registry (contract §8): 7 trading hubs, 8 load zones, 4 DC ties and several
 * hundred resource nodes with ERCOT-style names, generated once from the seed. Sorted by name in
 * byte order; `index` is the position, which the price generators use to look up per-node traits.
 */
import type { PricingLocation } from '@/api/types';
import { DATA_START } from './climate';
import { DAY_MS, formatUtc, HOUR_MS, MINUTE_MS } from './centralTime';
import { u2 } from './noise';
import { dayAheadLastTime, lastStarted } from './schedule';
import type { LocationDef, Millis } from './types';

export const PRICE_DATASET_IDS = [
  'ercot_lmp_by_settlement_point',
  'ercot_spp_day_ahead_hourly',
  'ercot_spp_real_time_15_min',
] as const;

export const STATUS_THRESHOLD_DAYS = 7;

export const HUBS = [
  'HB_BUSAVG',
  'HB_HOUSTON',
  'HB_HUBAVG',
  'HB_NORTH',
  'HB_PAN',
  'HB_SOUTH',
  'HB_WEST',
] as const;
export const LOAD_ZONES = [
  'LZ_AEN',
  'LZ_CPS',
  'LZ_HOUSTON',
  'LZ_LCRA',
  'LZ_NORTH',
  'LZ_RAYBN',
  'LZ_SOUTH',
  'LZ_WEST',
] as const;
export type LoadZone = (typeof LOAD_ZONES)[number];

/** Areas nodes of each zone are placed in: [latMin, latMax, lonMin, lonMax], possibly several. */
export const ZONE_AREAS: Record<LoadZone, readonly (readonly [number, number, number, number])[]> = {
  LZ_HOUSTON: [[29.35, 30.15, -95.85, -94.95]],
  // The Permian Basin and the wind country of West Texas.
  LZ_WEST: [
    [31.0, 32.6, -103.6, -101.2],
    [32.0, 33.4, -101.4, -99.8],
  ],
  // Dallas–Fort Worth and around.
  LZ_NORTH: [[32.3, 33.4, -97.9, -96.4]],
  LZ_AEN: [[30.15, 30.45, -97.88, -97.6]],
  LZ_CPS: [[29.25, 29.6, -98.75, -98.3]],
  // The Hill Country west of Austin.
  LZ_LCRA: [[29.9, 31.0, -99.4, -98.0]],
  // North-east of Dallas (Rayburn Country).
  LZ_RAYBN: [[32.95, 33.6, -96.5, -95.4]],
  // Corpus Christi and the Rio Grande Valley.
  LZ_SOUTH: [
    [27.5, 28.2, -97.9, -97.3],
    [26.15, 26.45, -98.4, -97.6],
  ],
};

const DC_TIES: readonly { name: string; zone: LoadZone; lat: number; lon: number }[] = [
  // Near the Oklahoma/Arkansas corner (Monticello), Red River (Oklaunion), Laredo and Railroad (McAllen).
  { name: 'DC_E', zone: 'LZ_NORTH', lat: 33.62, lon: -94.95 },
  { name: 'DC_L', zone: 'LZ_SOUTH', lat: 27.53, lon: -99.49 },
  { name: 'DC_N', zone: 'LZ_WEST', lat: 34.08, lon: -99.18 },
  { name: 'DC_R', zone: 'LZ_SOUTH', lat: 26.2, lon: -98.23 },
];

/** Zone of each hub for pricing purposes (hubs themselves carry no zone on the wire). */
export const HUB_PRICE_ZONE: Record<(typeof HUBS)[number], LoadZone | null> = {
  HB_BUSAVG: null,
  HB_HUBAVG: null,
  HB_HOUSTON: 'LZ_HOUSTON',
  HB_NORTH: 'LZ_NORTH',
  HB_PAN: 'LZ_WEST',
  HB_SOUTH: 'LZ_SOUTH',
  HB_WEST: 'LZ_WEST',
};

const WORDS = [
  'ABILENE',
  'ALAMO',
  'ANSON',
  'ARROYO',
  'AUSTIN',
  'AZURE',
  'BANDERA',
  'BARILLA',
  'BATCAVE',
  'BAYOU',
  'BEARKAT',
  'BIGSPRING',
  'BLUEBELL',
  'BOBCAT',
  'BRAZOS',
  'BRISCOE',
  'BUFFALO',
  'CACTUS',
  'CALLAHAN',
  'CAPROCK',
  'CEDAR',
  'CEDRO',
  'CHISOLM',
  'CIBOLO',
  'COLETO',
  'COMANCHE',
  'CONCHO',
  'COYOTE',
  'CRANE',
  'CYPRESS',
  'DECORDOVA',
  'DEERPARK',
  'DELMAR',
  'DESERTSKY',
  'ELBOW',
  'ENCINO',
  'FALCON',
  'FORNEY',
  'FRIO',
  'FRONTIER',
  'GALENA',
  'GIBBONS',
  'GOLDTHWAITE',
  'GRANITE',
  'GUADALUPE',
  'HACKBERRY',
  'HAYS',
  'HIDALGO',
  'HORSECREEK',
  'INDIGO',
  'JACKRABBIT',
  'JUNIPER',
  'KEECHI',
  'LAMESA',
  'LAREDO',
  'LIMESTONE',
  'LLANO',
  'LONESTAR',
  'LONGHORN',
  'MAGIC',
  'MARFA',
  'MARTIN',
  'MEDINA',
  'MESQUITE',
  'MIDWAY',
  'MUSTANG',
  'NAVARRO',
  'NUECES',
  'OAKGROVE',
  'ODESSA',
  'OKLAUNION',
  'PALO',
  'PANTHER',
  'PECOS',
  'PERMIAN',
  'PEARSALL',
  'PIONEER',
  'QUAIL',
  'QUEENBEE',
  'RAYBURN',
  'REDGATE',
  'REDOAK',
  'RIOBRAVO',
  'ROADRUNNER',
  'ROSCOE',
  'SABINE',
  'SALTFORK',
  'SANDHILL',
  'SANMIGUEL',
  'SEALY',
  'SENDERO',
  'SILVERSTAR',
  'SOLARX',
  'SPINDLETOP',
  'STARR',
  'SUNDANCE',
  'SWEETWATER',
  'TAHOKA',
  'TEXANA',
  'TOKAY',
  'TRINIDAD',
  'TRINITY',
  'TULE',
  'UPTON',
  'VALLEY',
  'VICTORIA',
  'WAGONWHEEL',
  'WAXAHACHIE',
  'WHITETAIL',
  'WILDHORSE',
  'WINDMILL',
  'YELLOWJACKET',
  'ZAVALA',
];

type NodeKind = 'solar' | 'wind' | 'storage' | 'gas' | 'other';
const SUFFIXES: Record<NodeKind, readonly string[]> = {
  solar: ['_SOLAR1', '_SOLAR2', '_SLR_RN', '_PV1', '_RN'],
  wind: ['_WIND1', '_WIND2', '_WND_RN', '_WF1'],
  storage: ['_ESS1', '_ESS2', '_BESS_RN', '_BES1'],
  gas: ['_UNIT1', '_UNIT2', '_UNIT3', '_CC1', '_CT1', '_GT2', '_STG'],
  other: ['_RN', '_ALL', '_LD1'],
};

/** Share of nodes per zone and the mix of node kinds there (solar, wind, storage, gas, other). */
const ZONE_MIX: readonly {
  zone: LoadZone;
  weight: number;
  kinds: readonly [number, number, number, number, number];
}[] = [
  { zone: 'LZ_WEST', weight: 0.24, kinds: [0.35, 0.35, 0.15, 0.1, 0.05] },
  { zone: 'LZ_NORTH', weight: 0.22, kinds: [0.15, 0.05, 0.15, 0.5, 0.15] },
  { zone: 'LZ_HOUSTON', weight: 0.15, kinds: [0.05, 0, 0.2, 0.6, 0.15] },
  { zone: 'LZ_SOUTH', weight: 0.17, kinds: [0.2, 0.35, 0.15, 0.2, 0.1] },
  { zone: 'LZ_LCRA', weight: 0.08, kinds: [0.3, 0.1, 0.15, 0.35, 0.1] },
  { zone: 'LZ_CPS', weight: 0.06, kinds: [0.25, 0, 0.2, 0.45, 0.1] },
  { zone: 'LZ_AEN', weight: 0.03, kinds: [0.3, 0, 0.2, 0.35, 0.15] },
  { zone: 'LZ_RAYBN', weight: 0.05, kinds: [0.2, 0, 0.2, 0.4, 0.2] },
];
const KINDS: readonly NodeKind[] = ['solar', 'wind', 'storage', 'gas', 'other'];

export const NODE_COUNT = 640;
const S_NODE = 71;

function pick<T>(items: readonly T[], u: number): T {
  const item = items[Math.min(items.length - 1, Math.floor(u * items.length))];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function pickWeighted<T>(items: readonly T[], weights: readonly number[], u: number): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  for (let i = 0; i < items.length; i++) {
    acc += (weights[i] ?? 0) / total;
    if (u < acc) return items[i] as T;
  }
  return pick(items, 0.999999);
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

/** A whole hour between two instants, chosen by `u`. */
function hourBetween(from: Millis, to: Millis, u: number): Millis {
  return from + Math.floor((u * (to - from)) / HOUR_MS) * HOUR_MS;
}

interface Draft extends Omit<LocationDef, 'index'> {
  /** Zone used for pricing (hubs inherit a zone, averages have none). */
  priceZone: LoadZone | null;
}

function buildDrafts(): Draft[] {
  const drafts: Draft[] = [];
  const base = { firstSeen: DATA_START, retiredAt: null } as const;
  for (const hub of HUBS) {
    drafts.push({
      ...base,
      gsEntityId: `ercot-${hub.toLowerCase()}`,
      location: hub,
      locationType: 'Trading Hub',
      zone: null,
      latitude: null,
      longitude: null,
      priceZone: HUB_PRICE_ZONE[hub],
    });
  }
  for (const lz of LOAD_ZONES) {
    drafts.push({
      ...base,
      gsEntityId: `ercot-${lz.toLowerCase()}`,
      location: lz,
      locationType: 'Load Zone',
      zone: lz,
      latitude: null,
      longitude: null,
      priceZone: lz,
    });
  }
  for (const tie of DC_TIES) {
    drafts.push({
      ...base,
      gsEntityId: `ercot-${tie.name.toLowerCase()}`,
      location: tie.name,
      locationType: 'Load Zone DC Tie',
      zone: tie.zone,
      latitude: tie.lat,
      longitude: tie.lon,
      priceZone: tie.zone,
    });
  }
  const seen = new Set<string>(drafts.map((d) => d.location));
  const retireFrom = Date.UTC(2023, 2, 1);
  const retireTo = Date.UTC(2025, 5, 30);
  const lateFrom = Date.UTC(2023, 1, 1);
  const lateTo = Date.UTC(2025, 5, 1);
  for (let i = 0, made = 0; made < NODE_COUNT; i++) {
    const u = (k: number): number => u2(S_NODE, i, k);
    const mix = pickWeighted(
      ZONE_MIX,
      ZONE_MIX.map((m) => m.weight),
      u(0),
    );
    const kind = pickWeighted(KINDS, mix.kinds, u(1));
    const name = `${pick(WORDS, u(2))}${pick(SUFFIXES[kind], u(3))}`;
    if (seen.has(name)) continue;
    seen.add(name);
    made++;
    const area = pick(ZONE_AREAS[mix.zone], u(4));
    const lat = round4(area[0] + (area[1] - area[0]) * u(5));
    const lon = round4(area[2] + (area[3] - area[2]) * u(6));
    const fate = u(7);
    let firstSeen: Millis = DATA_START;
    let retiredAt: Millis | null = null;
    if (fate < 0.05) {
      retiredAt = hourBetween(retireFrom, retireTo, u(8));
    } else if ((kind === 'solar' || kind === 'storage') && fate < 0.4) {
      firstSeen = hourBetween(lateFrom, lateTo, u(8));
    }
    drafts.push({
      gsEntityId: `ercot-${name.toLowerCase()}`,
      location: name,
      locationType: 'Resource Node',
      zone: mix.zone,
      latitude: lat,
      longitude: lon,
      firstSeen,
      retiredAt,
      priceZone: mix.zone,
    });
  }
  drafts.sort((a, b) => (a.location < b.location ? -1 : a.location > b.location ? 1 : 0));
  return drafts;
}

const DRAFTS = buildDrafts();

export const LOCATIONS: readonly LocationDef[] = DRAFTS.map((d, index) => ({
  index,
  gsEntityId: d.gsEntityId,
  location: d.location,
  locationType: d.locationType,
  zone: d.zone,
  latitude: d.latitude,
  longitude: d.longitude,
  firstSeen: d.firstSeen,
  retiredAt: d.retiredAt,
}));

/** Pricing zone by registry index (null for the system-wide averages). */
export const PRICE_ZONE_BY_INDEX: readonly (LoadZone | null)[] = DRAFTS.map((d) => d.priceZone);

/** A stable per-location integer for seeding its noise. */
export const LOCATION_SEED_BY_INDEX: readonly number[] = DRAFTS.map((d) => hashName(d.location));

function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const BY_ID = new Map(LOCATIONS.map((l) => [l.gsEntityId, l]));
const BY_NAME = new Map(LOCATIONS.map((l) => [l.location, l]));

export function getLocationByEntityId(id: string): LocationDef | undefined {
  return BY_ID.get(id);
}

export function getLocationByName(name: string): LocationDef | undefined {
  return BY_NAME.get(name);
}

/** Whether `loc` has rows at grid time `t`. */
export function locationActiveAt(loc: LocationDef, t: Millis): boolean {
  return loc.firstSeen <= t && (loc.retiredAt === null || t < loc.retiredAt);
}

const PRICE_GRIDS: readonly { step: Millis; last: (now: Millis) => Millis }[] = [
  { step: 5 * MINUTE_MS, last: (now) => lastStarted(now, 5 * MINUTE_MS) },
  { step: HOUR_MS, last: dayAheadLastTime },
  { step: 15 * MINUTE_MS, last: (now) => lastStarted(now, 15 * MINUTE_MS) },
];

/**
 * The latest interval start of `loc`'s rows across the three price datasets as of `now`
 * (its `firstSeen` when it has none yet).
 */
export function locationLatestSeen(loc: LocationDef, now: Millis): Millis {
  let latest = -Infinity;
  for (const grid of PRICE_GRIDS) {
    let last = grid.last(now);
    if (loc.retiredAt !== null) last = Math.min(last, loc.retiredAt - grid.step);
    if (last >= loc.firstSeen && last > latest) latest = last;
  }
  return latest === -Infinity ? loc.firstSeen : latest;
}

/** The wire item of `GET /v1/pricing_locations` for `loc` as of `now`. */
export function toPricingLocation(loc: LocationDef, now: Millis): PricingLocation {
  const latest = locationLatestSeen(loc, now);
  return {
    gs_entity_id: loc.gsEntityId,
    location: loc.location,
    location_type: loc.locationType,
    market_id: 'ercot',
    baa: 'ERCO',
    zone: loc.zone,
    zone_type: loc.zone === null ? null : 'Load Zone',
    latitude: loc.latitude,
    longitude: loc.longitude,
    pricing_datasets: [...PRICE_DATASET_IDS],
    earliest_seen_utc: formatUtc(loc.firstSeen),
    latest_seen_utc: formatUtc(latest),
    status_threshold_days: STATUS_THRESHOLD_DAYS,
    status: now - latest <= STATUS_THRESHOLD_DAYS * DAY_MS ? 'active' : 'inactive',
  };
}
