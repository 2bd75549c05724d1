/**
 * Binding transmission constraints for the shadow-price datasets (SCED and day-ahead).
 *
 * A member is one (constraint, contingency) pair; a constraint watched under several contingencies
 * has one member each. A row exists only while the pair binds: `constraintBinds` compares a slow
 * per-member noise with a probability that rises with the stress of the constraint's region, in
 * step with the congestion the price model puts there: West export limits bind on windy nights
 * (where the West's prices go low or negative), Houston import limits on hot summer afternoons
 * (where its prices spike), other regions seldom.
 */
import { FIVE_MINUTES_MS, HOUR_MS, MINUTE_MS } from '@/time';
import { climate, DATA_START, hourSlot, standardHour, windFactor } from './climate';
import { clamp, gauss2, round2, u1, valueNoise } from './noise';
import { once } from './once';
import type { Millis, RawCell, SeriesMember } from './types';

type Region = 'west' | 'houston' | 'north' | 'south';

interface Watched {
  name: string;
  region: Region;
  from: string;
  to: string;
  kv: number;
  contingencies: readonly string[];
}

/** ERCOT-style names: line and transformer ids, and the generic transmission constraints. */
const WATCHED: readonly Watched[] = [
  { name: 'WESTEX', region: 'west', from: 'ODEHV', to: 'MOSSW', kv: 345, contingencies: ['BASE CASE'] },
  { name: 'PNHNDL', region: 'west', from: 'ALIBATES', to: 'TULECNYN', kv: 345, contingencies: ['BASE CASE'] },
  {
    name: 'MCCAMEY',
    region: 'west',
    from: 'MCCAMEY',
    to: 'SANDHILL',
    kv: 138,
    contingencies: ['BASE CASE', 'SMCCOD58'],
  },
  {
    name: '6437__A',
    region: 'west',
    from: 'BIGSPRNG',
    to: 'SWEETWTR',
    kv: 138,
    contingencies: ['DBIGSPR5', 'DSWTWTR8'],
  },
  { name: '6510__B', region: 'west', from: 'MONAHANS', to: 'PECOS', kv: 138, contingencies: ['SMONPEC8'] },
  {
    name: 'ODEHV_MOSSW_1',
    region: 'west',
    from: 'ODEHV',
    to: 'MOSSW',
    kv: 345,
    contingencies: ['DODEMOS5', 'DGRSMOS5', 'XODE89'],
  },
  {
    name: 'FLATTOP_MRTN_1',
    region: 'west',
    from: 'FLATTOP',
    to: 'MARTIN',
    kv: 138,
    contingencies: ['SFLTMRT8'],
  },
  {
    name: 'GOLDSMTH_ODE1',
    region: 'west',
    from: 'GOLDSMTH',
    to: 'ODESSA',
    kv: 138,
    contingencies: ['SGLDODE8', 'DODEMOS5'],
  },
  {
    name: 'HASKELL_ANSN_1',
    region: 'west',
    from: 'HASKELL',
    to: 'ANSON',
    kv: 138,
    contingencies: ['SHASANS8'],
  },
  {
    name: 'SNDHL_CNCHO_1',
    region: 'west',
    from: 'SANDHILL',
    to: 'CONCHO',
    kv: 138,
    contingencies: ['SSNDCNC8', 'BASE CASE'],
  },
  {
    name: 'WOLFHLLW_PER1',
    region: 'west',
    from: 'WOLFHLLW',
    to: 'PERMIAN',
    kv: 345,
    contingencies: ['DWOLPER5'],
  },
  {
    name: 'KIAMICHI_LMR1',
    region: 'north',
    from: 'KIAMICHI',
    to: 'LAMAR',
    kv: 345,
    contingencies: ['DKIALMR5'],
  },
  {
    name: 'DENTON_FORN_1',
    region: 'north',
    from: 'DENTON',
    to: 'FORNEY',
    kv: 138,
    contingencies: ['SDENFOR8'],
  },
  {
    name: 'WICHITA_JCK_1',
    region: 'north',
    from: 'WICHITA',
    to: 'JACKCNTY',
    kv: 138,
    contingencies: ['SWICJCK8', 'DWICJCK5'],
  },
  {
    name: 'MIDLOTH_WAX_1',
    region: 'north',
    from: 'MIDLOTH',
    to: 'WAXAHACH',
    kv: 345,
    contingencies: ['DMIDWAX5'],
  },
  {
    name: 'TRINIDAD_CRS1',
    region: 'north',
    from: 'TRINIDAD',
    to: 'CORSICNA',
    kv: 138,
    contingencies: ['STRNCRS8'],
  },
  {
    name: 'HOUSTON_IMP',
    region: 'houston',
    from: 'LIMESTON',
    to: 'GIBBONS',
    kv: 345,
    contingencies: ['BASE CASE'],
  },
  {
    name: 'GIBBONS_NAV_1',
    region: 'houston',
    from: 'GIBBONS',
    to: 'NAVASOTA',
    kv: 345,
    contingencies: ['DGIBNAV5', 'DLIMGIB5'],
  },
  {
    name: 'WHARTON_TRN1',
    region: 'houston',
    from: 'WHARTON',
    to: 'TRINITY',
    kv: 138,
    contingencies: ['SWHRTRN8'],
  },
  {
    name: 'SABINE_RAYB_1',
    region: 'houston',
    from: 'SABINE',
    to: 'RAYBURN',
    kv: 138,
    contingencies: ['SSABRAY8', 'XSAB58'],
  },
  {
    name: 'CROCKETT_TR1',
    region: 'houston',
    from: 'CROCKETT',
    to: 'TRINITY',
    kv: 138,
    contingencies: ['SCRCTRN8'],
  },
  {
    name: 'FAYETTE_BST_1',
    region: 'south',
    from: 'FAYETTE',
    to: 'BASTROP',
    kv: 345,
    contingencies: ['DFAYBST5'],
  },
  {
    name: 'NUECES_VICT_1',
    region: 'south',
    from: 'NUECES',
    to: 'VICTORIA',
    kv: 138,
    contingencies: ['SNUEVIC8', 'DCOLVIC5'],
  },
  {
    name: 'LAREDO_SNM_1',
    region: 'south',
    from: 'LAREDO',
    to: 'SANMIGL',
    kv: 138,
    contingencies: ['SLARSNM8'],
  },
  {
    name: 'HIDALGO_RIO_1',
    region: 'south',
    from: 'HIDALGO',
    to: 'RIOGRAND',
    kv: 138,
    contingencies: ['SHIDRIO8', 'DHIDRIO5'],
  },
  {
    name: 'GUADLUPE_HYS1',
    region: 'south',
    from: 'GUADLUPE',
    to: 'HAYS',
    kv: 345,
    contingencies: ['DGUAHYS5'],
  },
];

