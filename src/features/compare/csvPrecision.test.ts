import { dataSeries, type SeriesSpec } from '@/compare/compareWorkspace';
import { seriesDecimals } from './csvPrecision';

const cents = Float64Array.from([27.12, 31.5, 1200]);
const tenths = Float64Array.from([41000.5, 39999.9]);
const expr = (key: string, text: string): { spec: SeriesSpec; values: null } => ({
  spec: { kind: 'expr', key, expr: text } as SeriesSpec,
  values: null,
});

describe('the decimals of a Compare series', () => {
  it('follows decimal arithmetic through derived series, and claims none for a ratio', () => {
    const decimals = seriesDecimals([
      { spec: dataSeries('A', 'ercot_spp_day_ahead_hourly', 'spp'), values: cents },
      { spec: dataSeries('B', 'ercot_load', 'load'), values: tenths },
      expr('C', 'A - 0.125'),
      expr('D', 'A * B'),
      expr('E', 'C - A'),
      expr('F', 'A / B'),
      expr('G', 'H + 1'),
      expr('H', 'G + 1'),
    ]);
    expect(Object.fromEntries(decimals)).toEqual({ A: 2, B: 1, C: 3, D: 3, E: 3, F: null, G: null, H: null });
  });
});
