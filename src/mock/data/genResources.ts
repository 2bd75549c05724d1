/**
 * The generation fleet of the 60-day SCED disclosure: a few hundred resources whose outputs add up,
 * type by type, to `ercot_fuel_mix` of the same interval.
 *
 * Each fuel's fleet is sized to `INSTALLED_MW`, above anything the fuel mix reaches through
 * `FLEET_SIZED_THROUGH` (genResources.test.ts scans for it): a disclosure whose units could not
 * have produced the fuel mix's output would contradict it.
 *
 * Dispatchable fuels (nuclear, coal, gas) are filled in merit order: resource i of a fuel produces
 * clamp(fuel total − capacity of the resources before it, 0, its capacity), so a fuel's resources
 * sum exactly to the fuel and a unit is OFF when the fuel does not reach it; no unit ever runs
 * above its own capacity (its high sustained limit). Weather-driven and small fuels (wind, solar,
 * storage, hydro, other) are shared by capacity, with a slow per-resource drift of a few percent,
 * so their sum is close, not equal.
 */
import { FIVE_MINUTES_MS, HOUR_MS, wallMs } from '@/time';
import { DATA_START } from './climate';
import { fuelMixAt, type FuelMix } from './fuelMix';
import { clamp, gauss2, round2, seriesNoise, u1 } from './noise';
import { scedTimestamp } from './prices';
import type { Millis, RawCell, SeriesMember } from './types';
import { once } from './once';

export type Fuel = Exclude<keyof FuelMix, 'load'>;

/** The fleet's capacity covers the fuel mix up to this instant; the data after it is not promised. */
export const FLEET_SIZED_THROUGH = wallMs(2030, 1, 1, 0);

/**
 * Installed MW per fuel: above the fuel mix's peak through `FLEET_SIZED_THROUGH` (solar and storage
 * grow year by year; their peak is in 2029) with a few percent of margin.
 */
const INSTALLED_MW: Record<Fuel, number> = {
  nuclear: 5200,
  coal: 14300,
  gas: 56000,
  wind: 37500,
  solar: 47500,
  storage: 18500,
  hydro: 500,
  other: 220,
};

/** ERCOT's resource types, each with the fuel of `ercot_fuel_mix` it reports under. */
const TYPES = [
  // [type, fuel, count, capacity MW, name suffix, merit rank within the fuel]
  ['NUC', 'nuclear', 4, 1300, 'UNIT', 0],
  ['CLLIG', 'coal', 14, 1000, 'UNIT', 0],
  ['CCGT90', 'gas', 120, 260, 'CC1', 0],
  ['CCLE90', 'gas', 24, 180, 'CC2', 1],
  ['GSREH', 'gas', 30, 420, 'ST', 2],
  ['GSSUP', 'gas', 14, 560, 'G', 3],
  ['SCGT90', 'gas', 70, 90, 'GT', 4],
  ['GSNONR', 'gas', 10, 120, 'CT', 5],
  ['WIND', 'wind', 150, 250, 'WIND', 0],
  ['PVGR', 'solar', 200, 240, 'SOLAR', 0],
  ['PWRSTR', 'storage', 150, 120, 'BESS', 0],
  ['HYDRO', 'hydro', 8, 70, 'HY', 0],
  ['RENEW', 'other', 6, 40, 'BIO', 0],
] as const satisfies readonly (readonly [string, Fuel, number, number, string, number])[];

const MERIT_FUELS: ReadonlySet<Fuel> = new Set(['nuclear', 'coal', 'gas']);