export interface ConstraintMember extends SeriesMember {
  constraintId: string;
  contingency: string;
  limitingFacility: string;
  region: Region;
  fromStation: string;
  toStation: string;
  fromKv: number;
  toKv: number;
  /** MW rating of the monitored element. */
  limit: number;
  /** The shadow price cap ERCOT applies to this kind of constraint, $/MWh. */
  maxShadowPrice: number;
  /** How readily this pair binds when its region is stressed. */
  sensitivity: number;
}

const S_CONSTRAINT = 151;
const S_BIND = 152;
const S_PRICE = 153;

function buildMembers(): ConstraintMember[] {
  // `index` is a field of each literal, set after sorting: a copy made by `{ ...d, index }` got a
  // hidden class of its own in V8 (29 among the constraints), which made reading them megamorphic.
  const members: ConstraintMember[] = WATCHED.flatMap((w, i) =>
    w.contingencies.map((contingency, j) => ({
      index: 0,
      name: w.name,
      firstSeen: DATA_START,
      retiredAt: null,
      constraintId: String(100 + i * 7 + j),
      contingency,
      limitingFacility: `${w.from}_${w.to}_1`,
      region: w.region,
      fromStation: w.from,
      toStation: w.to,
      fromKv: w.kv,
      toKv: w.kv === 345 && j % 2 === 1 ? 138 : w.kv,
      limit: Math.round((w.kv === 345 ? 1200 : 260) * (0.7 + 0.6 * u1(S_CONSTRAINT, i * 8 + j))),
      maxShadowPrice: w.kv === 345 ? 5251 : 3500,
      sensitivity: 0.6 + 0.8 * u1(S_CONSTRAINT + 1, i * 8 + j),
    })),
  );
  // Subseries order: constraint name in byte order, then contingency.
  members.sort((a, b) =>
    a.name !== b.name ? (a.name < b.name ? -1 : 1) : a.contingency < b.contingency ? -1 : 1,
  );
  members.forEach((m, index) => (m.index = index));
  return members;
}

/** The constraints, by name then contingency (built on first use: `once`). */
export const constraints = once<readonly ConstraintMember[]>(buildMembers);

const REGIONS: readonly Region[] = ['west', 'houston', 'north', 'south'];
// The engine asks about every member of one interval in a row: the four stresses are shared.
let stressAt = Number.NaN;
const stressOf = new Map<Region, number>();

/** Stress of a region at `t` in [0, 1]: what makes its constraints bind. */
function regionStress(region: Region, t: Millis): number {
  if (t !== stressAt) {
    for (const r of REGIONS) stressOf.set(r, computeStress(r, t));
    stressAt = t;
  }
  return stressOf.get(region) ?? 0;
}

