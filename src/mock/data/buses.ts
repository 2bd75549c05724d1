import { FIVE_MINUTES_MS } from '@/time';
/**
 * Electrical buses of `ercot_lmp_by_bus`: a few hundred, generated once from the seed. They are not
 * pricing locations (the registry of /v1/pricing_locations lists settlement points only); each bus
 * sits behind one resource node of the registry, named after that node's station, and is priced as
 * that node's LMP plus a small term of its own (losses and local congestion on the way to the node).
 */
import { DATA_START } from './climate';
import { locationDefs } from './locations';
import { once } from './once';
import { gauss3, round2, u1, uniformsOf } from './noise';
import { scedLmp } from './prices';
import type { LocationDef, Millis, SeriesMember } from './types';

const S_BUS = 131;
const S_BUS_NOISE = 132;

/** Bus suffixes as ERCOT's network model writes them: a unit, a transformer or a numbered section. */
const SUFFIXES = ['1', '2', '3', '5', '8', 'G1', 'G2', 'T1', 'LD1', 'X1'] as const;

/**
 * An electrical bus: a member of `ercot_lmp_by_bus`'s subseries, not a pricing location (it has no
 * entity id, type or coordinates of its own). It is priced from the resource node it sits behind.
 */
export interface Bus extends SeriesMember {
  /** The resource node of the registry the bus sits behind. */
  node: LocationDef;
  /** The bus's fixed offset from its node ($/MWh): losses one way or the other, within ±0.75. */
  offset: number;
}

interface BusDraft {
  name: string;
  node: LocationDef;
}

function station(node: LocationDef): string {
  const word = node.location.split('_')[0] ?? node.location;
  return word.slice(0, 8);
}

function buildDrafts(): BusDraft[] {
  // A bus is never named like a settlement point: the two lists must not be confused.
  const locations = locationDefs();
  const seen = new Set<string>(locations.map((l) => l.location));
  const drafts: BusDraft[] = [];
  for (const node of locations) {
    // Buses behind nodes that exist over the whole history: a bus row is there every interval.
    if (node.locationType !== 'Resource Node' || node.firstSeen > DATA_START || node.retiredAt !== null)
      continue;
    const u = uniformsOf(S_BUS, node.index);
    const count = u(0) < 0.1 ? 2 : u(0) < 0.5 ? 1 : 0;
    for (let k = 0; k < count; k++) {
      const name = `${station(node)}_${SUFFIXES[Math.floor(u(1 + k) * SUFFIXES.length)] ?? '1'}`;
      if (seen.has(name)) continue;
      seen.add(name);
      drafts.push({ name, node });
    }
  }
  return drafts.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The buses, sorted by name bytes (built on first use: `once`). */
export const buses = once((): readonly Bus[] =>
  buildDrafts().map((d, index) => ({
    index,
    name: d.name,
    firstSeen: DATA_START,
    retiredAt: null,
    node: d.node,
    offset: (u1(S_BUS, 100_000 + index) - 0.5) * 1.5,
  })),
);

export function asBus(member: SeriesMember | null): Bus {
  if (member === null || !('node' in member)) throw new Error('a bus price row needs a bus');
  return member as Bus;
}

/** `lmp` of `ercot_lmp_by_bus`: the node's SCED LMP plus the bus's offset and a small noise. */
export function busLmp(t: Millis, bus: Bus): number {
  const noise = 0.35 * gauss3(S_BUS_NOISE, Math.floor(t / FIVE_MINUTES_MS), bus.index, 0);
  return round2(scedLmp(t, bus.node) + bus.offset + noise);
}
