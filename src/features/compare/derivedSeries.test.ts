import { dataSeries, type SeriesSpec } from '@/compare/compareWorkspace';
import { deriveAll, derivedProblem, type SeriesInput } from './derivedSeries';

const expr = (key: SeriesSpec['key'], text: string): SeriesSpec => ({ kind: 'expr', key, expr: text });
const input = (values: number[] | null, unit: string | null, failed = false): SeriesInput => ({
  values: values ? Float64Array.from(values) : null,
  unit,
  failed,
});

describe('derived series', () => {
  const A = dataSeries('A', 'ercot_spp_day_ahead_hourly', 'spp');
  const B = dataSeries('B', 'ercot_spp_real_time_15_min', 'spp');
  const prices = new Map([
    ['A', input([30, 40], '$/MWh')],
    ['B', input([20, 50], '$/MWh')],
  ]);

  it('evaluates expressions in dependency order, whatever their letters', () => {
    const out = deriveAll([A, B, expr('C', 'D * 2'), expr('D', 'A - B')], prices, 2);
    expect([...(out.get('D')?.values ?? [])]).toEqual([10, -10]);
    expect([...(out.get('C')?.values ?? [])]).toEqual([20, -20]);
    expect(out.get('C')?.unit).toBe('$/MWh');
  });

  it('has a unit but no values while an input has not arrived', () => {
    const waiting = new Map([...prices, ['B', input(null, '$/MWh')]]);
    const c = deriveAll([A, B, expr('C', 'A - B')], waiting, 2).get('C');
    expect(c).toMatchObject({ values: null, unit: '$/MWh', error: null });
  });

  it('says why a series cannot be computed', () => {
    const failing = new Map([...prices, ['B', input(null, '$/MWh', true)]]);
    const errorOf = (specs: SeriesSpec[], base = prices) => deriveAll(specs, base, 2).get('C')?.error;
    expect(errorOf([A, B, expr('C', 'A - Z')])).toBe('There is no series Z.');
    expect(errorOf([A, B, expr('C', 'C + A')])).toBe('C cannot refer to itself.');
    expect(errorOf([A, B, expr('C', 'A - B')], failing)).toBe('Series B has an error.');
    expect(errorOf([A, B, expr('C', 'D'), expr('D', 'C')])).toBe(
      'These expressions refer to each other in a circle.',
    );
    expect(errorOf([A, B, expr('C', 'A -')])).toEqual(expect.any(String));
  });

  it('checks text typed over an expression against the workspace before it is applied', () => {
    const series = [
      { spec: A, unit: '$/MWh' },
      { spec: B, unit: 'MW' },
      { spec: expr('C', 'A * 2'), unit: '$/MWh' },
    ];
    expect(derivedProblem(series, 'C', 'A / 2')).toBeNull();
    expect(derivedProblem(series, 'C', 'A + B')).toBe('Cannot add $/MWh and MW');
  });
});
