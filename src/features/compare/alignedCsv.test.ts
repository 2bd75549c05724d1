import { parseCsv } from '@/lib/csv';
import { dataSeries, type SeriesSpec } from '@/compare/compareWorkspace';
import { alignedCsv } from './alignedCsv';
import { seriesCsvFormats } from './csvPrecision';
import { evaluate, parseExpression } from './expression';
import { buildGrid } from './grid';

const grid = buildGrid('2025-07-01', '2025-07-01', '1h', 'US/Central');
const n = grid.times.length;

/** Day-ahead and real-time prices as the API sends them (2 decimals), hour by hour. */
const cents = (v: number): number => Math.round(v * 100) / 100;
const da = Float64Array.from({ length: n }, (_, i) => (i === 0 ? 1000.94 : cents(27.12 + i * 1.37)));
const rt = Float64Array.from({ length: n }, (_, i) => (i === 0 ? 1000 : cents(25.5 + i * 0.91)));

function frame(extra: { key: string; expr: string }[]): string[][] {
  const base = new Map([
    ['A', da],
    ['B', rt],
  ]);
  const series: { spec: SeriesSpec; values: Float64Array; label: string }[] = [
    { spec: dataSeries('A', 'ercot_spp_day_ahead_hourly', 'spp'), values: da, label: 'A: DA' },
    { spec: dataSeries('B', 'ercot_spp_real_time_15_min', 'spp'), values: rt, label: 'B: RT' },
    ...extra.map(({ key, expr }) => ({
      spec: { kind: 'expr' as const, key, expr } as SeriesSpec,
      values: evaluate(parseExpression(expr), base, n),
      label: `${key} = ${expr}`,
    })),
  ];
  const formats = seriesCsvFormats(series);
  return parseCsv(
    alignedCsv(
      grid,
      series.map((s) => ({
        header: `${s.label} ($/MWh)`,
        values: s.values,
        format: formats.get(s.spec.key),
      })),
    ),
  );
}

describe('the aligned CSV', () => {
  it('writes a spread A - B as the decimal it is, not the binary noise of the subtraction', () => {
    // What the doubles hold: 1000.94 - 1000 is not 0.94.
    expect((da[0] ?? 0) - (rt[0] ?? 0)).toBe(0.9400000000000546);
    const [header, ...rows] = frame([{ key: 'C', expr: 'A - B' }]);
    expect(header).toEqual([
      'interval_start_utc',
      'interval_start_local',
      'A: DA ($/MWh)',
      'B: RT ($/MWh)',
      'C = A - B ($/MWh)',
    ]);
    expect(rows).toHaveLength(24);
    expect(rows[0]?.slice(2)).toEqual(['1000.94', '1000', '0.94']);
    for (const [i, row] of rows.entries()) {
      // Every price as the data has it, every spread its exact decimal difference.
      expect(row[2]).toBe(String(da[i]));
      expect(row[3]).toBe(String(rt[i]));
      const spread = Number(row[4]);
      expect(Math.abs(spread - ((da[i] ?? 0) - (rt[i] ?? 0)))).toBeLessThan(1e-9);
      expect(row[4]).toMatch(/^-?\d+(\.\d{1,2})?$/);
    }
  });

  it('writes a ratio to twelve significant digits, and a missing value as an empty field', () => {
    const [, first, second] = frame([
      { key: 'C', expr: 'A / (B - B)' },
      { key: 'D', expr: 'A / 3' },
    ]);
    expect(first?.[4]).toBe('');
    expect(first?.[5]).toBe('333.646666667');
    expect(second?.[5]).toBe('9.49666666667');
  });
});
