import { DATASET_IDS } from '@/contract';
import { FIVE_MINUTES_MS } from '@/time';
import { buses } from './buses';
import { getDataset } from './catalog';
import { getLocationByName } from './locations';
import { scedLmp } from './prices';

const DAY = Array.from({ length: 288 }, (_, i) => Date.UTC(2024, 7, 12, 5) + i * FIVE_MINUTES_MS);

describe('electrical buses', () => {
  it('are a few hundred ERCOT-style names, sorted, unique and none of them a pricing location', () => {
    expect(buses().length).toBeGreaterThan(200);
    expect(buses().length).toBeLessThan(500);
    const names = buses().map((b) => b.name);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
    for (const b of buses()) {
      expect(b.name).toMatch(/^[A-Z]{2,8}_[A-Z0-9]{1,3}$/);
      expect(getLocationByName(b.name)).toBeUndefined();
      // Priced from a resource node that exists over the whole history.
      expect(b.node.locationType).toBe('Resource Node');
      expect(b.node.retiredAt).toBeNull();
      expect(buses()[b.index]).toBe(b);
    }
  });

  it('price within a couple of dollars of the resource node they sit behind', () => {
    const def = getDataset(DATASET_IDS.lmpByBus);
    if (!def) throw new Error('no lmp_by_bus');
    for (const bus of buses().filter((_, i) => i % 17 === 0)) {
      const node = bus.node;
      for (const t of DAY) {
        const row = def.row(t, bus, null);
        expect(row[4]).toBe(bus.name);
        expect(row[5]).toBe('Electrical Bus');
        expect(Math.abs((row[6] as number) - scedLmp(t, node))).toBeLessThan(2.5);
      }
    }
  });
});

describe('SCED system lambda', () => {
  it('tracks the hub average within a few dollars over a day', () => {
    const lambda = getDataset(DATASET_IDS.systemLambda);
    const hub = getLocationByName('HB_HUBAVG');
    if (!lambda || !hub) throw new Error('missing lambda or hub');
    const gaps = DAY.map((t) => scedLmp(t, hub) - (lambda.row(t, null, null)[3] as number));
    const meanGap = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    expect(Math.abs(meanGap)).toBeLessThan(4);
    expect(Math.max(...gaps.map(Math.abs))).toBeLessThan(15);
    // The SCED run time is the one the LMPs carry.
    expect(lambda.row(DAY[0] ?? 0, null, null)[2]).toBeGreaterThan(DAY[0] ?? 0);
  });
});
