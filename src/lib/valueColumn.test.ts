import { SPP_DATASET } from '@/test/sppDataset';
import { valueColumnAmong, valueColumnOf } from './valueColumn';

describe('the value a dataset is about', () => {
  it('is the number column the dataset is named for, wherever it stands', () => {
    const damShadow = [
      'constraint_limit',
      'constraint_value',
      'violation_amount',
      'shadow_price',
      'from_station_kv',
    ];
    expect(valueColumnAmong('ercot_shadow_prices_dam', damShadow)).toBe('shadow_price');
    expect(valueColumnAmong('ercot_sced_shadow_prices', ['max_shadow_price', 'shadow_price', 'limit'])).toBe(
      'shadow_price',
    );
    expect(valueColumnAmong('ercot_sced_system_lambda', ['system_lambda'])).toBe('system_lambda');
    expect(valueColumnAmong('caiso_lmp_real_time_5_min', ['energy', 'congestion', 'loss', 'lmp'])).toBe(
      'lmp',
    );
    expect(valueColumnAmong('ercot_load', ['load'])).toBe('load');
  });

  it('is the first number column where none is named so, and none where there are none', () => {
    expect(valueColumnAmong('ercot_fuel_mix', ['coal_and_lignite', 'hydro'])).toBe('coal_and_lignite');
    // A word of a column's name is not enough: all of it must be in the id.
    expect(valueColumnAmong('ercot_load_by_weather_zone', ['coast', 'load_share'])).toBe('coast');
    expect(valueColumnAmong('ercot_load', [])).toBeUndefined();
  });

  it('is the first preferred column the dataset has, before the one it is named for', () => {
    expect(valueColumnOf(SPP_DATASET)).toBe('spp');
    expect(valueColumnOf(SPP_DATASET, ['lmp', 'spp'])).toBe('spp');
    expect(valueColumnOf(SPP_DATASET, ['location'])).toBe('spp');
  });
});