function computeStress(region: Region, t: Millis): number {
  const slot = hourSlot(Math.floor(t / HOUR_MS));
  const h = standardHour(t);
  switch (region) {
    case 'west': {
      const night = 0.5 * (1 + Math.cos((2 * Math.PI * (h - 3)) / 24));
      return clamp(2.5 * Math.max(0, windFactor(t, slot) - 0.25) * (0.4 + 0.6 * night), 0, 1);
    }
    case 'houston':
      return climate.summer(slot) * Math.exp(-(((h - 16) / 3) ** 2));
    case 'north':
    case 'south':
      return 0.15 * climate.summer(slot);
  }
}

function asConstraint(member: SeriesMember | null): ConstraintMember {
  if (member === null || !('contingency' in member)) throw new Error('a shadow-price row needs a constraint');
  return member as ConstraintMember;
}

/** What tells the two markets' constraints apart. */
export interface ShadowMarket {
  /** Congestion relative to real time: the day-ahead market sees less (below 1). */
  damping: number;
  /** Flow above the limit at full binding depth, as a share of the limit. */
  overload: number;
}

export const SCED_MARKET: ShadowMarket = { damping: 1, overload: 0.04 };
export const DAY_AHEAD_MARKET: ShadowMarket = { damping: 0.7, overload: 0.02 };

/**
 * How far past its binding threshold a pair is at `t` in `market` (0 when it does not bind).
 */
function bindingDepth(t: Millis, c: ConstraintMember, market: ShadowMarket): number {
  const p = market.damping * (0.04 + 0.6 * c.sensitivity * regionStress(c.region, t));
  // Slow noise: a constraint binds for stretches of intervals, not in isolated blips.
  const draw = valueNoise(S_BIND + c.index * 4, t, 40 * MINUTE_MS);
  return draw < p ? (p - draw) / p : 0;
}

export function constraintBinds(t: Millis, member: SeriesMember | null, market: ShadowMarket): boolean {
  return bindingDepth(t, asConstraint(member), market) > 0;
}

function priceOf(t: Millis, c: ConstraintMember, depth: number): number {
  const raw = 4 + 900 * depth ** 3 + 6 * Math.abs(gauss2(S_PRICE, Math.floor(t / FIVE_MINUTES_MS), c.index));
  return round2(Math.min(c.maxShadowPrice, raw));
}

/** Properties of the (constraint, contingency) pair: the same in every row of it. */
const MEMBER_FIELDS = {
  constraintId: (c: ConstraintMember): RawCell => c.constraintId,
  constraintName: (c: ConstraintMember): RawCell => c.name,
  contingency: (c: ConstraintMember): RawCell => c.contingency,
  limitingFacility: (c: ConstraintMember): RawCell => c.limitingFacility,
  maxShadowPrice: (c: ConstraintMember): RawCell => c.maxShadowPrice,
  limit: (c: ConstraintMember): RawCell => c.limit,
  fromStation: (c: ConstraintMember): RawCell => c.fromStation,
  toStation: (c: ConstraintMember): RawCell => c.toStation,
  fromKv: (c: ConstraintMember): RawCell => c.fromKv,
  toKv: (c: ConstraintMember): RawCell => c.toKv,
  cctStatus: (c: ConstraintMember): RawCell => (c.contingency === 'BASE CASE' ? 'COMP' : 'NONCOMP'),
} as const;

/** What a shadow-price row reports, in whatever order and under whatever names a dataset gives it. */
export type ShadowField = keyof typeof MEMBER_FIELDS | 'shadowPrice' | 'value' | 'violation';

/** The member property behind `field`, or undefined for a field that changes from row to row. */
export function constraintAttribute(field: ShadowField): ((member: SeriesMember) => RawCell) | undefined {
  if (!(field in MEMBER_FIELDS)) return undefined;
  const read = MEMBER_FIELDS[field as keyof typeof MEMBER_FIELDS];
  return (member) => read(asConstraint(member));
}

/** The cells of `fields` for the pair `member` at `t` in `market`. */
export function shadowPriceCells(
  t: Millis,
  member: SeriesMember | null,
  market: ShadowMarket,
  fields: readonly ShadowField[],
): RawCell[] {
  const c = asConstraint(member);
  const depth = bindingDepth(t, c, market);
  const value = round2(c.limit * (1 + market.overload * depth ** 2));
  return fields.map((field) => {
    switch (field) {
      case 'shadowPrice':
        return priceOf(t, c, depth);
      case 'value':
        return value;
      case 'violation':
        return round2(Math.max(0, value - c.limit));
      default:
        return MEMBER_FIELDS[field](c);
    }
  });
}
