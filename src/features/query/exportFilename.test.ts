import { exportFilename } from './exportFilename';

const DATASET = 'ercot_spp_real_time_15_min';

describe('exportFilename', () => {
  it('names a file for its dataset, filter value, dates and resampling', () => {
    expect(
      exportFilename(DATASET, {
        filter_column: 'location',
        filter_value: 'HB_NORTH',
        start_time: '2025-07-01T00:00:00+00:00',
        end_time: '2025-07-04T00:00:00+00:00',
        resample_frequency: '1h',
        resample_function: 'mean',
      }),
    ).toBe('ercot_spp_real_time_15_min_HB_NORTH_2025-07-01_2025-07-04_hourly-mean.csv');
  });

  it('reads instants in the query’s zone, with the time when it is not midnight', () => {
    expect(
      exportFilename(DATASET, {
        timezone: 'market',
        start_time: '2025-07-01T05:00:00+00:00',
        end_time: '2025-07-01T18:30:00+00:00',
      }),
    ).toBe('ercot_spp_real_time_15_min_2025-07-01_2025-07-01T1330.csv');
    // A time written without an offset is already in the query's zone.
    expect(exportFilename(DATASET, { timezone: 'US/Central', start_time: '2025-07-01T06:00' })).toBe(
      'ercot_spp_real_time_15_min_2025-07-01T0600_latest.csv',
    );
    expect(exportFilename(DATASET, { time: 'latest' })).toBe('ercot_spp_real_time_15_min_latest.csv');
  });

  it('names operators in words and long value lists by their count', () => {
    expect(
      exportFilename('ercot_load', { filter_column: 'load', filter_operator: '>', filter_value: '70000' }),
    ).toBe('ercot_load_load-gt-70000.csv');
    expect(
      exportFilename(DATASET, {
        filter_column: 'location',
        filter_operator: 'in',
        filter_value: 'HB_NORTH,HB_WEST',
      }),
    ).toBe('ercot_spp_real_time_15_min_HB_NORTH+HB_WEST.csv');
    const many = Array.from({ length: 3000 }, (_, i) => `NODE_${i}`).join(',');
    expect(
      exportFilename(DATASET, { filter_column: 'location', filter_operator: 'in', filter_value: many }),
    ).toBe('ercot_spp_real_time_15_min_3000-locations.csv');
    expect(
      exportFilename(DATASET, { resample_frequency: '15min', resample_function: 'max' }, 'parquet'),
    ).toBe('ercot_spp_real_time_15_min_15min-max.parquet');
  });

  it('never lets a crafted value escape the folder or grow past a file system’s limit', () => {
    const name = exportFilename(DATASET, {
      filter_column: 'location',
      filter_value: `../../etc/passwd\u0000${'x'.repeat(400)}`,
    });
    expect(name).toMatch(/^[A-Za-z0-9._+-]+\.csv$/);
    expect(name).not.toContain('/');
    expect(name.length).toBeLessThanOrEqual(160);
  });
});
