import { DATASETS, getDataset } from './catalog';
import { addDays, marketMidnight } from '@/time';
import { countRows } from './counting';
import { datasetAudit } from './audit';
import { locationDefs } from './locations';
import type { DatasetDef } from './types';

// The 30-day window includes the 25-hour market day of 2024-11-03.
const NOW = Date.UTC(2024, 10, 20, 15);

function dataset(id: string): DatasetDef {
  const def = getDataset(id);
  if (!def) throw new Error(`no ${id}`);
  return def;
}

describe('datasetAudit', () => {
  it('covers the last 30 complete market days, newest first, as countRows counts them', () => {
    for (const def of DATASETS) {
      const audit = datasetAudit(def, NOW);
      expect(audit).toHaveLength(30);
      expect(audit[0]?.market_date).toBe('2024-11-19');
      audit.forEach((rec, i) => {
        expect(rec.market_date).toBe(addDays('2024-11-19', -i));
        const c = countRows(
          def,
          marketMidnight(rec.market_date),
          marketMidnight(addDays(rec.market_date, 1)),
          NOW,
        );
        expect(rec).toEqual({
          market_date: rec.market_date,
          number_of_datapoints: c.rows,
          number_of_unique_time_index_values: c.timeValues,
          number_of_unique_subseries_index_values: c.subseriesValues,
        });
      });
    }
  });

  it('counts 23, 24 and 25-hour days', () => {
    const byDate = (id: string): Map<string, number> =>
      new Map(datasetAudit(dataset(id), NOW).map((r) => [r.market_date, r.number_of_datapoints]));
    expect(byDate('ercot_load').get('2024-11-03')).toBe(300);
    expect(byDate('ercot_load').get('2024-11-04')).toBe(288);
    expect(byDate('ercot_load_by_weather_zone').get('2024-11-03')).toBe(25);
    const rt = datasetAudit(dataset('ercot_spp_real_time_15_min'), NOW).find(
      (r) => r.market_date === '2024-11-10',
    );
    const active = locationDefs().filter(
      (l) =>
        l.firstSeen <= marketMidnight('2024-11-10') &&
        (l.retiredAt ?? Infinity) > marketMidnight('2024-11-11'),
    ).length;
    expect(rt?.number_of_unique_time_index_values).toBe(96);
    expect(rt?.number_of_unique_subseries_index_values).toBe(active);
    expect(rt?.number_of_datapoints).toBe(96 * active);
    const spring = datasetAudit(dataset('ercot_load'), Date.UTC(2024, 2, 20));
    expect(spring.find((r) => r.market_date === '2024-03-10')?.number_of_datapoints).toBe(276);
  });

  it('has no subseries count for datasets without locations', () => {
    expect(datasetAudit(dataset('ercot_load'), NOW)[0]?.number_of_unique_subseries_index_values).toBeNull();
  });
});