const SITES = [
  'ALAMO',
  'ANSON',
  'BASTROP',
  'BIGSPRNG',
  'BRAZOS',
  'BUFFALO',
  'CEDAR',
  'COLETO',
  'COMANCHE',
  'CONCHO',
  'CORSICNA',
  'CROCKETT',
  'DECKER',
  'DENTON',
  'EAGLE',
  'ELMCREEK',
  'FAYETTE',
  'FLATTOP',
  'FORNEY',
  'FRIO',
  'GIBBONS',
  'GOLDSMTH',
  'GUADLUPE',
  'HASKELL',
  'HAYS',
  'HIDALGO',
  'HORSE',
  'JACKCNTY',
  'KIAMICHI',
  'LAMAR',
  'LAREDO',
  'LIMESTON',
  'LLANO',
  'LOSTPINE',
  'MARTIN',
  'MIDLOTH',
  'MONAHANS',
  'MUSTANG',
  'NAVASOTA',
  'NUECES',
  'ODESSA',
  'PANHNDL',
  'PECOS',
  'PERMIAN',
  'QUAIL',
  'RAYBURN',
  'REDOAK',
  'RIOGRAND',
  'SABINE',
  'SANDHILL',
  'SANMIGL',
  'SWEETWTR',
  'TRINIDAD',
  'TRINITY',
  'VICTORIA',
  'WAXAHACH',
  'WHARTON',
  'WICHITA',
  'WOLFHLLW',
  'YOAKUM',
];
const NUCLEAR_NAMES = ['CPSES_UNIT1', 'CPSES_UNIT2', 'STP_STP_G1', 'STP_STP_G2'];

/** Scheduling entities (fictional codes): a resource's QSE and its decision-making entity. */
const QSES = ['QALPHA', 'QBRAVO', 'QCEDAR', 'QDELTA', 'QECHO', 'QFALCON', 'QGRANITE', 'QHARBOR'];

// Stream ids: S_FLEET, S_FLEET + 1 and S_FLEET + 2 draw the fleet; the drift is a family of its own,
// one stream per resource, far above every other id (prices use 86 + 16·zone, which the drift's
// old 142 + 8·index met at 150, 166, 182 and 198).
const S_FLEET = 141;
const S_METER = 145;
const S_OFFER = 144;
const S_DRIFT_BASE = 1_000_000_000;

export interface GenResource extends SeriesMember {
  resourceType: (typeof TYPES)[number][0];
  fuel: Fuel;
  capacity: number;
  qse: string;
  dme: string;
  /** Dispatchable fuels: capacity of the resources of the same fuel before this one in merit order. */
  before: number;
  /** Weather-driven fuels: this resource's share of the fuel. */
  share: number;
  /** Marginal cost, $/MWh, for the offer curve. */
  cost: number;
}

function buildFleet(): GenResource[] {
  const drafts: Omit<GenResource, 'index' | 'before' | 'share'>[] = [];
  const used = new Set<string>();
  let n = 0;
  for (const [type, fuel, count, capacity, suffix] of TYPES) {
    for (let i = 0; i < count; i++, n++) {
      let name = type === 'NUC' ? (NUCLEAR_NAMES[i] ?? `NUKE_UNIT${i}`) : '';
      for (let attempt = 0; name === '' || used.has(name); attempt++) {
        const site = SITES[Math.floor(u1(S_FLEET, n * 31 + attempt) * SITES.length)] ?? 'SITE';
        name = `${site}_${suffix}_${1 + ((i + attempt) % 4)}`;
      }
      used.add(name);
      const qse = QSES[Math.floor(u1(S_FLEET + 1, n) * QSES.length)] ?? 'QALPHA';
      drafts.push({
        name,
        firstSeen: DATA_START,
        retiredAt: null,
        resourceType: type,
        fuel,
        capacity: Math.round(capacity * (0.6 + 0.8 * u1(S_FLEET + 2, n))),
        qse,
        dme: `D${qse.slice(1)}`,
        cost: fuel === 'wind' || fuel === 'solar' ? -20 + 15 * u1(S_OFFER, n) : 8 + 40 * u1(S_OFFER, n),
      });
    }
  }
  // Scale each fuel's units to its installed capacity, keeping their relative sizes.
  const drafted = new Map<Fuel, number>();
  for (const d of drafts) drafted.set(d.fuel, (drafted.get(d.fuel) ?? 0) + d.capacity);
  for (const d of drafts)
    d.capacity = Math.ceil((d.capacity * INSTALLED_MW[d.fuel]) / (drafted.get(d.fuel) ?? 1));
  const merit = new Map(TYPES.map(([type, , , , , rank]) => [type, rank as number]));
  // Merit order: by rank of the type within its fuel, then cheaper first.
  const order = [...drafts].sort(
    (a, b) => (merit.get(a.resourceType) ?? 0) - (merit.get(b.resourceType) ?? 0) || a.cost - b.cost,
  );
  const before = new Map<string, number>();
  const totals = new Map<Fuel, number>();
  for (const d of order) {
    const sum = totals.get(d.fuel) ?? 0;
    before.set(d.name, sum);
    totals.set(d.fuel, sum + d.capacity);
  }
  return drafts
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((d, index): GenResource => ({
      // Written out, not spread: objects made by `{ ...d }` each got a hidden class of their own
      // in V8 (792 among 800), so every read of a resource's field in a row was megamorphic.
      name: d.name,
      firstSeen: d.firstSeen,
      retiredAt: d.retiredAt,
      resourceType: d.resourceType,
      fuel: d.fuel,
      capacity: d.capacity,
      qse: d.qse,
      dme: d.dme,
      cost: d.cost,
      index,
      before: before.get(d.name) ?? 0,
      share: d.capacity / (totals.get(d.fuel) ?? 1),
    }));
}

