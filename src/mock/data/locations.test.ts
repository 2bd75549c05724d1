import { DATA_START } from './climate';
import type { LocationDef } from './types';
import { DAY_MS, formatUtc } from '@/time';
import {
  getLocationByEntityId,
  getLocationByName,
  locationLatestSeen,
  locationDefs,
  toPricingLocation,
} from './locations';

const NOW = Date.UTC(2025, 6, 15, 20);

/** Rough areas of each load zone, independent of the generator's own boxes. */
const REGIONS: Record<string, { lat: number; lon: number; miles: number }> = {
  LZ_HOUSTON: { lat: 29.76, lon: -95.37, miles: 60 },
  LZ_WEST: { lat: 32.0, lon: -101.9, miles: 200 },
  LZ_NORTH: { lat: 32.78, lon: -96.8, miles: 100 },
  LZ_AEN: { lat: 30.27, lon: -97.74, miles: 25 },
  LZ_CPS: { lat: 29.42, lon: -98.49, miles: 30 },
  // LCRA runs from the Hill Country down the Colorado to La Grange.
  LZ_LCRA: { lat: 30.35, lon: -98.1, miles: 110 },
  LZ_RAYBN: { lat: 33.2, lon: -96.0, miles: 60 },
  LZ_SOUTH: { lat: 27.2, lon: -97.9, miles: 160 },
};

function byName(name: string): LocationDef {
  const l = getLocationByName(name);
  if (!l) throw new Error(`no ${name}`);
  return l;
}

function miles(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const r = Math.PI / 180;
  const d =
    Math.sin(((bLat - aLat) * r) / 2) ** 2 +
    Math.cos(aLat * r) * Math.cos(bLat * r) * Math.sin(((bLon - aLon) * r) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(d));
}

describe('pricing location registry', () => {
  it('has 7 hubs, 8 load zones, 4 DC ties and 400–800 resource nodes', () => {
    const count = (type: string): number => locationDefs().filter((l) => l.locationType === type).length;
    expect(count('Trading Hub')).toBe(7);
    expect(count('Load Zone')).toBe(8);
    expect(count('Load Zone DC Tie')).toBe(4);
    expect(count('Resource Node')).toBeGreaterThanOrEqual(400);
    expect(count('Resource Node')).toBeLessThanOrEqual(800);
  });

  it('is sorted by name in byte order with unique names, ids and indexes', () => {
    const names = locationDefs().map((l) => l.location);
    expect(new Set(names).size).toBe(names.length);
    for (let i = 1; i < names.length; i++) expect((names[i - 1] ?? '') < (names[i] ?? '')).toBe(true);
    locationDefs().forEach((l, i) => {
      expect(l.index).toBe(i);
      expect(l.gsEntityId).toBe(`ercot-${l.location.toLowerCase()}`);
      expect(l.location).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(getLocationByEntityId(l.gsEntityId)).toBe(l);
      expect(getLocationByName(l.location)).toBe(l);
    });
    expect(getLocationByName('HB_NORTH')?.gsEntityId).toBe('ercot-hb_north');
    expect(getLocationByEntityId('ercot-nope')).toBeUndefined();
  });

  it('places nodes and ties inside Texas, in their zone, and leaves aggregates without coordinates', () => {
    for (const l of locationDefs()) {
      if (l.locationType === 'Trading Hub' || l.locationType === 'Load Zone') {
        expect(l.latitude).toBeNull();
        expect(l.longitude).toBeNull();
        continue;
      }
      const lat = l.latitude ?? NaN;
      const lon = l.longitude ?? NaN;
      expect(lat).toBeGreaterThan(25.84);
      expect(lat).toBeLessThan(36.5);
      expect(lon).toBeGreaterThan(-106.65);
      expect(lon).toBeLessThan(-93.51);
      const region = REGIONS[l.zone ?? ''];
      if (!region) throw new Error(`${l.location} has zone ${l.zone}`);
      if (l.locationType === 'Resource Node') {
        expect(miles(lat, lon, region.lat, region.lon)).toBeLessThan(region.miles);
      }
    }
    const tie = (name: string): [number, number] => {
      const l = getLocationByName(name);
      return [l?.latitude ?? NaN, l?.longitude ?? NaN];
    };
    expect(miles(...tie('DC_L'), 27.53, -99.49)).toBeLessThan(20);
    expect(miles(...tie('DC_R'), 26.2, -98.23)).toBeLessThan(20);
    expect(tie('DC_E')[0]).toBeGreaterThan(33);
    expect(tie('DC_E')[1]).toBeGreaterThan(-95.5);
    expect(tie('DC_N')[0]).toBeGreaterThan(33.8);
  });

  it('marks about 5% of resource nodes inactive, all of them retired', () => {
    const items = locationDefs().map((l) => toPricingLocation(l, NOW));
    const inactive = items.filter((i) => i.status === 'inactive');
    const nodes = items.filter((i) => i.location_type === 'Resource Node').length;
    expect(inactive.length / nodes).toBeGreaterThan(0.03);
    expect(inactive.length / nodes).toBeLessThan(0.08);
    for (const i of inactive) expect(getLocationByEntityId(i.gs_entity_id)?.retiredAt).not.toBeNull();
  });

  it('describes each location on the wire as the contract says', () => {
    const hub = toPricingLocation(byName('HB_WEST'), NOW);
    expect(hub).toEqual({
      gs_entity_id: 'ercot-hb_west',
      location: 'HB_WEST',
      location_type: 'Trading Hub',
      market_id: 'ercot',
      baa: 'ERCO',
      zone: null,
      zone_type: null,
      latitude: null,
      longitude: null,
      pricing_datasets: [
        'ercot_lmp_by_settlement_point',
        'ercot_spp_day_ahead_hourly',
        'ercot_spp_real_time_15_min',
      ],
      earliest_seen_utc: '2023-01-01T06:00:00+00:00',
      // Day-ahead prices already run to the end of tomorrow (it is past 13:00 Central).
      latest_seen_utc: '2025-07-17T04:00:00+00:00',
      status_threshold_days: 7,
      status: 'active',
    });
    const zone = toPricingLocation(byName('LZ_CPS'), NOW);
    expect([zone.zone, zone.zone_type]).toEqual(['LZ_CPS', 'Load Zone']);
  });

  it('bounds a retired node by its last rows and a new node by its first', () => {
    const retired = locationDefs().find((l) => l.retiredAt !== null);
    const late = locationDefs().find((l) => l.firstSeen > DATA_START);
    if (!retired?.retiredAt || !late) throw new Error('registry lacks retired or late nodes');
    expect(retired.retiredAt % 3_600_000).toBe(0);
    expect(late.firstSeen % 3_600_000).toBe(0);
    expect(locationLatestSeen(retired, NOW)).toBe(retired.retiredAt - 5 * 60_000);
    const item = toPricingLocation(late, NOW);
    expect(item.earliest_seen_utc).toBe(formatUtc(late.firstSeen));
    expect(item.status).toBe('active');
    expect(NOW - locationLatestSeen(retired, NOW)).toBeGreaterThan(7 * DAY_MS);
  });
});
