/**
 * The pricing-location registry (contract §8): 7 trading hubs, 8 load zones, 4 DC ties and several
 * hundred resource nodes with ERCOT-style names, generated once from the seed. Sorted by name in
 * byte order; `index` is the position, which the price generators use to look up per-node traits.
 *
 * A resource node is named after a real place of its zone's region and sits near it, and its kind
 * (wind, solar, storage, gas…) follows the region, so `PECOS_WIND1` is out in the Permian and
 * `BAYTOWN_CT1` on the Houston ship channel, as an analyst who knows Texas would expect.
 */
import type { PricingLocation } from '@/contract';
import { once } from './once';
import { DATA_START } from './climate';
import { DAY_MS, FIFTEEN_MINUTES_MS, FIVE_MINUTES_MS, formatUtc, HOUR_MS, wallMs } from '@/time';
import { uniformsOf } from './noise';
import { dayAheadLastTime, lastStarted } from './schedule';
import type { LocationDef, Millis, SeriesMember } from './types';

const PRICE_DATASET_IDS = [
  'ercot_lmp_by_settlement_point',
  'ercot_spp_day_ahead_hourly',
  'ercot_spp_real_time_15_min',
] as const;

const STATUS_THRESHOLD_DAYS = 7;

const HUBS = ['HB_BUSAVG', 'HB_HOUSTON', 'HB_HUBAVG', 'HB_NORTH', 'HB_PAN', 'HB_SOUTH', 'HB_WEST'] as const;
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

/** [latMin, latMax, lonMin, lonMax] */
export type Area = readonly [number, number, number, number];

/** Areas the nodes of each zone lie in; every place of `ZONE_PLACES` is inside one of its zone's. */
export const ZONE_AREAS: Record<LoadZone, readonly Area[]> = {
  // Greater Houston, out to the ship channel, Texas City and Fort Bend.
  LZ_HOUSTON: [[29.3, 30.2, -95.9, -94.85]],
  LZ_WEST: [
    // The Permian Basin, from Fort Stockton and Pecos up to Lamesa.
    [30.8, 32.8, -103.6, -101.2],
    // The Rolling Plains wind country: Snyder, Sweetwater, Abilene.
    [32.0, 33.4, -101.4, -99.6],
    // The Concho Valley around San Angelo.
    [31.0, 32.0, -101.2, -100.2],
  ],
  // Dallas–Fort Worth, south to Glen Rose and Ennis.
  LZ_NORTH: [[32.2, 33.45, -97.9, -96.4]],
  LZ_AEN: [[30.12, 30.45, -97.88, -97.5]],
  LZ_CPS: [[29.2, 29.7, -98.8, -98.2]],
  LZ_LCRA: [
    // The Hill Country and the Highland Lakes west of Austin.
    [29.75, 31.1, -99.4, -98.0],
    // Down the Colorado: Bastrop, Smithville, La Grange (the Fayette plant).
    [29.6, 30.3, -97.4, -96.6],
  ],
  // North-east of Dallas (Rayburn Country).
  LZ_RAYBN: [[32.85, 33.6, -96.5, -95.4]],
  LZ_SOUTH: [
    // The Coastal Bend around Corpus Christi.
    [27.3, 28.5, -98.1, -97.0],
    // The ranch and wind country of Kenedy and Willacy counties.
    [26.4, 27.3, -97.9, -97.5],
    // The Rio Grande Valley.
    [25.9, 26.4, -98.4, -97.2],
    // Laredo, and Victoria with the Coleto Creek plant.
    [27.4, 27.7, -99.6, -99.3],
    [28.5, 29.0, -97.3, -96.8],
  ],
};

/**
 * A place a node may be named after. `farm`: open country around it, where wind and solar farms
 * are built; nodes in a city are gas units, storage and load points. `weight`: how many more nodes
 * than a small town it draws (the big cities and plant sites).
 */
export interface Place {
  word: string;
  lat: number;
  lon: number;
  farm: boolean;
  weight: number;
}

/** The `farm` flag of a place, named: open country (wind, solar) or a town (gas, storage, load). */
const FARM = true;
const TOWN = false;
const places = (rows: readonly (readonly [string, number, number, boolean, number?])[]): readonly Place[] =>
  rows.map(([word, lat, lon, farm, weight = 1]) => ({ word, lat, lon, farm, weight }));

