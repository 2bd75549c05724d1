import { TimestampMillisecond, Type, type Vector } from 'apache-arrow';
import { SPP_DATASET } from '@/test/sppDataset';
import { csvPageToArrow } from './csvPageArrow';

const COLUMNS = SPP_DATASET.all_columns;

const typeOf = (vector: Vector | null): Type | undefined =>
  (vector?.type as { typeId: Type } | undefined)?.typeId;

describe('csvPageToArrow', () => {
  it('types columns from the metadata: instants, the market clock, doubles and text', () => {
    const table = csvPageToArrow(
      [
        'interval_start_utc,interval_start_local,location,spp',
        '2025-07-13T05:00:00+00:00,2025-07-13T00:00:00-05:00,HB_NORTH,21.5',
      ].join('\n'),
      COLUMNS,
    );
    const start = table.getChild('interval_start_utc');
    expect(start?.type).toBeInstanceOf(TimestampMillisecond);
    expect((start?.type as TimestampMillisecond).timezone ?? null).toBeNull();
    expect(start?.get(0)).toBe(Date.parse('2025-07-13T05:00:00Z'));
    // Not in all_columns: the `_local` twin of a time is the market's wall clock, zone-less.
    expect(typeOf(table.getChild('interval_start_local'))).toBe(Type.Timestamp);
    expect(table.getChild('interval_start_local')?.get(0)).toBe(Date.parse('2025-07-13T00:00:00Z'));
    expect(typeOf(table.getChild('spp'))).toBe(Type.Float);
    expect(table.getChild('spp')?.get(0)).toBe(21.5);
    expect(typeOf(table.getChild('location'))).toBe(Type.Utf8);
    expect(table.getChild('location')?.get(0)).toBe('HB_NORTH');
  });

  it('keeps both autumn hours apart: instants by their offset, the market clock repeating', () => {
    const table = csvPageToArrow(
      [
        'interval_start_utc,interval_start_local,spp',
        '2024-11-03T06:00:00+00:00,2024-11-03T01:00:00-05:00,10',
        '2024-11-03T07:00:00+00:00,2024-11-03T01:00:00-06:00,11',
        '2024-03-10T08:00:00+00:00,2024-03-10T03:00:00-05:00,12',
      ].join('\n'),
      COLUMNS,
    );
    const utc = table.getChild('interval_start_utc');
    const local = table.getChild('interval_start_local');
    expect([utc?.get(0), utc?.get(1), utc?.get(2)]).toEqual([
      Date.parse('2024-11-03T06:00:00Z'),
      Date.parse('2024-11-03T07:00:00Z'),
      Date.parse('2024-03-10T08:00:00Z'),
    ]);
    expect([local?.get(0), local?.get(1), local?.get(2)]).toEqual([
      Date.parse('2024-11-03T01:00:00Z'),
      Date.parse('2024-11-03T01:00:00Z'),
      Date.parse('2024-03-10T03:00:00Z'),
    ]);
  });

  it('reads empty cells as NULL in every type and quoted text as written', () => {
    const table = csvPageToArrow(
      [
        'interval_start_utc,location,market,spp',
        '2025-07-13T05:00:00+00:00,"HB, ""North""",,',
        ',"two\nlines",RT,3',
      ].join('\n'),
      COLUMNS,
    );
    expect(table.numRows).toBe(2);
    expect(table.getChild('spp')?.get(0)).toBeNull();
    expect(table.getChild('spp')?.get(1)).toBe(3);
    expect(table.getChild('market')?.get(0)).toBeNull();
    expect(table.getChild('interval_start_utc')?.get(1)).toBeNull();
    expect(table.getChild('interval_start_utc')?.nullCount).toBe(1);
    expect(table.getChild('location')?.get(0)).toBe('HB, "North"');
    expect(table.getChild('location')?.get(1)).toBe('two\nlines');
  });

  it('a page with a header and no rows is an empty table with its columns', () => {
    const table = csvPageToArrow('interval_start_utc,spp\n', COLUMNS);
    expect(table.numRows).toBe(0);
    expect(table.schema.fields.map((f) => f.name)).toEqual(['interval_start_utc', 'spp']);
  });
});
