import { DATA_START } from './climate';
import { areaContains, LOAD_ZONES, locationDefs, ZONE_AREAS, ZONE_PLACES, type LoadZone } from './locations';
import type { LocationDef } from './types';

const NODES = locationDefs().filter((l) => l.locationType === 'Resource Node');

/** Where a few well-known places really are, independent of the generator's own table. */
const LANDMARKS: readonly [word: string, zone: LoadZone, lat: number, lon: number][] = [
  ['ODESSA', 'LZ_WEST', 31.85, -102.37],
  ['MIDLAND', 'LZ_WEST', 32.0, -102.08],
  ['PECOS', 'LZ_WEST', 31.42, -103.49],
  ['SWEETWATER', 'LZ_WEST', 32.47, -100.41],
  ['DALLAS', 'LZ_NORTH', 32.78, -96.8],
  ['FTWORTH', 'LZ_NORTH', 32.75, -97.33],
  ['BAYTOWN', 'LZ_HOUSTON', 29.74, -94.98],
  ['PASADENA', 'LZ_HOUSTON', 29.69, -95.21],
  ['CEDARBYU', 'LZ_HOUSTON', 29.75, -94.92],
  ['HARLINGEN', 'LZ_SOUTH', 26.19, -97.7],
  ['BROWNSVL', 'LZ_SOUTH', 25.9, -97.5],
  ['KINGSVILLE', 'LZ_SOUTH', 27.52, -97.86],
  ['ALAMO', 'LZ_CPS', 29.42, -98.49],
  ['AUSTIN', 'LZ_AEN', 30.27, -97.74],
  ['LLANO', 'LZ_LCRA', 30.75, -98.68],
  ['MARBLEFLS', 'LZ_LCRA', 30.58, -98.27],
  ['FAYETTE', 'LZ_LCRA', 29.92, -96.75],
  ['GREENVILLE', 'LZ_RAYBN', 33.14, -96.11],
  ['SULPHRSPG', 'LZ_RAYBN', 33.14, -95.6],
];

/** Names placed by hand rather than drawn from the place lists. */
const FIXED = new Set(['ABILENE_ALL', 'CPSES_UNIT1', 'CPSES_UNIT2']);

type Kind = 'solar' | 'wind' | 'storage' | 'gas' | 'other';
const KIND_BY_SUFFIX: readonly [RegExp, Kind][] = [
  [/_(SOLAR\d|SLR_RN|PV\d)$/, 'solar'],
  [/_(WIND\d|WND_RN|WF\d)$/, 'wind'],
  [/_(ESS\d|BESS_RN|BES\d)$/, 'storage'],
  [/_(UNIT\d|CC\d|CT\d|GT\d|STG)$/, 'gas'],
];

function kindOf(name: string): Kind {
  return KIND_BY_SUFFIX.find(([re]) => re.test(name))?.[1] ?? 'other';
}

const wordOf = (name: string): string => name.slice(0, name.indexOf('_'));

function miles(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const r = Math.PI / 180;
  const d =
    Math.sin(((bLat - aLat) * r) / 2) ** 2 +
    Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLon - aLon) * r) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(d));
}

function count(nodes: readonly LocationDef[], pred: (l: LocationDef) => boolean): number {
  return nodes.filter(pred).length;
}

