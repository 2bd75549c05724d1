import type { Row } from '@/contract';
import { columnWidths as widthsOfRows, MAX_CHARS, textWidth, type WidthColumn } from './columnWidths';
import { objectRows } from './tableRows';

const columnWidths = (columns: readonly (WidthColumn & { id: string })[], rows: Row[]) =>
  widthsOfRows(
    columns,
    objectRows(
      rows,
      columns.map((c) => c.id),
    ),
  );

describe('textWidth', () => {
  it('counts digits as one ch, capitals wider and punctuation narrower', () => {
    expect(textWidth('2024')).toBe(4);
    expect(textWidth('HB')).toBeGreaterThan(textWidth('hb'));
    expect(textWidth('-:')).toBeLessThan(textWidth('00'));
  });
});

describe('columnWidths', () => {
  const columns = [
    { id: 'interval_start_utc', label: 'interval_start_utc' },
    { id: 'location', label: 'location' },
    { id: 'lmp', label: 'lmp ($/MWh)' },
  ];

  it('fits the widest value of the column or its header, whichever is wider', () => {
    const rows: Row[] = [
      { interval_start_utc: '2024-01-01T06:00:00+00:00', location: 'HB_NORTH', lmp: 12.5 },
      { interval_start_utc: '2024-01-01T06:05:00+00:00', location: 'HB_HOUSTON', lmp: -1234.56 },
    ];
    const [time, location, lmp] = columnWidths(columns, rows);
    expect(time).toBeGreaterThanOrEqual(Math.ceil(textWidth('2024-01-01T06:00:00+00:00')));
    expect(location).toBeGreaterThanOrEqual(Math.ceil(textWidth('HB_HOUSTON')));
    expect(location).toBeGreaterThanOrEqual(Math.ceil(textWidth('location')));
    expect(lmp).toBeGreaterThanOrEqual(Math.ceil(textWidth('lmp ($/MWh)')));
  });

  it('sees a long value anywhere in a large result, including the last row', () => {
    const rows: Row[] = Array.from({ length: 100_000 }, () => ({ location: 'LZ_AEN' }));
    rows[99_999] = { location: 'A_VERY_LONG_SETTLEMENT_POINT' };
    const [, location] = columnWidths(columns, rows);
    expect(location).toBeGreaterThanOrEqual(Math.ceil(textWidth('A_VERY_LONG_SETTLEMENT_POINT')));
  });

  it('caps very long values (they are cut with an ellipsis and a tooltip) and handles no rows', () => {
    const [, location] = columnWidths(columns, [{ location: 'X'.repeat(500) }]);
    expect(location).toBe(MAX_CHARS);
    expect(columnWidths(columns, []).every((w) => w >= 4)).toBe(true);
  });
});
