import { decimateMinMax } from '@/lib/decimate';
import { benchPoints, benchRows, quantile } from './benchData';
import { checkSpikes } from './spikes';

describe('benchmark data', () => {
  it('is the same on every call, so both contenders and every run get identical input', () => {
    expect(benchRows(50)).toEqual(benchRows(50));
    expect(benchPoints(500)).toEqual(benchPoints(500));
  });

  it('puts the 99.9th percentile among the price spikes', () => {
    const ys = benchPoints(200_000).map((p) => p.y);
    expect(quantile(ys, 0.999)).toBeGreaterThan(1000);
  });
});

describe('checkSpikes', () => {
  const points = benchPoints(50_000);

  it('finds every spike in a min/max decimation', () => {
    const check = checkSpikes(points, decimateMinMax(points, 400), 400, null);
    expect(check.spikes).toBeGreaterThan(0);
    expect(check.visible).toBe(check.spikes);
  });

  it('notices spikes lost by every-nth sampling', () => {
    const everyNth = points.filter((_, i) => i % 125 === 0);
    const check = checkSpikes(points, everyNth, 400, null);
    expect(check.visible).toBeLessThan(check.spikes);
  });
});