/** The fleet, sorted by resource name in byte order (the subseries order; built on first use: `once`). */
export const genResources = once<readonly GenResource[]>(buildFleet);

/** The fuel-mix column a resource type reports under. */
export const FUEL_COLUMN_OF_FUEL: Record<Fuel, string> = {
  coal: 'coal_and_lignite',
  hydro: 'hydro',
  nuclear: 'nuclear',
  storage: 'power_storage',
  solar: 'solar',
  wind: 'wind',
  gas: 'natural_gas',
  other: 'other',
};

/**
 * What every row of one resource shares, worked out once for the fleet: a first page of the
 * disclosure is 500 rows of one interval, so anything that does not depend on the interval is not
 * worked out again per row (decision 0030). The values are those of the formulas in
 * `genResourceRow`, so precomputing changes no cell.
 */
interface RowKit {
  resource: GenResource;
  /** Position of the resource's fuel in `FUELS`. */
  fuel: number;
  dispatchable: boolean;
  storage: boolean;
  nuclear: boolean;
  /** Carries Responsive Reserve when on (storage and gas). */
  rrs: boolean;
  capacity: number;
  before: number;
  share: number;
  /** The resource's drift around its share of a weather-driven fuel, in [0, 1). */
  drift: (t: Millis) => number;
  ramp: number;
  meterScale: number;
  regUpCap: number;
  rrsCap: number;
  regDownWhenOn: number;
  price1: number;
  price2: number;
  price3: number;
  minGenCost: number | null;
  startUpHot: number | null;
}

const FUELS = Object.keys(FUEL_COLUMN_OF_FUEL) as Fuel[];

function rowKit(r: GenResource): RowKit {
  const dispatchable = MERIT_FUELS.has(r.fuel);
  const storage = r.fuel === 'storage';
  return {
    resource: r,
    fuel: FUELS.indexOf(r.fuel),
    dispatchable,
    storage,
    nuclear: r.fuel === 'nuclear',
    rrs: storage || r.fuel === 'gas',
    capacity: r.capacity,
    before: r.before,
    share: r.share,
    drift: seriesNoise(S_DRIFT_BASE + r.index, 3 * HOUR_MS),
    ramp: (dispatchable ? 0.02 : 0.1) * r.capacity * 5,
    meterScale: 0.004 * r.capacity,
    regUpCap: 0.05 * r.capacity,
    rrsCap: 0.08 * r.capacity,
    regDownWhenOn: dispatchable || storage ? 0.03 * r.capacity : 0,
    price1: round2(r.cost),
    price2: round2(r.cost * 1.3 + 2),
    price3: round2(r.cost * 2 + 10),
    minGenCost: dispatchable ? round2(r.cost * r.capacity * 0.3) : null,
    startUpHot: dispatchable ? round2(r.capacity * (r.fuel === 'gas' ? 18 : 40)) : null,
  };
}

/** One kit per resource, at the resource's `index`. */
const rowKits = once((): readonly RowKit[] => genResources().map(rowKit));