/** Real towns, lakes and plant sites of each zone, spelled as ERCOT abbreviates them. */
export const ZONE_PLACES: Record<LoadZone, readonly Place[]> = {
  LZ_WEST: places([
    ['ABILENE', 32.45, -99.73, TOWN, 3],
    ['ANDREWS', 32.32, -102.55, FARM],
    ['ANSON', 32.76, -99.9, FARM],
    ['BARSTOW', 31.46, -103.4, FARM],
    ['BIGLAKE', 31.19, -101.46, FARM],
    ['BIGSPRING', 32.25, -101.48, FARM],
    ['BRONTE', 31.88, -100.29, FARM],
    ['COLCITY', 32.39, -100.86, FARM],
    ['CRANE', 31.4, -102.35, FARM],
    ['FTSTOCKTN', 30.89, -102.88, FARM],
    ['GAIL', 32.77, -101.45, FARM],
    ['GARDENCTY', 31.86, -101.48, FARM],
    ['GOLDSMITH', 31.98, -102.61, FARM],
    ['HAMLIN', 32.88, -100.13, FARM],
    ['IRAAN', 30.91, -101.9, FARM],
    ['KERMIT', 31.86, -103.09, FARM],
    ['LAMESA', 32.74, -101.95, FARM],
    ['MCCAMEY', 31.13, -102.22, FARM],
    ['MERKEL', 32.47, -100.01, FARM],
    ['MIDLAND', 32.0, -102.08, FARM, 3],
    ['MONAHANS', 31.59, -102.89, FARM],
    ['NOTREES', 31.92, -102.75, FARM],
    ['ODESSA', 31.85, -102.37, FARM, 3],
    ['PECOS', 31.42, -103.49, FARM],
    ['POST', 33.19, -101.38, FARM],
    ['RANKIN', 31.22, -101.94, FARM],
    ['ROBERTLEE', 31.89, -100.48, FARM],
    ['ROSCOE', 32.45, -100.54, FARM],
    ['ROTAN', 32.85, -100.47, FARM],
    ['SANANGELO', 31.46, -100.44, TOWN, 3],
    ['SEMINOLE', 32.72, -102.64, FARM],
    ['SNYDER', 32.72, -100.92, FARM],
    ['STAMFORD', 32.95, -99.8, FARM],
    ['STANTON', 32.13, -101.79, FARM],
    ['SWEETWATER', 32.47, -100.41, FARM],
    ['TRENT', 32.49, -100.12, FARM],
    ['WICKETT', 31.57, -103.0, FARM],
    ['WINK', 31.75, -103.16, FARM],
  ]),
  LZ_NORTH: places([
    ['ARLINGTON', 32.74, -97.11, TOWN, 3],
    ['AZLE', 32.9, -97.55, FARM],
    ['BRIDGEPORT', 33.21, -97.75, FARM],
    ['BURLESON', 32.54, -97.32, TOWN],
    ['CARROLLTON', 32.95, -96.89, TOWN],
    ['CLEBURNE', 32.35, -97.39, FARM],
    ['DALLAS', 32.78, -96.8, TOWN, 3],
    ['DECATUR', 33.23, -97.59, FARM],
    ['DECORDOVA', 32.4, -97.7, TOWN],
    ['DENTON', 33.21, -97.13, TOWN],
    ['ENNIS', 32.33, -96.63, FARM],
    ['FORNEY', 32.75, -96.47, TOWN],
    ['FRISCO', 33.15, -96.82, TOWN],
    ['FTWORTH', 32.75, -97.33, TOWN, 3],
    ['GARLAND', 32.91, -96.64, TOWN],
    ['GLENROSE', 32.23, -97.76, FARM],
    ['GRANBURY', 32.44, -97.79, FARM],
    ['GRANDPR', 32.75, -97.0, TOWN],
    ['HANDLEY', 32.73, -97.22, TOWN],
    ['HASLET', 32.97, -97.35, FARM],
    ['IRVING', 32.81, -96.95, TOWN],
    ['KELLER', 32.93, -97.23, TOWN],
    ['LEWISVLE', 33.05, -97.0, TOWN],
    ['LKHUBBARD', 32.83, -96.55, TOWN],
    ['MANSFIELD', 32.56, -97.14, TOWN],
    ['MCKINNEY', 33.2, -96.62, TOWN],
    ['MESQUITE', 32.77, -96.6, TOWN],
    ['MIDLOTHN', 32.48, -97.0, FARM],
    ['MTNCREEK', 32.72, -96.94, TOWN],
    ['PLANO', 33.02, -96.7, TOWN],
    ['SPRINGTWN', 32.97, -97.68, FARM],
    ['WAXAHACHIE', 32.39, -96.85, FARM],
    ['WTHRFORD', 32.76, -97.8, FARM],
  ]),
  LZ_HOUSTON: places([
    ['ALDINE', 29.93, -95.38, TOWN],
    ['ALVIN', 29.42, -95.24, FARM],
    ['BAYTOWN', 29.74, -94.98, TOWN, 3],
    ['BELLAIRE', 29.71, -95.46, TOWN],
    ['CEDARBYU', 29.75, -94.92, TOWN, 3],
    ['CHANVIEW', 29.78, -95.11, TOWN],
    ['CROSBY', 29.91, -95.06, FARM],
    ['CYPRESS', 29.97, -95.7, TOWN],
    ['DEERPARK', 29.71, -95.12, TOWN, 3],
    ['FRNDSWD', 29.53, -95.2, TOWN],
    ['GALENA', 29.73, -95.23, TOWN],
    ['GRNSBYU', 29.82, -95.22, TOWN],
    ['HUMBLE', 29.99, -95.26, TOWN],
    ['KATY', 29.79, -95.82, FARM],
    ['KINGWOOD', 30.05, -95.19, TOWN],
    ['LAPORTE', 29.67, -95.02, TOWN],
    ['LEAGUECTY', 29.51, -95.09, TOWN],
    ['MOCITY', 29.62, -95.54, TOWN],
    ['PASADENA', 29.69, -95.21, TOWN, 3],
    ['PEARLAND', 29.56, -95.29, TOWN],
    ['RICHMOND', 29.58, -95.76, FARM],
    ['ROSENBERG', 29.56, -95.81, FARM],
    ['SANJACNTO', 29.76, -95.08, TOWN],
    ['SEABROOK', 29.56, -95.03, TOWN],
    ['SHELDON', 29.86, -95.13, TOWN],
    ['SRBERTRON', 29.73, -95.05, TOWN],
    ['STAFFORD', 29.62, -95.56, TOWN],
    ['SUGARLND', 29.62, -95.63, TOWN],
    ['THWHARTON', 29.94, -95.53, TOWN],
    ['TOMBALL', 30.1, -95.62, FARM],
    ['TXCITY', 29.38, -94.9, TOWN],
    ['WAPARISH', 29.48, -95.63, TOWN],
    ['WEBSTER', 29.54, -95.12, TOWN],
  ]),
  LZ_SOUTH: places([
    ['ALICE', 27.75, -98.07, FARM],
    ['ARANSAS', 27.91, -97.15, TOWN],
    ['ARMSTRONG', 26.93, -97.78, FARM],
    ['BDAVIS', 27.61, -97.31, TOWN],
    ['BISHOP', 27.59, -97.8, FARM],
    ['BROWNSVL', 25.93, -97.49, TOWN, 3],
    ['COLETO', 28.71, -97.21, FARM],
    ['CORPUS', 27.8, -97.4, TOWN, 3],
    ['DONNA', 26.17, -98.05, TOWN],
    ['EDINBURG', 26.3, -98.16, TOWN],
    ['ELSA', 26.29, -97.99, FARM],
    ['GREGORY', 27.92, -97.29, FARM],
    ['HARLINGEN', 26.19, -97.7, TOWN, 3],
    ['INGLESIDE', 27.88, -97.21, TOWN],
    ['KINGSVILLE', 27.52, -97.86, FARM],
    ['LAFERIA', 26.16, -97.82, FARM],
    ['LAREDO', 27.53, -99.49, TOWN, 3],
    ['LOSFRESNOS', 26.07, -97.48, FARM],
    ['MATHIS', 28.09, -97.83, FARM],
    ['MCALLEN', 26.2, -98.23, TOWN, 3],
    ['MERCEDES', 26.15, -97.91, TOWN],
    ['MISSION', 26.22, -98.33, TOWN],
    ['NUECESBAY', 27.82, -97.43, TOWN],
    ['ODEM', 27.95, -97.58, FARM],
    ['PENASCAL', 27.0, -97.55, FARM],
    ['PHARR', 26.19, -98.18, TOWN],
    ['PORTLAND', 27.88, -97.32, TOWN],
    ['PTISABEL', 26.07, -97.21, FARM],
    ['RAYMONDVL', 26.48, -97.78, FARM],
    ['REFUGIO', 28.31, -97.28, FARM],
    ['RIVIERA', 27.3, -97.81, FARM],
    ['ROBSTOWN', 27.79, -97.67, FARM],
    ['SANBENITO', 26.13, -97.63, TOWN],
    ['SARITA', 27.22, -97.79, FARM],
    ['SINTON', 28.04, -97.51, FARM],
    ['TAFT', 27.98, -97.4, FARM],
    ['VICTORIA', 28.8, -97.0, TOWN, 3],
    ['WESLACO', 26.16, -97.99, TOWN],
    ['WOODSBORO', 28.24, -97.32, FARM],
  ]),
  LZ_CPS: places([
    ['ALAMO', 29.43, -98.49, TOWN, 3],
    ['BEXAR', 29.42, -98.5, TOWN],
    ['BRAUNIG', 29.26, -98.38, TOWN],
    ['CALAVERAS', 29.28, -98.32, FARM, 3],
    ['CASTLEHLS', 29.52, -98.52, TOWN],
    ['CIBOLO', 29.56, -98.23, FARM],
    ['CONVERSE', 29.52, -98.32, TOWN],
    ['ELMENDORF', 29.26, -98.33, FARM],
    ['HELOTES', 29.58, -98.69, FARM],
    ['KIRBY', 29.46, -98.39, TOWN],
    ['LEONCRK', 29.36, -98.56, TOWN],
    ['LEONSPRGS', 29.66, -98.65, FARM],
    ['LEONVLY', 29.49, -98.61, TOWN],
    ['MACDONA', 29.33, -98.7, FARM],
    ['SCHERTZ', 29.55, -98.27, TOWN],
    ['SOMERSET', 29.23, -98.66, FARM],
    ['SPRUCE', 29.3, -98.32, TOWN],
    ['STONEOAK', 29.65, -98.48, TOWN],
    ['UNIVCITY', 29.58, -98.31, TOWN],
    ['VONORMY', 29.29, -98.65, FARM],
  ]),
  LZ_AEN: places([
    ['AUSTIN', 30.27, -97.74, TOWN, 3],
    ['BARTONCRK', 30.26, -97.8, TOWN],
    ['DECKER', 30.3, -97.61, TOWN, 3],
    ['DELVALLE', 30.19, -97.6, FARM],
    ['GARFIELD', 30.19, -97.56, FARM],
    ['HORNSBY', 30.24, -97.59, FARM],
    ['MANOR', 30.34, -97.56, FARM],
    ['MUELLER', 30.3, -97.7, TOWN],
    ['OAKHILL', 30.23, -97.86, TOWN],
    ['ONIONCRK', 30.14, -97.79, FARM],
    ['PFLUGER', 30.44, -97.62, TOWN],
    ['SANDHILL', 30.21, -97.61, TOWN],
    ['WEBBERVL', 30.23, -97.51, FARM],
    ['ZILKER', 30.27, -97.77, TOWN],
  ]),
  LZ_LCRA: places([
    ['BASTROP', 30.11, -97.32, FARM],
    ['BLANCO', 30.1, -98.42, FARM],
    ['BOERNE', 29.79, -98.73, TOWN],
    ['BUCHANAN', 30.75, -98.42, TOWN],
    ['BURNET', 30.76, -98.23, FARM],
    ['COMFORT', 29.97, -98.91, FARM],
    ['DRIPSPRGS', 30.19, -98.09, FARM],
    ['FAYETTE', 29.92, -96.75, TOWN, 3],
    ['FBURG', 30.27, -98.87, FARM],
    ['FERGUSON', 30.56, -98.37, TOWN],
    ['FLATONIA', 29.69, -97.11, FARM],
    ['GIDDINGS', 30.18, -96.94, FARM],
    ['INKS', 30.73, -98.38, TOWN],
    ['JOHNSONCY', 30.28, -98.41, FARM],
    ['KERRVILLE', 30.05, -99.14, TOWN],
    ['KINGSLAND', 30.66, -98.44, FARM],
    ['LAGRANGE', 29.91, -96.88, FARM],
    ['LAMPASAS', 31.06, -98.18, FARM],
    ['LLANO', 30.75, -98.68, FARM, 3],
    ['LOSTPINES', 30.15, -97.27, TOWN],
    ['MARBLEFLS', 30.58, -98.27, TOWN, 3],
    ['MASON', 30.75, -99.23, FARM],
    ['SCHULENBG', 29.68, -96.9, FARM],
    ['SMITHVL', 30.01, -97.16, FARM],
    ['SPICEWOOD', 30.47, -98.16, FARM],
    ['WIRTZ', 30.55, -98.34, TOWN],
  ]),
  LZ_RAYBN: places([
    ['BONHAM', 33.58, -96.18, FARM],
    ['CADDOMLS', 33.07, -96.23, FARM],
    ['CAMPBELL', 33.15, -95.95, FARM],
    ['CELESTE', 33.29, -96.2, FARM],
    ['COMMERCE', 33.25, -95.9, TOWN],
    ['COOPER', 33.37, -95.69, FARM],
    ['CUMBY', 33.14, -95.84, FARM],
    ['EMORY', 32.87, -95.77, FARM],
    ['FARMERSVL', 33.16, -96.36, FARM],
    ['GREENVILLE', 33.14, -96.11, TOWN, 3],
    ['HONEYGRV', 33.58, -95.91, FARM],
    ['JOSEPHINE', 33.06, -96.31, FARM],
    ['LADONIA', 33.42, -95.95, FARM],
    ['LEONARD', 33.38, -96.25, FARM],
    ['LONEOAK', 33.0, -95.94, FARM],
    ['NEVADA', 33.04, -96.37, FARM],
    ['QUINLAN', 32.91, -96.14, FARM],
    ['ROYSECITY', 32.98, -96.33, TOWN],
    ['SULPHRSPG', 33.14, -95.6, TOWN, 3],
    ['WOLFECITY', 33.37, -96.07, FARM],
  ]),
};

