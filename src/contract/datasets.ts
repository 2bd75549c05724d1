/**
 * The ids of the datasets the API serves for ERCOT (contract §5.1), named once. The mock's catalog
 * defines its datasets under these ids, and the pages that ask for a dataset by name (the reports'
 * load, Compare's presets, the node-versus-hub link) read them from here, so a renamed dataset is
 * one edit that the compiler carries to both sides.
 */
/** The wide and sparse shapes of decision 0026: a 60-day disclosure and constraint lists. */
const DISCLOSURE_IDS = {
  scedGenResource60Day: 'ercot_sced_gen_resource_60_day',
  shadowPricesSced: 'ercot_shadow_prices_sced',
  shadowPricesDam: 'ercot_shadow_prices_dam',
} as const;

export const DATASET_IDS = {
  ...DISCLOSURE_IDS,
  load: 'ercot_load',
  loadByWeatherZone: 'ercot_load_by_weather_zone',
  fuelMix: 'ercot_fuel_mix',
  loadForecast: 'ercot_load_forecast_by_forecast_zone',
  realTimeSpp: 'ercot_spp_real_time_15_min',
  dayAheadSpp: 'ercot_spp_day_ahead_hourly',
  realTimeLmp: 'ercot_lmp_by_settlement_point',
  ancillaryPrices: 'ercot_as_prices',
  realTimeAncillaryMonitor: 'ercot_real_time_as_monitor',
  solarActualAndForecast: 'ercot_solar_actual_and_forecast_hourly',
  windActualAndForecast: 'ercot_wind_actual_and_forecast_hourly',
  solarByGeoRegion: 'ercot_solar_actual_and_forecast_by_geo_region_hourly',
  windByGeoRegion: 'ercot_wind_actual_and_forecast_by_geo_region_hourly',
  systemLambda: 'ercot_sced_system_lambda',
  lmpByBus: 'ercot_lmp_by_bus',
} as const;
