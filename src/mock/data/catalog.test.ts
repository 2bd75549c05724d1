import { datasetMetadata, DATASETS, getDataset } from './catalog';
import { DAY_MS, HOUR_MS, marketMidnight } from '@/time';
import { DATA_START } from './climate';
import { countRows, ESTIMATE_SAMPLE_TIMES } from './counting';
import { ECRS_START } from './ancillary';
import type { DatasetDef, Millis, RawCell } from './types';

const NOW = Date.UTC(2025, 6, 15, 20, 7, 13);

function dataset(id: string): DatasetDef {
  const def = getDataset(id);
  if (!def) throw new Error(`no ${id}`);
  return def;
}

/** Some valid (t, location, publish) cells of a dataset. */
function samples(def: DatasetDef, n: number): [Millis, number, Millis | null][] {
  const first = def.firstTime(NOW);
  const span = Math.floor((Math.min(def.lastTime(NOW), NOW) - first) / def.stepMs);
  return Array.from({ length: n }, (_, i) => {
    const t = first + ((i * 104_729) % span) * def.stepMs;
    const locs = def.locations ?? [];
    let li = 0;
    if (locs.length > 0) {
      li = (i * 31) % locs.length;
      while (!((locs[li]?.firstSeen ?? 0) <= t && (locs[li]?.retiredAt ?? Infinity) > t))
        li = (li + 1) % locs.length;
    }
    const vintages = def.vintages?.(t, NOW) ?? null;
    return [t, li, vintages ? (vintages[i % vintages.length] ?? null) : null];
  });
}

const rowOf = (def: DatasetDef, [t, li, p]: [Millis, number, Millis | null]): RawCell[] =>
  def.row(t, def.locations?.[li] ?? null, p);

