import type { Dataset } from '@/contract';
import { filterDatasets } from './filterDatasets';

const make = (id: string, name: string, description: string): Dataset =>
  ({ id, name, description }) as Dataset;

const catalog = [
  make('ercot_load', 'Load', 'System-wide actual load every 5 minutes.'),
  make('ercot_load_by_weather_zone', 'Load by Weather Zone', 'Hourly load for each weather zone.'),
  make('ercot_fuel_mix', 'Fuel Mix', 'Generation by fuel type.'),
];

describe('filterDatasets', () => {
  it('keeps everything for an empty or blank query', () => {
    expect(filterDatasets(catalog, '  ')).toHaveLength(3);
  });

  it('matches id, name and description, ignoring case', () => {
    expect(filterDatasets(catalog, 'FUEL_').map((d) => d.id)).toEqual(['ercot_fuel_mix']);
    expect(filterDatasets(catalog, 'weather zone').map((d) => d.id)).toEqual(['ercot_load_by_weather_zone']);
    expect(filterDatasets(catalog, 'generation').map((d) => d.id)).toEqual(['ercot_fuel_mix']);
  });

  it('requires every word, in any order', () => {
    expect(filterDatasets(catalog, 'zone hourly').map((d) => d.id)).toEqual(['ercot_load_by_weather_zone']);
    expect(filterDatasets(catalog, 'load nuclear')).toEqual([]);
  });
});
