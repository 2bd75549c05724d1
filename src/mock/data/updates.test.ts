import { DATASET_IDS } from '@/contract';
import { getDataset, DATASETS } from './catalog';
import { DAY_MS, formatCentral, HOUR_MS } from '@/time';
import { countRows } from './counting';
import { datasetUpdates } from './updates';
import type { DatasetDef, Millis } from './types';

const NOW = Date.UTC(2025, 6, 15, 20, 7, 13);

function dataset(id: string): DatasetDef {
  const def = getDataset(id);
  if (!def) throw new Error(`no ${id}`);
  return def;
}
/** Rows visible as of `now`; a sparse dataset is counted over its last week (the runs' window), not its years. */
const total = (def: DatasetDef, now: Millis): number =>
  countRows(def, def.rowExists ? NOW - 9 * DAY_MS : def.firstTime(now), def.lastTime(now) + def.stepMs, now)
    .rows;

describe('datasetUpdates', () => {
  it('lists runs of the last 7 days, newest first, with unique ids', () => {
    for (const def of DATASETS) {
      const runs = datasetUpdates(def, NOW, { limit: 500 });
      expect(runs.length).toBeGreaterThan(0);
      expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
      for (let i = 0; i < runs.length; i++) {
        const r = runs[i];
        if (!r) continue;
        expect(Object.keys(r).sort()).toEqual(
          ['dataset', 'id', 'is_backfill', 'num_rows_inserted', 'num_rows_updated', 'time_utc'].sort(),
        );
        expect(r.dataset).toBe(def.id);
        expect(r.time_utc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
        const at = Date.parse(r.time_utc);
        expect(at).toBeLessThanOrEqual(NOW);
        expect(at).toBeGreaterThan(NOW - 7 * DAY_MS);
        if (i > 0) expect(at).toBeLessThan(Date.parse(runs[i - 1]?.time_utc ?? ''));
      }
    }
  });

  it('inserts exactly the rows that appear at the run', () => {
    for (const def of DATASETS) {
      if (def.id === 'ercot_real_time_as_monitor') continue;
      for (const r of datasetUpdates(def, NOW, { limit: 3 })) {
        const at = Date.parse(r.time_utc);
        expect(r.num_rows_inserted).toBe(total(def, at) - total(def, at - 1));
      }
    }
  });

  it('follows each dataset cadence', () => {
    expect(datasetUpdates(dataset('ercot_load'), NOW)).toHaveLength(7 * 288);
    expect(datasetUpdates(dataset('ercot_load_by_weather_zone'), NOW)).toHaveLength(7 * 24);
    const forecast = datasetUpdates(dataset('ercot_load_forecast_by_forecast_zone'), NOW);
    expect(forecast).toHaveLength(7 * 24);
    expect(forecast.every((r) => r.time_utc.slice(14, 19) === '30:00' && r.num_rows_inserted === 168)).toBe(
      true,
    );
    const dayAhead = datasetUpdates(dataset('ercot_spp_day_ahead_hourly'), NOW);
    expect(dayAhead).toHaveLength(7);
    expect(dayAhead.map((r) => formatCentral(Date.parse(r.time_utc)).slice(11, 19))).toEqual(
      new Array(7).fill('13:00:00'),
    );
    const rt = datasetUpdates(dataset('ercot_spp_real_time_15_min'), NOW, { limit: 1 })[0];
    expect(rt?.num_rows_inserted).toBe(
      countRows(dataset('ercot_spp_real_time_15_min'), NOW - HOUR_MS, NOW, NOW).subseriesValues,
    );
  });

  it('applies order and limit', () => {
    const def = dataset('ercot_load');
    const all = datasetUpdates(def, NOW);
    expect(datasetUpdates(def, NOW, { limit: 10 })).toEqual(all.slice(0, 10));
    expect(datasetUpdates(def, NOW, { order: 'asc', limit: 5 })).toEqual(all.slice(-5).reverse());
  });

  it('is the same on every call', () => {
    const def = dataset('ercot_as_prices');
    expect(datasetUpdates(def, NOW)).toEqual(datasetUpdates(def, NOW));
  });

  it("publishes an interval its declared delay after it starts: the disclosure's 60 days old, the rest as they start", () => {
    const disclosure = dataset(DATASET_IDS.scedGenResource60Day);
    expect(disclosure.publicationDelayMs).toBe(60 * DAY_MS);
    for (const def of DATASETS.filter((d) => !d.vintageWindow && d.lastTime(NOW) <= NOW)) {
      const delay = def.publicationDelayMs ?? 0;
      const newest = datasetUpdates(def, NOW, { limit: 1 })[0];
      // The newest run is the one that published the dataset's last interval, `delay` after it started.
      expect(Date.parse(newest?.time_utc ?? ''), def.id).toBe(def.lastTime(NOW) + delay);
      expect(def.lastTime(NOW) + delay, def.id).toBeGreaterThan(NOW - def.stepMs - 1000);
    }
  });
});
