import type { SqlColumn, SqlRows } from '@/sql/types';
import { resultChart } from './resultChart';

const col = (name: string, type: string, unit: string | null = null): SqlColumn => ({ name, type, unit });
const rows = (columns: SqlColumn[], data: (number | string | null)[][]): SqlRows => ({
  columns,
  rowCount: data.length,
  value: (row, column) => data[row]?.[column] ?? null,
});
const H = 3_600_000;

describe('an SQL result in the time chart', () => {
  it('draws one line per number column, in time order, skipping nulls', () => {
    const chart = resultChart(
      rows(
        [col('t', 'TIMESTAMP'), col('rt', 'DOUBLE', '$/MWh'), col('da', 'DOUBLE', '$/MWh')],
        [
          [2 * H, 3, 4],
          [H, 1, null],
        ],
      ),
    );
    expect(chart.drawable && chart.series).toEqual([
      {
        name: 'rt',
        points: [
          { x: H, y: 1 },
          { x: 2 * H, y: 3 },
        ],
      },
      { name: 'da', points: [{ x: 2 * H, y: 4 }] },
    ]);
    expect(chart.drawable && chart.unit).toBe('$/MWh');
  });

  it('draws one line per value of the one text column when there is one number column', () => {
    const chart = resultChart(
      rows(
        [col('t', 'TIMESTAMP_MS'), col('location', 'VARCHAR'), col('spp', 'DOUBLE')],
        [
          [H, 'HB_NORTH', 1],
          [H, 'HB_WEST', 2],
          [2 * H, 'HB_NORTH', 3],
        ],
      ),
    );
    expect(chart.drawable && chart.series.map((s) => [s.name, s.points.length])).toEqual([
      ['HB_NORTH', 2],
      ['HB_WEST', 1],
    ]);
    expect(chart.drawable && chart.description).toBe('spp over t, one line per location.');
  });

  it('says why it cannot draw a result without a time or a number', () => {
    expect(resultChart(rows([col('hour', 'BIGINT')], [[1]]))).toEqual({
      drawable: false,
      reason: 'The chart needs a TIMESTAMP column; this result has none.',
    });
    expect(resultChart(rows([col('t', 'TIMESTAMP'), col('name', 'VARCHAR')], [[H, 'x']])).drawable).toBe(
      false,
    );
  });
});
