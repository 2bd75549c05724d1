import type { Dataset, DatasetQueryResponse } from '@/contract';
import { SPP_DATASET } from '@/test/sppDataset';
import { countedRows, estimateRows, jobEstimate, rowCountParams, rowCountReason } from './rowEstimate';

const NOW = Date.UTC(2025, 6, 15, 20, 0, 0);
const DAY = { start_time: '2025-07-14T20:00:00Z', end_time: '2025-07-15T20:00:00Z' };

const num = (name: string) => ({
  name,
  type: 'DOUBLE PRECISION' as const,
  is_numeric: true,
  is_datetime: false,
  description: '',
  unit: 'MW',
});
const text = (name: string) => ({ ...num(name), type: 'VARCHAR' as const, is_numeric: false, unit: null });
const time = (name: string) => ({ ...text(name), type: 'TIMESTAMP' as const, is_datetime: true });

/** An hourly forecast report with a publish column and no subseries, as the solar report is. */
const SOLAR: Dataset = {
  ...SPP_DATASET,
  id: 'ercot_solar_actual_and_forecast_hourly',
  cadence: '1_HOUR',
  subseries_index_column: null,
  publish_time_column: 'publish_time_utc',
  primary_key_columns: ['interval_start_utc', 'publish_time_utc'],
  all_columns: [
    time('interval_start_utc'),
    time('interval_end_utc'),
    time('publish_time_utc'),
    num('gen_system_wide'),
    num('stppf_system_wide'),
  ],
  latestData: '2025-07-22T19:00:00+00:00',
};

/** Shadow prices: rows only while a constraint binds, several contingencies at once. */
const SHADOW: Dataset = {
  ...SPP_DATASET,
  id: 'ercot_shadow_prices_sced',
  cadence: '5_MINUTES',
  subseries_index_column: 'constraint_name',
  primary_key_columns: ['interval_start_utc', 'constraint_name', 'contingency_name'],
  all_columns: [
    time('interval_start_utc'),
    time('interval_end_utc'),
    text('constraint_name'),
    text('contingency_name'),
    num('shadow_price'),
    num('limit'),
  ],
};

const answer = (data: DatasetQueryResponse['data'], hasNextPage = false) => ({
  data,
  meta: { page: 1, limit: null, page_size: 50_000, hasNextPage, cursor: null },
});

describe('rowCountReason', () => {
  it('asks the server where time × series does not tell the rows', () => {
    expect(rowCountReason(DAY, SOLAR)).toBe('vintages');
    expect(rowCountReason({ ...DAY, publish_time_start: '2025-07-15' }, SOLAR)).toBe('vintages');
    expect(rowCountReason({ ...DAY, publish_time: 'latest_report' }, SOLAR)).toBe('one vintage');
    expect(rowCountReason({ ...DAY, publish_time: '2025-07-15T10:10:00Z' }, SOLAR)).toBe('one vintage');
    expect(rowCountReason(DAY, SHADOW)).toBe('subseries');
  });

  it('keeps time × series for the latest vintage and for pricing locations', () => {
    expect(rowCountReason({ ...DAY, publish_time: 'latest' }, SOLAR)).toBeNull();
    expect(rowCountReason(DAY, SPP_DATASET)).toBeNull();
    expect(rowCountReason({ time: 'latest' }, SOLAR)).toBeNull();
  });
});

describe('rowCountParams', () => {
  it('counts an unresampled query into years, with its range, zone, filter and vintages', () => {
    const params = {
      ...DAY,
      timezone: 'market',
      filter_column: 'stppf_system_wide',
      filter_operator: '>',
      filter_value: '100',
      publish_time_start: '2025-07-15',
      columns: 'gen_system_wide',
      order: 'desc',
      page_size: 500,
      limit: 20,
    } as const;
    expect(rowCountParams(params, SOLAR)).toEqual({
      ...DAY,
      timezone: 'market',
      filter_column: 'stppf_system_wide',
      filter_operator: '>',
      filter_value: '100',
      publish_time_start: '2025-07-15',
      resample_frequency: '1year',
      resample_function: 'count',
      page_size: 50_000,
    });
  });

  it('counts a resampled query in its own buckets and groups, by one column outside them', () => {
    expect(
      rowCountParams(
        { ...DAY, resample_frequency: '1h', resample_function: 'mean', resample_by: 'shadow_price' },
        SHADOW,
      ),
    ).toEqual({
      ...DAY,
      resample_frequency: '1h',
      resample_by: 'shadow_price',
      resample_function: 'count',
      columns: 'limit',
      page_size: 50_000,
    });
  });

  it('asks nothing where time × series holds', () => {
    expect(rowCountParams({ ...DAY, publish_time: 'latest' }, SOLAR)).toBeNull();
    expect(rowCountParams(DAY, SPP_DATASET)).toBeNull();
  });
});

describe('countedRows', () => {
  it('adds each group’s largest count: a column empty for hours not ended does not hide their rows', () => {
    const rows = countedRows(
      answer([
        { publish_time_utc: '2025-07-15T10:10:00+00:00', gen_system_wide: 10, stppf_system_wide: 24 },
        { publish_time_utc: '2025-07-15T11:10:00+00:00', gen_system_wide: 11, stppf_system_wide: 24 },
        { publish_time_utc: '2025-07-15T12:10:00+00:00', gen_system_wide: null, stppf_system_wide: 3 },
      ]),
      false,
      SOLAR,
    );
    expect(rows).toEqual({ rows: 51, complete: true });
  });

  it('reads a resampled count’s rows as the query’s, and a count past one page as a floor', () => {
    const data = [
      { constraint_name: 'A', limit: 3 },
      { constraint_name: 'B', limit: 9 },
    ];
    expect(countedRows(answer(data), true, SHADOW)).toEqual({
      rows: 2,
      complete: true,
    });
    expect(countedRows(answer(data, true), false, SHADOW)).toEqual({ rows: 12, complete: false });
  });
});

describe('estimateRows with the server’s count', () => {
  it('waits for the count of every vintage, then gives it, not one row an interval', () => {
    expect(estimateRows(DAY, SOLAR, NOW, null)).toBeNull();
    expect(estimateRows(DAY, SOLAR, NOW, null, { rows: 4308, complete: true })).toMatchObject({
      rows: 4308,
      kind: 'about',
      counted: 'vintages',
    });
  });

  it('keeps one row an interval for the latest vintage, without asking', () => {
    expect(estimateRows({ ...DAY, publish_time: 'latest' }, SOLAR, NOW, null)).toMatchObject({
      rows: 24,
      kind: 'about',
    });
  });

  it('says a count past one page is a floor, and the row limit a ceiling', () => {
    const floor = { rows: 50_000, complete: false };
    expect(estimateRows(DAY, SHADOW, NOW, null, floor)).toMatchObject({ rows: 50_000, kind: 'at least' });
    expect(estimateRows({ ...DAY, limit: 100 }, SHADOW, NOW, null, floor)).toMatchObject({
      rows: 100,
      kind: 'at most',
    });
  });

  it('gives the export job a total only where it is one', () => {
    const span = { startMs: 0, endMs: 1, descending: false };
    expect(jobEstimate({ rows: 5, kind: 'at least', span })).toBeNull();
    expect(jobEstimate({ rows: 5, kind: 'about', span, counted: 'vintages' })).toEqual({
      rows: 5,
      kind: 'about',
      span,
    });
    expect(jobEstimate(null)).toBeNull();
  });
});
