/** A real-time SPP dataset's metadata as the API gives it: the fixture of the query builder's pure tests. */
import type { Dataset } from '@/contract';

type ColumnType = 'TIMESTAMP' | 'VARCHAR' | 'DOUBLE PRECISION';

const col = (name: string, type: ColumnType, unit: string | null = null) => ({
  name,
  type,
  is_numeric: type === 'DOUBLE PRECISION',
  is_datetime: type === 'TIMESTAMP',
  description: '',
  unit,
});

export const SPP_DATASET: Dataset = {
  id: 'ercot_spp_real_time_15_min',
  source: 'ercot',
  name: 'ERCOT SPP Real Time 15 Min',
  description: '',
  cadence: '15_MINUTES',
  earliestData: '2023-01-01T06:00:00+00:00',
  latestData: '2025-07-15T19:45:00+00:00',
  earliest_available_time_utc: '2023-01-01T06:00:00+00:00',
  latest_available_time_utc: '2025-07-15T19:45:00+00:00',
  time_index_column: 'interval_start_utc',
  subseries_index_column: 'location',
  publish_time_column: null,
  primary_key_columns: ['interval_start_utc', 'location'],
  data_timezone: 'US/Central',
  all_columns: [
    col('interval_start_utc', 'TIMESTAMP'),
    col('interval_end_utc', 'TIMESTAMP'),
    col('location', 'VARCHAR'),
    col('location_type', 'VARCHAR'),
    col('market', 'VARCHAR'),
    col('spp', 'DOUBLE PRECISION', '$/MWh'),
  ],
  number_of_rows_approximate: 1,
};
