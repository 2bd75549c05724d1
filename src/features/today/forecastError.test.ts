import { describe, expect, it } from 'vitest';
import { completeHourMeans, forecastError } from './forecastError';

const H = 3_600_000;
const t0 = Date.UTC(2025, 6, 15, 5);

describe('the forecast error so far', () => {
  it('compares only hours whose every interval has an actual, with the hour’s mean', () => {
    const actual = [
      ...Array.from({ length: 12 }, (_, i) => ({ x: t0 + i * 300_000, y: i < 6 ? 900 : 1100 })),
      // The next hour has only two intervals so far: not compared.
      { x: t0 + H, y: 5000 },
      { x: t0 + H + 300_000, y: 5000 },
    ];
    const means = completeHourMeans(actual, 12);
    expect([...means]).toEqual([[t0, 1000]]);
    const error = forecastError(means, [
      { x: t0, y: 1100 },
      { x: t0 + H, y: 1 },
    ]);
    expect(error).toEqual({ mae: 100, mape: 0.1, hours: 1 });
  });

  it('is unknown before the first complete hour', () => {
    expect(forecastError(new Map(), [{ x: t0, y: 1 }])).toBeNull();
  });
});