const DC_TIES: readonly { name: string; zone: LoadZone; lat: number; lon: number }[] = [
  // Near the Oklahoma/Arkansas corner (Monticello), Red River (Oklaunion), Laredo and Railroad (McAllen).
  { name: 'DC_E', zone: 'LZ_NORTH', lat: 33.62, lon: -94.95 },
  { name: 'DC_L', zone: 'LZ_SOUTH', lat: 27.53, lon: -99.49 },
  { name: 'DC_N', zone: 'LZ_WEST', lat: 34.08, lon: -99.18 },
  { name: 'DC_R', zone: 'LZ_SOUTH', lat: 26.2, lon: -98.23 },
];

/** Zone of each hub for pricing purposes (hubs themselves carry no zone on the wire). */
const HUB_PRICE_ZONE: Record<(typeof HUBS)[number], LoadZone | null> = {
  HB_BUSAVG: null,
  HB_HUBAVG: null,
  HB_HOUSTON: 'LZ_HOUSTON',
  HB_NORTH: 'LZ_NORTH',
  HB_PAN: 'LZ_WEST',
  HB_SOUTH: 'LZ_SOUTH',
  HB_WEST: 'LZ_WEST',
};

type NodeKind = 'solar' | 'wind' | 'storage' | 'gas' | 'other';
const SUFFIXES: Record<NodeKind, readonly string[]> = {
  solar: ['_SOLAR1', '_SOLAR2', '_SLR_RN', '_PV1', '_RN'],
  wind: ['_WIND1', '_WIND2', '_WND_RN', '_WF1'],
  storage: ['_ESS1', '_ESS2', '_BESS_RN', '_BES1'],
  gas: ['_UNIT1', '_UNIT2', '_UNIT3', '_CC1', '_CT1', '_GT2', '_STG'],
  other: ['_RN', '_ALL', '_LD1'],
};
/** Farms need open country; the other kinds also sit in towns. */
const NEEDS_FARM: Record<NodeKind, boolean> = {
  solar: true,
  wind: true,
  storage: false,
  gas: false,
  other: false,
};

