import { getDataset } from './catalog';
import { centralOffsetMinutes, HOUR_MS, MINUTE_MS } from '@/time';
import { DATA_START } from './climate';
import { getLocationByName, locationDefs } from './locations';
import { dayAheadSpp, realTimeSpp, scedLmp, scedTimestamp } from './prices';
import type { LocationDef } from './types';

function loc(name: string): LocationDef {
  const l = getLocationByName(name);
  if (!l) throw new Error(`no ${name}`);
  return l;
}
const localHour = (t: number): number => (((t / HOUR_MS + centralOffsetMinutes(t) / 60) % 24) + 24) % 24;
const YEAR = 365 * 24 * HOUR_MS;
const Q = 15 * MINUTE_MS;

describe('settlement point prices', () => {
  it('are deterministic whatever the order of the calls', () => {
    const samples = locationDefs()
      .slice(0, 50)
      .flatMap((l, i) => [[DATA_START + ((i * 977) % 5000) * Q, l] as const]);
    const a = samples.map(([t, l]) => [realTimeSpp(t, l), dayAheadSpp(t - (t % HOUR_MS), l), scedLmp(t, l)]);
    const b = [...samples]
      .reverse()
      .map(([t, l]) => [realTimeSpp(t, l), dayAheadSpp(t - (t % HOUR_MS), l), scedLmp(t, l)])
      .reverse();
    expect(b).toEqual(a);
  });

  it('sit mostly between 15 and 60 $/MWh with rare spikes to 1000–5000 on hot afternoons', () => {
    const hub = loc('HB_NORTH');
    const values: number[] = [];
    const spikes: number[] = [];
    for (let t = DATA_START; t < DATA_START + 2 * YEAR; t += Q) {
      const v = realTimeSpp(t, hub);
      values.push(v);
      if (v >= 1000) spikes.push(t);
    }
    values.sort((x, y) => x - y);
    const q = (p: number): number => values[Math.floor(values.length * p)] ?? NaN;
    expect(q(0.05)).toBeGreaterThan(10);
    expect(q(0.5)).toBeGreaterThan(15);
    expect(q(0.5)).toBeLessThan(40);
    expect(q(0.95)).toBeLessThan(65);
    expect(values.at(-1)).toBeLessThanOrEqual(5000);
    expect(spikes.length).toBeGreaterThan(0);
    expect(spikes.length / values.length).toBeLessThan(0.005);
    for (const t of spikes) {
      const month = new Date(t).getUTCMonth();
      expect(month).toBeGreaterThanOrEqual(4);
      expect(month).toBeLessThanOrEqual(8);
      expect(localHour(t)).toBeGreaterThanOrEqual(14);
      expect(localHour(t)).toBeLessThan(20);
    }
  });

  it('go negative in the West at night, and not on the coast', () => {
    let westNightNeg = 0;
    let westDayNeg = 0;
    let houstonNeg = 0;
    for (let t = DATA_START; t < DATA_START + YEAR; t += Q) {
      const h = localHour(t);
      const w = realTimeSpp(t, loc('LZ_WEST'));
      if (w < 0 && (h < 6 || h >= 22)) westNightNeg++;
      if (w < 0 && h >= 12 && h < 18) westDayNeg++;
      if (realTimeSpp(t, loc('LZ_HOUSTON')) < 0) houstonNeg++;
    }
    expect(westNightNeg).toBeGreaterThan(100);
    expect(westNightNeg).toBeGreaterThan(westDayNeg * 5);
    expect(houstonNeg).toBeLessThan(westNightNeg / 10);
  });

  it('day-ahead and real-time of one location and hour are close but not equal', () => {
    let equal = 0;
    const diffs: number[] = [];
    for (const l of locationDefs().filter((_, i) => i % 40 === 0)) {
      for (let t = DATA_START + HOUR_MS * 24 * 30; t < DATA_START + YEAR; t += 97 * HOUR_MS) {
        const d = dayAheadSpp(t, l);
        const r = realTimeSpp(t, l);
        if (d === r) equal++;
        diffs.push(Math.abs(d - r));
      }
    }
    diffs.sort((a, b) => a - b);
    expect(equal).toBeLessThan(diffs.length / 100);
    expect(diffs[Math.floor(diffs.length / 2)]).toBeLessThan(6);
  });

  it('stamps SCED runs a few seconds into the interval', () => {
    for (let t = DATA_START; t < DATA_START + 2 * HOUR_MS * 24; t += 5 * MINUTE_MS) {
      const s = scedTimestamp(t);
      expect(s - t).toBeGreaterThanOrEqual(1000);
      expect(s - t).toBeLessThan(60_000);
      expect(s % 1000).toBe(0);
    }
  });

  it('fill rows in the contract column order', () => {
    const l = loc('HB_HUBAVG');
    const t = Date.UTC(2024, 4, 1, 10);
    expect(getDataset('ercot_spp_real_time_15_min')?.row(t, l, null)).toEqual([
      t,
      t + Q,
      'HB_HUBAVG',
      'Trading Hub',
      'REAL_TIME_15_MIN',
      realTimeSpp(t, l),
    ]);
    expect(getDataset('ercot_spp_day_ahead_hourly')?.row(t, l, null).slice(2, 5)).toEqual([
      'HB_HUBAVG',
      'Trading Hub',
      'DAY_AHEAD_HOURLY',
    ]);
    expect(getDataset('ercot_lmp_by_settlement_point')?.row(t, l, null)).toEqual([
      t,
      t + 5 * MINUTE_MS,
      scedTimestamp(t),
      'REAL_TIME_SCED',
      'HB_HUBAVG',
      'Trading Hub',
      scedLmp(t, l),
    ]);
  });
});