describe('catalog', () => {
  it('serves the datasets of the contract and decision 0026, sorted by id', () => {
    expect(DATASETS.map((d) => d.id)).toEqual([
      'ercot_as_prices',
      'ercot_fuel_mix',
      'ercot_lmp_by_bus',
      'ercot_lmp_by_settlement_point',
      'ercot_load',
      'ercot_load_by_weather_zone',
      'ercot_load_forecast_by_forecast_zone',
      'ercot_real_time_as_monitor',
      'ercot_sced_gen_resource_60_day',
      'ercot_sced_system_lambda',
      'ercot_shadow_prices_dam',
      'ercot_shadow_prices_sced',
      'ercot_solar_actual_and_forecast_by_geo_region_hourly',
      'ercot_solar_actual_and_forecast_hourly',
      'ercot_spp_day_ahead_hourly',
      'ercot_spp_real_time_15_min',
      'ercot_wind_actual_and_forecast_by_geo_region_hourly',
      'ercot_wind_actual_and_forecast_hourly',
    ]);
    expect(getDataset('nope')).toBeUndefined();
  });

  it('produces rows with one cell per column, deterministic across interleaved calls', () => {
    const all = DATASETS.map((def) => samples(def, 40).map((s) => rowOf(def, s)));
    const again = [...DATASETS]
      .reverse()
      .map((def) =>
        [...samples(def, 40)]
          .reverse()
          .map((s) => rowOf(def, s))
          .reverse(),
      )
      .reverse();
    expect(again).toEqual(all);
    DATASETS.forEach((def, d) => {
      for (const row of all[d] ?? []) {
        expect(row).toHaveLength(def.columns.length);
        row.forEach((cell, c) => {
          const col = def.columns[c];
          if (col?.type === 'TIMESTAMP') expect(typeof cell).toBe('number');
          if (col?.type === 'VARCHAR') expect(typeof cell).toBe('string');
          if (col?.type === 'DOUBLE PRECISION' && cell !== null) {
            expect(typeof cell).toBe('number');
            expect(Math.round((cell as number) * 100) / 100).toBe(cell);
          }
        });
      }
    });
  });

  it('describes a dataset with every field of contract §5', () => {
    const meta = datasetMetadata(dataset('ercot_spp_real_time_15_min'), NOW);
    expect(meta).toMatchObject({
      id: 'ercot_spp_real_time_15_min',
      source: 'ercot',
      cadence: '15_MINUTES',
      earliestData: '2023-01-01T06:00:00+00:00',
      latestData: '2025-07-15T20:00:00+00:00',
      earliest_available_time_utc: '2023-01-01T06:00:00+00:00',
      latest_available_time_utc: '2025-07-15T20:00:00+00:00',
      time_index_column: 'interval_start_utc',
      subseries_index_column: 'location',
      publish_time_column: null,
      primary_key_columns: ['interval_start_utc', 'location'],
      data_timezone: 'US/Central',
    });
    expect(meta.all_columns.map((c) => c.name)).toEqual([
      'interval_start_utc',
      'interval_end_utc',
      'location',
      'location_type',
      'market',
      'spp',
    ]);
    expect(meta.all_columns[0]).toMatchObject({ type: 'TIMESTAMP', is_datetime: true, is_numeric: false });
    expect(meta.all_columns[5]).toMatchObject({ type: 'DOUBLE PRECISION', is_numeric: true, unit: '$/MWh' });
    expect(meta.number_of_rows_approximate).toBe(
      countRows(dataset('ercot_spp_real_time_15_min'), 0, Infinity, NOW).rows,
    );
    expect(meta.name.length).toBeGreaterThan(5);
    expect(meta.description.length).toBeGreaterThan(40);

    const forecast = datasetMetadata(dataset('ercot_load_forecast_by_forecast_zone'), NOW);
    expect(forecast.primary_key_columns).toEqual(['interval_start_utc', 'publish_time_utc']);
    const monitor = datasetMetadata(dataset('ercot_real_time_as_monitor'), NOW);
    expect(monitor).toMatchObject({
      cadence: 'IRREGULAR',
      time_index_column: 'time_utc',
      earliestData: '2025-06-15T20:07:10+00:00',
      latestData: '2025-07-15T20:07:10+00:00',
      primary_key_columns: ['time_utc'],
    });
    expect(monitor.all_columns.map((c) => c.name)).toEqual(['time_utc', 'prc']);
  });

  it('names the columns of the hosted API for the solar and wind reports, system lambda and LMP by bus', () => {
    const names = (id: string): string[] => datasetMetadata(dataset(id), NOW).all_columns.map((c) => c.name);
    const head = ['interval_start_utc', 'interval_end_utc', 'publish_time_utc'];
    expect(names('ercot_solar_actual_and_forecast_hourly')).toEqual([
      ...head,
      'gen_system_wide',
      'cop_hsl_system_wide',
      'stppf_system_wide',
      'pvgrpp_system_wide',
      'hsl_system_wide',
    ]);
    const wind = names('ercot_wind_actual_and_forecast_hourly');
    expect(wind.slice(3, 8)).toEqual([
      'gen_system_wide',
      'cop_hsl_system_wide',
      'stwpf_system_wide',
      'wgrpp_system_wide',
      'hsl_system_wide',
    ]);
    expect(wind.slice(8)).toEqual(
      ['lz_south_houston', 'lz_west', 'lz_north'].flatMap((z) => [
        `gen_${z}`,
        `cop_hsl_${z}`,
        `stwpf_${z}`,
        `wgrpp_${z}`,
      ]),
    );
    expect(names('ercot_solar_actual_and_forecast_by_geo_region_hourly')).toHaveLength(8 + 6 * 4);
    expect(names('ercot_solar_actual_and_forecast_by_geo_region_hourly')).toContain('stppf_farwest');
    expect(names('ercot_wind_actual_and_forecast_by_geo_region_hourly')).toHaveLength(8 + 5 * 4);
    expect(names('ercot_wind_actual_and_forecast_by_geo_region_hourly')).toContain('gen_panhandle');
    expect(names('ercot_sced_system_lambda')).toEqual([
      'interval_start_utc',
      'interval_end_utc',
      'sced_timestamp_utc',
      'system_lambda',
    ]);
    expect(names('ercot_lmp_by_bus')).toEqual(names('ercot_lmp_by_settlement_point'));
    const solar = datasetMetadata(dataset('ercot_solar_actual_and_forecast_hourly'), NOW);
    expect(solar).toMatchObject({
      cadence: '1_HOUR',
      publish_time_column: 'publish_time_utc',
      primary_key_columns: ['interval_start_utc', 'publish_time_utc'],
    });
    // The newest report (19:10, as now is 20:07) forecasts the 168 hours from its own hour.
    expect(solar.latest_available_time_utc).toBe('2025-07-22T18:00:00+00:00');
    expect(datasetMetadata(dataset('ercot_lmp_by_bus'), NOW).subseries_index_column).toBe('location');
  });

  it('describes the wide and sparse shapes: other subseries columns, a composite key, 30 disclosure columns', () => {
    const gen = datasetMetadata(dataset('ercot_sced_gen_resource_60_day'), NOW);
    expect(gen.all_columns).toHaveLength(30);
    expect(gen).toMatchObject({
      subseries_index_column: 'resource_name',
      primary_key_columns: ['interval_start_utc', 'resource_name'],
      // The disclosure runs 60 days behind now.
      latestData: '2025-05-16T20:05:00+00:00',
    });
    expect(gen.all_columns.filter((c) => c.type === 'VARCHAR').map((c) => c.name)).toEqual([
      'qse',
      'dme',
      'resource_name',
      'resource_type',
      'telemetered_resource_status',
    ]);
    for (const id of ['ercot_shadow_prices_sced', 'ercot_shadow_prices_dam']) {
      const meta = datasetMetadata(dataset(id), NOW);
      expect(meta.subseries_index_column).toBe('constraint_name');
      expect(meta.primary_key_columns).toEqual(['interval_start_utc', 'constraint_name', 'contingency_name']);
      // An estimate for a sparse set: the rows per grid time at up to 96 evenly spaced times of
      // its last two days (every half hour of SCED's 5-minute grid, every hour of the day-ahead
      // market's), times the grid points of its whole history.
      const def = dataset(id);
      const end = def.lastTime(NOW) + def.stepMs;
      const perTwoDays = (2 * DAY_MS) / def.stepMs;
      const stride = Math.ceil(perTwoDays / ESTIMATE_SAMPLE_TIMES);
      let sampled = 0;
      let times = 0;
      for (let t = end - 2 * DAY_MS; t < end; t += stride * def.stepMs, times++) {
        sampled += (def.locations ?? []).filter((m) => def.rowExists?.(t, m)).length;
      }
      const points = (end - def.firstTime(NOW)) / def.stepMs;
      expect(meta.number_of_rows_approximate).toBe(Math.round((sampled / times) * points));
      // Close to what every interval of those two days would say.
      const whole = (countRows(def, end - 2 * DAY_MS, end, NOW).rows / perTwoDays) * points;
      expect(Math.abs(meta.number_of_rows_approximate / whole - 1)).toBeLessThan(0.1);
    }
  });

  it('estimates the rows of a sparse dataset within a factor of two of its exact count', () => {
    // The day-ahead shadow prices: counting the SCED ones exactly takes seconds, the point of estimating.
    const def = dataset('ercot_shadow_prices_dam');
    const exact = countRows(def, def.firstTime(NOW), def.lastTime(NOW) + def.stepMs, NOW).rows;
    const estimate = datasetMetadata(def, NOW).number_of_rows_approximate;
    expect(estimate).toBeGreaterThan(exact / 2);
    expect(estimate).toBeLessThan(exact * 2);
  });

  it('runs day-ahead data to the end of tomorrow once 13:00 Central has passed', () => {
    const da = dataset('ercot_spp_day_ahead_hourly');
    const before = marketMidnight('2025-07-15') + 12 * HOUR_MS + 59 * 60_000;
    const after = marketMidnight('2025-07-15') + 13 * HOUR_MS;
    expect(da.lastTime(before)).toBe(marketMidnight('2025-07-16') - HOUR_MS);
    expect(da.lastTime(after)).toBe(marketMidnight('2025-07-17') - HOUR_MS);
    expect(dataset('ercot_as_prices').lastTime(after)).toBe(marketMidnight('2025-07-17') - HOUR_MS);
  });

  it('ends interval datasets at the last interval that has started', () => {
    expect(dataset('ercot_load').lastTime(NOW)).toBe(Date.UTC(2025, 6, 15, 20, 5));
    expect(dataset('ercot_load_by_weather_zone').lastTime(NOW)).toBe(Date.UTC(2025, 6, 15, 20));
    expect(dataset('ercot_fuel_mix').firstTime(NOW)).toBe(DATA_START);
  });

  it('prices ancillary services in plausible $/MW, with ECRS only after its launch', () => {
    const as = dataset('ercot_as_prices');
    expect(as.row(ECRS_START - HOUR_MS, null, null)[7]).toBeNull();
    expect(as.row(ECRS_START, null, null)[7]).not.toBeNull();
    const values: number[] = [];
    for (let t = ECRS_START; t < ECRS_START + 365 * DAY_MS; t += 5 * HOUR_MS) {
      const row = as.row(t, null, null);
      expect(row[2]).toBe('DAM');
      for (const v of row.slice(3)) values.push(v as number);
    }
    values.sort((a, b) => a - b);
    expect(values[0]).toBeGreaterThan(0);
    expect(values[Math.floor(values.length / 2)]).toBeLessThan(30);
  });

  it('keeps physical responsive capability in a plausible MW band', () => {
    const def = dataset('ercot_real_time_as_monitor');
    for (let t = def.firstTime(NOW); t <= def.lastTime(NOW); t += 7 * 60 * 10_000) {
      const prc = def.row(t, null, null)[1] as number;
      expect(prc).toBeGreaterThanOrEqual(2500);
      expect(prc).toBeLessThanOrEqual(13000);
    }
  });
});
