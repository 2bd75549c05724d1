import fc from 'fast-check';
import {
  gaussFromHash,
  hash2,
  round2,
  seriesNoise,
  signedNoise,
  u2,
  uniform,
  uniformsOf,
  valueNoise,
} from './noise';

describe('noise', () => {
  it('is a pure function of its integers, epoch milliseconds included', () => {
    expect(uniform(1, 2, 3)).toBe(uniform(1, 2, 3));
    expect(uniform(1, 2, 3)).not.toBe(uniform(1, 2, 4));
    expect(hash2(5, 1_700_000_000_000, 1)).toBe(hash2(5, 1_700_000_000_000, 1));
    expect(hash2(5, 1_700_000_000_000, 1)).not.toBe(hash2(5, 1_700_000_000_000 + 2 ** 32, 1));
  });

  it('spreads uniform values over [0, 1) and gaussian values around 0', () => {
    let sum = 0;
    let sq = 0;
    let lo = 1;
    let hi = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const u = uniform(7, i);
      lo = Math.min(lo, u);
      hi = Math.max(hi, u);
      const g = gaussFromHash(hash2(9, i, 0));
      sum += g;
      sq += g * g;
    }
    expect(lo).toBeLessThan(0.01);
    expect(hi).toBeGreaterThan(0.99);
    expect(Math.abs(sum / n)).toBeLessThan(0.05);
    expect(Math.abs(sq / n - 1)).toBeLessThan(0.1);
  });

  it('drifts smoothly between knots', () => {
    const period = 3_600_000;
    for (let t = 0; t < 50 * period; t += 60_000) {
      expect(Math.abs(valueNoise(3, t + 60_000, period) - valueNoise(3, t, period))).toBeLessThan(0.06);
      expect(Math.abs(signedNoise(3, t, period))).toBeLessThanOrEqual(1);
    }
  });

  it('gives with a shared prefix exactly the values of u2', () => {
    const int = fc.integer({ min: 0, max: 2 ** 31 - 1 });
    fc.assert(
      fc.property(
        int,
        fc.integer({ min: 0, max: 2 ** 52 }),
        fc.array(fc.integer({ min: 0, max: 2 ** 52 })),
        (s, a, bs) => {
          const u = uniformsOf(s, a);
          for (const b of bs) expect(u(b)).toBe(u2(s, a, b));
        },
      ),
    );
  });

  it('rounds to 2 decimals', () => {
    expect(round2(1.23456)).toBe(1.23);
    expect(round2(-0.006)).toBe(-0.01);
  });

  it('gives a series with its own knot memo the values of the shared one, read in any order', () => {
    const period = 3 * 3_600_000;
    const own = seriesNoise(142, period);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 42 }), (t) => {
        expect(own(t)).toBe(valueNoise(142, t, period));
      }),
    );
  });
});
