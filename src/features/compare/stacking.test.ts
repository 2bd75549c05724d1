import { netLabel, stackability, stackTotal } from './stacking';

const spec = (key: string) => ({ kind: 'expr' as const, key: key as 'A', expr: '1' });
const of = (...units: (string | null)[]) => units.map((unit, i) => ({ spec: spec('ABCD'[i] ?? 'A'), unit }));

describe('stackability', () => {
  it('allows two or more series of one known unit', () => {
    expect(stackability(of('MW', 'MW', 'MW'))).toEqual({ ok: true, unit: 'MW' });
  });

  it('says why not: one series, an unknown unit, or several units by series', () => {
    expect(stackability(of('MW'))).toEqual({ ok: false, reason: 'Stacking needs two or more series.' });
    expect(stackability(of('MW', null))).toEqual({
      ok: false,
      reason: "Stacking needs every series' unit; not known for B.",
    });
    expect(stackability(of('MW', '$/MWh', 'MW'))).toEqual({
      ok: false,
      reason: 'Stacking needs one unit: A, C in MW; B in $/MWh.',
    });
  });
});

describe('stackTotal', () => {
  it('adds every series, negatives included, and is missing wherever any series is', () => {
    const a = Float64Array.from([10, 10, 10]);
    const b = Float64Array.from([-3, Number.NaN, 5]);
    expect([...stackTotal([a, b], 3)]).toEqual([7, Number.NaN, 15]);
    expect([...stackTotal([a, null], 3)]).toEqual([Number.NaN, Number.NaN, Number.NaN]);
  });

  it('keeps no memory between calls: two pages with the same columns get their own arrays', () => {
    const a = Float64Array.from([1, 2]);
    const b = Float64Array.from([3, 4]);
    const first = stackTotal([a, b], 2);
    expect(stackTotal([a, b], 2)).not.toBe(first);
    expect([...stackTotal([a, b], 2)]).toEqual([...first]);
  });
});

describe('netLabel', () => {
  it('names the series added and those the chart hides', () => {
    expect(netLabel(['A', 'B'])).toBe('Net of A + B (stacked)');
    expect(netLabel(['A', 'C'], ['B', 'D'])).toBe('Net of A + C (stacked; B, D hidden in the chart)');
  });
});
