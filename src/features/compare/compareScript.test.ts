import type { Dataset } from '@/api/types';
import { dataSeries } from '@/lib/compareWorkspace';
import { compareScript } from './compareScript';

const datasets = new Map<string, Dataset>([
  [
    'ercot_load_forecast_by_forecast_zone',
    { id: 'ercot_load_forecast_by_forecast_zone', publish_time_column: 'publish_time_utc' } as Dataset,
  ],
  ['ercot_load', { id: 'ercot_load', publish_time_column: null } as Dataset],
]);

describe('the Compare workspace as Python', () => {
  const script = compareScript({
    baseUrl: 'http://127.0.0.1:4010/',
    from: '2025-07-08',
    to: '2025-07-14',
    zone: 'US/Central',
    cadence: '1h',
    series: [
      dataSeries('A', 'ercot_load', 'load'),
      dataSeries('B', 'ercot_load_forecast_by_forecast_zone', 'system_total', { lead: 24 }),
      dataSeries('C', 'ercot_spp_day_ahead_hourly', 'spp', {
        filterColumn: 'location',
        filterValue: 'HB_"X"',
        shift: -364,
        fn: 'max',
      }),
      { kind: 'expr', key: 'D', expr: '(b - A) / a' },
    ],
    datasets,
  });

  it('fetches each series as the page does and builds the derived columns from the letters', () => {
    expect(script).toContain('client = GridStatusClient(host="http://127.0.0.1:4010/v1")');
    expect(script).toContain('END = pd.Timestamp("2025-07-15", tz=TZ)');
    expect(script).toContain('frame["A"] = series("ercot_load", "load", resample="1h")');
    expect(script).toContain(
      'frame["B"] = series("ercot_load_forecast_by_forecast_zone", "system_total", lead_hours=24)',
    );
    expect(script).toContain(
      'frame["C"] = series("ercot_spp_day_ahead_hourly", "spp", shift_days=-364, resample="1h", resample_function="max", location="HB_\\"X\\"")',
    );
    expect(script).toContain('frame["D"] = (frame["B"] - frame["A"]) / frame["A"]');
    expect(script).toContain('VINTAGED = {"ercot_load_forecast_by_forecast_zone"}');
  });

  it('never holds the key', () => {
    expect(script).toContain('GRIDSTATUS_API_KEY');
    expect(script).not.toMatch(/demo-key|api_key=/);
  });
});