function kitOf(member: SeriesMember | null): RowKit {
  const kit = member ? rowKits()[member.index] : undefined;
  if (!kit || kit.resource !== member) throw new Error('a disclosure row needs a resource of the fleet');
  return kit;
}

/** What the rows of one interval share: each fuel's total (in `FUELS` order) and the SCED run's timestamp. */
const interval = { t: Number.NaN, sced: 0, totals: new Float64Array(FUELS.length) };

function enterInterval(t: Millis): void {
  if (interval.t === t) return;
  const mix = fuelMixAt(t);
  FUELS.forEach((fuel, i) => (interval.totals[i] = mix[fuel]));
  interval.sced = scedTimestamp(t);
  interval.t = t;
}

/** Net output (MW) of a resource at a 5-minute grid point: its part of the fuel mix. */
function resourceOutput(t: Millis, kit: RowKit): number {
  const total = interval.totals[kit.fuel] ?? 0;
  if (kit.dispatchable) return clamp(total - kit.before, 0, kit.capacity);
  return total * kit.share * (1 + 0.04 * (kit.drift(t) * 2 - 1));
}

/** One row of `ercot_sced_gen_resource_60_day`, its 30 cells in the dataset's column order. */
export function genResourceRow(t: Millis, member: SeriesMember | null): RawCell[] {
  const kit = kitOf(member);
  const r = kit.resource;
  enterInterval(t);
  const out = resourceOutput(t, kit);
  const on = !kit.dispatchable || out > 0;
  const status = on ? 'ON' : kit.nuclear ? 'OUT' : 'OFF';
  const hsl = on ? (kit.dispatchable || kit.storage ? kit.capacity : Math.max(out, 0) * 1.04) : 0;
  const lsl = !on
    ? 0
    : kit.storage
      ? -kit.capacity
      : kit.dispatchable
        ? Math.min(out, 0.3 * kit.capacity)
        : 0;
  const regUp = on && kit.dispatchable ? Math.min(kit.regUpCap, Math.max(0, hsl - out)) : 0;
  const regDown = on ? kit.regDownWhenOn : 0;
  const rrs = on && kit.rrs ? Math.min(kit.rrsCap, Math.max(0, hsl - out - regUp)) : 0;
  const hasl = hsl - regUp - rrs;
  const lasl = lsl + regDown;
  const basePoint = on ? clamp(out, lsl, hsl) : 0;
  // Meters read a little around the base point, never outside what the unit can physically do.
  const noise = on ? kit.meterScale * gauss2(S_METER, Math.floor(t / FIVE_MINUTES_MS), r.index) : 0;
  const meter = clamp(basePoint + noise, Math.min(0, lsl), hsl);
  const mw1 = Math.max(0, lsl);
  const mw2 = mw1 + 0.5 * (hsl - mw1);
  return [
    t,
    t + FIVE_MINUTES_MS,
    interval.sced,
    r.qse,
    r.dme,
    r.name,
    r.resourceType,
    status,
    kit.nuclear ? round2(basePoint) : null,
    round2(hsl),
    round2(hasl),
    round2(Math.min(hasl, basePoint + kit.ramp)),
    round2(lsl),
    round2(lasl),
    round2(Math.max(lasl, basePoint - kit.ramp)),
    round2(basePoint),
    round2(meter),
    round2(regUp),
    round2(regDown),
    round2(rrs),
    0,
    0,
    round2(mw1),
    kit.price1,
    round2(mw2),
    kit.price2,
    round2(hsl),
    kit.price3,
    kit.minGenCost,
    kit.startUpHot,
  ];
}

const RESOURCE_ATTRIBUTES: Record<string, (r: GenResource) => RawCell> = {
  qse: (r) => r.qse,
  dme: (r) => r.dme,
  resource_type: (r) => r.resourceType,
};

/** Columns of the disclosure that are properties of the resource (see `DatasetDef.memberAttribute`). */
export function resourceAttribute(column: string): ((member: SeriesMember) => RawCell) | undefined {
  const read = RESOURCE_ATTRIBUTES[column];
  return read && ((member) => read(kitOf(member).resource));
}