/**
 * Share of nodes per zone, the mix of node kinds there (solar, wind, storage, gas, other) and how
 * far (degrees) a node strays from the place it is named after. Wind is a West and South-coast
 * thing, gas crowds the load centres, storage is everywhere.
 */
const ZONE_MIX: readonly {
  zone: LoadZone;
  weight: number;
  kinds: readonly [number, number, number, number, number];
  spread: number;
}[] = [
  { zone: 'LZ_WEST', weight: 0.24, kinds: [0.35, 0.35, 0.15, 0.1, 0.05], spread: 0.15 },
  { zone: 'LZ_NORTH', weight: 0.22, kinds: [0.17, 0.02, 0.16, 0.5, 0.15], spread: 0.06 },
  { zone: 'LZ_HOUSTON', weight: 0.15, kinds: [0.05, 0, 0.2, 0.6, 0.15], spread: 0.04 },
  { zone: 'LZ_SOUTH', weight: 0.17, kinds: [0.2, 0.35, 0.15, 0.2, 0.1], spread: 0.06 },
  { zone: 'LZ_LCRA', weight: 0.08, kinds: [0.3, 0, 0.2, 0.4, 0.1], spread: 0.06 },
  { zone: 'LZ_CPS', weight: 0.06, kinds: [0.25, 0, 0.2, 0.45, 0.1], spread: 0.04 },
  { zone: 'LZ_AEN', weight: 0.03, kinds: [0.3, 0, 0.2, 0.35, 0.15], spread: 0.03 },
  { zone: 'LZ_RAYBN', weight: 0.05, kinds: [0.2, 0, 0.2, 0.4, 0.2], spread: 0.06 },
];
const KINDS: readonly NodeKind[] = ['solar', 'wind', 'storage', 'gas', 'other'];

