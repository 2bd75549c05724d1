import type { SqlColumn, SqlRows } from '@/sql/types';
import { formatSqlCell, resultColumns, resultTableRows } from './resultRows';

const col = (name: string, type: string, unit: string | null = null): SqlColumn => ({ name, type, unit });

describe('an SQL result in the table', () => {
  it('keys repeated column names apart and right-aligns numbers', () => {
    expect(resultColumns([col('a', 'BIGINT'), col('a', 'VARCHAR'), col('a', 'DOUBLE')])).toEqual([
      { id: 'a', header: 'a', unit: null, numeric: true },
      { id: 'a_2', header: 'a', unit: null, numeric: false },
      { id: 'a_3', header: 'a', unit: null, numeric: true },
    ]);
  });

  it('writes numbers at their unit’s precision and timestamps as ISO text', () => {
    expect(formatSqlCell(28.577499999999997, col('spp', 'DOUBLE', '$/MWh'))).toBe('28.58');
    expect(formatSqlCell(0.1 + 0.2, col('x', 'DOUBLE'))).toBe('0.3');
    expect(formatSqlCell(Date.UTC(2025, 6, 15, 20), col('interval_start_utc', 'TIMESTAMP_MS'))).toBe(
      '2025-07-15T20:00:00Z',
    );
    expect(
      formatSqlCell(Date.UTC(2025, 6, 15, 15, 0, 0, 250), col('interval_start_local', 'TIMESTAMP')),
    ).toBe('2025-07-15T15:00:00.250');
    // An aggregate of a UTC column is a UTC instant too; one that mixes in a wall clock is not marked.
    expect(formatSqlCell(Date.UTC(2025, 6, 15, 20), col('min(interval_start_utc)', 'TIMESTAMP_MS'))).toBe(
      '2025-07-15T20:00:00Z',
    );
    expect(
      formatSqlCell(
        Date.UTC(2025, 6, 15, 20),
        col('greatest(interval_start_utc, interval_start_local)', 'TIMESTAMP_MS'),
      ),
    ).toBe('2025-07-15T20:00:00');
    expect(formatSqlCell(Date.UTC(2025, 6, 15, 20), col('first', 'TIMESTAMP_MS'))).toBe(
      '2025-07-15T20:00:00',
    );
    expect(formatSqlCell(null, col('x', 'DOUBLE'))).toBe('');
    expect(formatSqlCell(true, col('b', 'BOOLEAN'))).toBe('true');
  });

  it('reads cells from the result, with the whole number behind a rounded one', () => {
    const result: SqlRows = {
      columns: [col('hour', 'BIGINT'), col('spp', 'DOUBLE', '$/MWh')],
      rowCount: 2,
      value: (row, column) =>
        [
          [0, 21.456],
          [1, 30],
        ][row]?.[column] ?? null,
    };
    const rows = resultTableRows(result);
    expect(rows.count).toBe(2);
    expect(rows.text(0, 1)).toBe('21.46');
    expect(rows.fullText?.(0, 1)).toBe('21.456');
    expect(rows.text(1, 0)).toBe('1');
  });
});