describe('resource node names', () => {
  it('keeps 640 nodes, about 5% retired and about 13% starting late', () => {
    expect(NODES).toHaveLength(640);
    const retired = count(NODES, (l) => l.retiredAt !== null);
    const late = count(NODES, (l) => l.firstSeen > DATA_START);
    expect(retired).toBeGreaterThanOrEqual(20);
    expect(retired).toBeLessThanOrEqual(35);
    expect(late).toBeGreaterThanOrEqual(70);
    expect(late).toBeLessThanOrEqual(100);
  });

  it('names every node WORD_KIND in upper case, the word a place of its own zone', () => {
    const zoneOfWord = new Map<string, LoadZone>();
    for (const zone of LOAD_ZONES) for (const p of ZONE_PLACES[zone]) zoneOfWord.set(p.word, zone);
    for (const n of NODES) {
      expect(n.location).toMatch(/^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/);
      if (FIXED.has(n.location)) continue;
      expect([n.location, zoneOfWord.get(wordOf(n.location))]).toEqual([n.location, n.zone]);
    }
  });

  it('puts nodes named after a well-known place in its zone and within 15 miles of it', () => {
    for (const [word, zone, lat, lon] of LANDMARKS) {
      const named = NODES.filter((n) => wordOf(n.location) === word);
      expect(named.length, word).toBeGreaterThan(0);
      for (const n of named) {
        expect(n.zone, n.location).toBe(zone);
        expect(miles(n.latitude ?? NaN, n.longitude ?? NaN, lat, lon), n.location).toBeLessThan(15);
      }
    }
  });

  it('keeps every node near its place and inside its zone', () => {
    const placeOf = new Map(LOAD_ZONES.flatMap((z) => ZONE_PLACES[z].map((p) => [p.word, p] as const)));
    for (const n of NODES) {
      const lat = n.latitude ?? NaN;
      const lon = n.longitude ?? NaN;
      expect(
        ZONE_AREAS[n.zone as LoadZone].some((a) => areaContains(a, lat, lon)),
        n.location,
      ).toBe(true);
      const place = placeOf.get(wordOf(n.location));
      if (FIXED.has(n.location) || !place) continue;
      expect(miles(lat, lon, place.lat, place.lon), n.location).toBeLessThan(15);
    }
  });

  it('lists each place once, inside one of its zone areas', () => {
    const words = LOAD_ZONES.flatMap((z) => ZONE_PLACES[z].map((p) => p.word));
    expect(new Set(words).size).toBe(words.length);
    for (const zone of LOAD_ZONES) {
      for (const p of ZONE_PLACES[zone]) {
        expect(p.word).toMatch(/^[A-Z][A-Z0-9]{2,10}$/);
        expect(
          ZONE_AREAS[zone].some((a) => areaContains(a, p.lat, p.lon)),
          p.word,
        ).toBe(true);
      }
    }
  });

  it('fits the kind of node to the region', () => {
    const kinds = (zone: LoadZone, kind: Kind): number =>
      count(NODES, (n) => n.zone === zone && kindOf(n.location) === kind);
    const wind = count(NODES, (n) => kindOf(n.location) === 'wind');
    expect((kinds('LZ_WEST', 'wind') + kinds('LZ_SOUTH', 'wind')) / wind).toBeGreaterThan(0.9);
    for (const zone of ['LZ_HOUSTON', 'LZ_CPS', 'LZ_AEN', 'LZ_RAYBN', 'LZ_LCRA'] as const) {
      expect(kinds(zone, 'wind'), zone).toBe(0);
    }
    const share = (zone: LoadZone, kind: Kind): number =>
      kinds(zone, kind) / count(NODES, (n) => n.zone === zone);
    // Gas crowds the load centres; the Permian is mostly wind and solar.
    expect(share('LZ_HOUSTON', 'gas')).toBeGreaterThan(0.4);
    expect(share('LZ_NORTH', 'gas')).toBeGreaterThan(0.3);
    expect(share('LZ_WEST', 'gas')).toBeLessThan(0.2);
    expect(share('LZ_WEST', 'wind') + share('LZ_WEST', 'solar')).toBeGreaterThan(0.5);
    for (const zone of LOAD_ZONES) expect(kinds(zone, 'storage'), zone).toBeGreaterThan(0);
    // No wind or solar farm in the middle of a city.
    const cities = new Set(
      LOAD_ZONES.flatMap((z) => ZONE_PLACES[z].filter((p) => !p.farm).map((p) => p.word)),
    );
    for (const n of NODES) {
      const kind = kindOf(n.location);
      if (kind === 'wind' || kind === 'solar') expect(cities.has(wordOf(n.location)), n.location).toBe(false);
    }
    // Nuclear units are rare: Comanche Peak's two.
    expect(NODES.filter((n) => n.location.startsWith('CPSES_')).map((n) => n.zone)).toEqual([
      'LZ_NORTH',
      'LZ_NORTH',
    ]);
  });

  it('keeps ABILENE_ALL where saved links expect it', () => {
    const node = NODES.find((n) => n.location === 'ABILENE_ALL');
    expect(node).toMatchObject({
      zone: 'LZ_WEST',
      latitude: 33.1503,
      longitude: -100.7753,
      firstSeen: DATA_START,
      retiredAt: null,
    });
  });

  it('builds the same registry on every load', async () => {
    vi.resetModules();
    const again = await import('./locations');
    expect(again.locationDefs()).toEqual(locationDefs());
  });
});