/**
 * Nodes placed by hand: the two Comanche Peak units (nuclear, so rare they are not drawn at
 * random), and ABILENE_ALL, kept exactly where earlier builds put it because saved links and the
 * location page's test open it.
 */
const FIXED_NODES: readonly { name: string; zone: LoadZone; lat: number; lon: number }[] = [
  { name: 'ABILENE_ALL', zone: 'LZ_WEST', lat: 33.1503, lon: -100.7753 },
  { name: 'CPSES_UNIT1', zone: 'LZ_NORTH', lat: 32.2984, lon: -97.7853 },
  { name: 'CPSES_UNIT2', zone: 'LZ_NORTH', lat: 32.2988, lon: -97.7847 },
];

const NODE_COUNT = 640;
const S_NODE = 71;

function pick<T>(items: readonly T[], u: number): T {
  const item = items[Math.min(items.length - 1, Math.floor(u * items.length))];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/**
 * Running shares of `weights` (each a share of their total, summed in order), for `pickWeighted`:
 * computed once per list, so drawing 640 nodes does not sum the same weights 640 times (the
 * table is built when the mock loads, on the first screen's path).
 */
function cumulativeShares(weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  return weights.map((w) => (acc += w / total));
}

/** The index of the first running share above `u` (the last index when rounding leaves `u` past all). */
function pickIndex(shares: readonly number[], u: number): number {
  for (let i = 0; i < shares.length; i++) {
    if (u < (shares[i] ?? 0)) return i;
  }
  return shares.length - 1;
}

function pickWeighted<T>(items: readonly T[], shares: readonly number[], u: number): T {
  const item = items[pickIndex(shares, u)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;
const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

export function areaContains(area: Area, lat: number, lon: number): boolean {
  return lat >= area[0] && lat <= area[1] && lon >= area[2] && lon <= area[3];
}

/** The area of `zone` holding `place`, so a node strays from its place but never out of its zone. */
function areaOf(zone: LoadZone, place: Place): Area {
  const area = ZONE_AREAS[zone].find((a) => areaContains(a, place.lat, place.lon));
  if (!area) throw new Error(`${place.word} lies outside ${zone}`);
  return area;
}

/** A whole hour between two instants, chosen by `u`. */
function hourBetween(from: Millis, to: Millis, u: number): Millis {
  return from + Math.floor((u * (to - from)) / HOUR_MS) * HOUR_MS;
}

interface Draft extends Omit<LocationDef, 'index' | 'name'> {
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
  const node = (name: string, zone: LoadZone, lat: number, lon: number): Draft => ({
    ...base,
    gsEntityId: `ercot-${name.toLowerCase()}`,
    location: name,
    locationType: 'Resource Node',
    zone,
    latitude: lat,
    longitude: lon,
    priceZone: zone,
  });
  for (const fixed of FIXED_NODES) drafts.push(node(fixed.name, fixed.zone, fixed.lat, fixed.lon));
  const seen = new Set<string>(drafts.map((d) => d.location));
  const retireFrom = wallMs(2023, 3, 1);
  const retireTo = wallMs(2025, 6, 30);
  const lateFrom = wallMs(2023, 2, 1);
  const lateTo = wallMs(2025, 6, 1);
  const mixShares = cumulativeShares(ZONE_MIX.map((m) => m.weight));
  const kindShares = ZONE_MIX.map((m) => cumulativeShares(m.kinds));
  const placesOf = (zone: LoadZone, farm: boolean) => {
    const all = ZONE_PLACES[zone];
    const fitting = farm ? all.filter((p) => p.farm) : all;
    return { places: fitting, shares: cumulativeShares(fitting.map((p) => p.weight)) };
  };
  const placeChoices = ZONE_MIX.map((m) => ({ farm: placesOf(m.zone, true), any: placesOf(m.zone, false) }));
  for (let i = 0, made = FIXED_NODES.length; made < NODE_COUNT; i++) {
    const u = uniformsOf(S_NODE, i);
    const m = pickIndex(mixShares, u(0));
    const mix = ZONE_MIX[m];
    const choice = placeChoices[m];
    if (mix === undefined || choice === undefined) throw new Error(`no zone at ${m}`);
    const kind = pickWeighted(KINDS, kindShares[m] ?? [], u(1));
    const fitting = NEEDS_FARM[kind] ? choice.farm : choice.any;
    const place = pickWeighted(fitting.places, fitting.shares, u(2));
    const name = `${place.word}${pick(SUFFIXES[kind], u(3))}`;
    if (seen.has(name)) continue;
    seen.add(name);
    made++;
    const area = areaOf(mix.zone, place);
    const lat = round4(clamp(place.lat + mix.spread * (2 * u(5) - 1), area[0], area[1]));
    const lon = round4(clamp(place.lon + mix.spread * (2 * u(6) - 1), area[2], area[3]));
    const draft = node(name, mix.zone, lat, lon);
    // About 5% of nodes retire mid-history; about a third of solar and storage are new builds.
    const fate = u(7);
    if (fate < 0.05) {
      draft.retiredAt = hourBetween(retireFrom, retireTo, u(8));
    } else if ((kind === 'solar' || kind === 'storage') && fate < 0.34) {
      draft.firstSeen = hourBetween(lateFrom, lateTo, u(8));
    }
    drafts.push(draft);
  }
  drafts.sort((a, b) => (a.location < b.location ? -1 : a.location > b.location ? 1 : 0));
  return drafts;
}

const allDrafts = once(buildDrafts);

/** The registry, in name byte order (built on first use: `once`). */
export const locationDefs = once((): readonly LocationDef[] =>
  allDrafts().map((d, index) => ({
    index,
    gsEntityId: d.gsEntityId,
    name: d.location,
    location: d.location,
    locationType: d.locationType,
    zone: d.zone,
    latitude: d.latitude,
    longitude: d.longitude,
    firstSeen: d.firstSeen,
    retiredAt: d.retiredAt,
  })),
);

/** Pricing zone by registry index (null for the system-wide averages). */
export const priceZoneByIndex = once((): readonly (LoadZone | null)[] => allDrafts().map((d) => d.priceZone));

/** A stable per-location integer for seeding its noise. */
export const locationSeedByIndex = once((): readonly number[] =>
  allDrafts().map((d) => hashName(d.location)),
);

function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const byId = once(() => new Map(locationDefs().map((l) => [l.gsEntityId, l])));
const byName = once(() => new Map(locationDefs().map((l) => [l.location, l])));

export function getLocationByEntityId(id: string): LocationDef | undefined {
  return byId().get(id);
}

export function getLocationByName(name: string): LocationDef | undefined {
  return byName().get(name);
}

const PRICE_GRIDS: readonly { step: Millis; last: (now: Millis) => Millis }[] = [
  { step: FIVE_MINUTES_MS, last: (now) => lastStarted(now, FIVE_MINUTES_MS) },
  { step: HOUR_MS, last: dayAheadLastTime },
  { step: FIFTEEN_MINUTES_MS, last: (now) => lastStarted(now, FIFTEEN_MINUTES_MS) },
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

/**
 * A subseries member as the pricing location it is: the price datasets' rows read the location's
 * type and zone. Throws for a missing member or one of another kind (a resource, a constraint).
 */
export function asLocation(member: SeriesMember | null): LocationDef {
  if (member === null || !('locationType' in member)) throw new Error('a price row needs a pricing location');
  return member as LocationDef;
}
