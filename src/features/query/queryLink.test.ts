import type { Dataset } from '@/api/types';
import { linkSettingsText } from '@/lib/linkSettings';
import { readQueryLink } from './queryLink';

const col = (name: string, kind: 'time' | 'text' | 'number') => ({
  name,
  type: kind === 'time' ? 'TIMESTAMP' : kind === 'text' ? 'VARCHAR' : 'DOUBLE PRECISION',
  is_numeric: kind === 'number',
  is_datetime: kind === 'time',
  description: '',
  unit: null,
});

const spp: Dataset = {
  id: 'ercot_spp_real_time_15_min',
  source: 'ercot',
  name: 'SPP',
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
    col('interval_start_utc', 'time'),
    col('interval_end_utc', 'time'),
    col('location', 'text'),
    col('spp', 'number'),
  ],
  number_of_rows_approximate: 1,
};

const NOW = Date.UTC(2025, 6, 15, 20, 0, 0);
const read = (search: string) => readQueryLink(new URLSearchParams(search), spp, NOW);

describe('the query builder’s link', () => {
  it('waits on a range that ends before it starts, saying so beside End and in the notice', () => {
    const link = read('v=1&range=custom&start=2025-07-15&end=2025-07-14');
    expect(link.ready).toBeNull();
    expect(link.timeErrors.end).toMatch(/^The end must be after the start/);
    expect(linkSettingsText(link.unread)).toBe(
      'Some settings in the link could not be read and were not used: end time (the end must be after the start; the query waits until it is fixed in the form).',
    );
    // Nothing the requests are built from holds a time.
    expect(link.request.range).toBe('latest');
  });

  it('reads a word in a link as typed, as a fixed time when the query runs', () => {
    const link = read('v=1&range=custom&start=yesterday&tz=UTC');
    expect(link.state.start).toBe('yesterday');
    expect(link.ready?.start).toMatch(/^2025-07-14T00:00/);
    expect(link.unread).toEqual([]);
  });

  it('names the params no reader of the page knows, and not the table’s layout', () => {
    const link = read('v=1&show=interval_end_utc&pin=location&tab=chart');
    expect(link.unread.map((u) => u.label)).toEqual(['“tab”']);
  });

  it('sets a link of an unknown version aside whole, naming only that', () => {
    const link = read('v=9&fcol=location&whatever=1');
    expect(link.unread.map((u) => u.label)).toEqual(['link version']);
  });
});
