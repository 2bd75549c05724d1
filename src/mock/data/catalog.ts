/**
 * The datasets the mock serves (contract §5.1): their descriptions, columns and generators,
 * and the wire form of their metadata.
 */
import { DATASET_IDS, type Dataset, type DatasetColumn } from '@/contract';
import { ancillaryValues } from './ancillary';
import { AS_MONITOR_STEP_MS, prcAt } from './asMonitor';
import { DATA_START } from './climate';
import { DISCLOSURE_DATASETS } from './disclosureDatasets';
import { intervalColumns, num, text, ts } from './columnDefs';
import { DAY_MS, FIFTEEN_MINUTES_MS, FIVE_MINUTES_MS, formatUtc, HOUR_MS } from '@/time';
import { estimateRows } from './counting';
import { fuelMixAt } from './fuelMix';
import { loadAt } from './load';
import { forecastLastTime, forecastValues, forecastVintages, LOAD_FORECAST_WINDOW } from './loadForecast';
import { asLocation, locationDefs } from './locations';
import { dayAheadSpp, realTimeSpp, scedLmp, scedSystemLambda, scedTimestamp } from './prices';
import { asBus, buses, busLmp } from './buses';
import { RENEWABLE_DATASETS } from './renewableDatasets';
import { dayAheadLastTime, lastStarted } from './schedule';
import type { ColumnDef, DatasetDef, Millis } from './types';
import { weatherZoneValues } from './weatherZones';

const locationColumns: ColumnDef[] = [
  text('location', 'Settlement point name: a trading hub, load zone, DC tie or resource node'),
  text(
    'location_type',
    'Kind of settlement point: Trading Hub, Load Zone, Load Zone DC Tie or Resource Node',
  ),
];

/** Fields shared by every definition; each dataset overrides what differs. */
const intervalDataset = {
  timeIndexColumn: 'interval_start_utc',
  subseriesColumn: null,
  publishTimeColumn: null,
  locations: null,
  vintages: null,
  firstTime: (): Millis => DATA_START,
} as const;

/**
 * A dataset priced at every location of the registry. Its members are a getter placed after the
 * spreads: the registry is built on first use (`once`), and a spread would read it at load.
 */
function priceDataset(def: Omit<DatasetDef, keyof typeof intervalDataset>): DatasetDef {
  return {
    ...intervalDataset,
    subseriesColumn: 'location',
    ...def,
    get locations() {
      return locationDefs();
    },
  };
}

const ZONE_DESCRIPTIONS = {
  coast: 'Coast weather zone (Houston, Galveston)',
  east: 'East weather zone (Tyler, Longview)',
  far_west: 'Far West weather zone (Midland, Odessa, the Permian Basin)',
  north: 'North weather zone (Wichita Falls)',
  north_central: 'North Central weather zone (Dallas–Fort Worth)',
  south_central: 'South Central weather zone (Austin, San Antonio)',
  southern: 'Southern weather zone (Corpus Christi, Rio Grande Valley)',
  west: 'West weather zone (Abilene, San Angelo)',
};

const definitions: DatasetDef[] = [
  {
    ...intervalDataset,
    id: DATASET_IDS.systemLambda,
    name: 'ERCOT SCED System Lambda',
    description:
      'System lambda of each 5-minute security-constrained economic dispatch (SCED) run, in $/MWh: the price of serving one more megawatt anywhere on the system, before congestion and losses. The hub average trades within a few dollars of it.',
    cadence: '5_MINUTES',
    stepMs: FIVE_MINUTES_MS,
    columns: [
      ...intervalColumns('5-minute'),
      ts('sced_timestamp_utc', 'When the SCED run executed (UTC)'),
      num('system_lambda', 'System lambda: the shadow price of the power balance', '$/MWh'),
    ],
    lastTime: (now) => lastStarted(now, FIVE_MINUTES_MS),
    row: (t) => [t, t + FIVE_MINUTES_MS, scedTimestamp(t), scedSystemLambda(t)],
  },
  {
    ...intervalDataset,
    id: DATASET_IDS.lmpByBus,
    name: 'ERCOT LMP by Bus',
    get description() {
      return `Locational marginal prices from each 5-minute SCED run at ${buses().length} electrical buses of the network model, in $/MWh. Buses are not settlement points: each sits behind a resource node and prices within a dollar or so of it.`;
    },
    cadence: '5_MINUTES',
    stepMs: FIVE_MINUTES_MS,
    subseriesColumn: 'location',
    get locations() {
      return buses();
    },
    columns: [
      ...intervalColumns('5-minute'),
      ts('sced_timestamp_utc', 'When the SCED run that produced the price executed (UTC)'),
      text('market', 'Market run: REAL_TIME_SCED'),
      text('location', 'Electrical bus name'),
      text('location_type', 'Kind of location: Electrical Bus'),
      num('lmp', 'Locational marginal price', '$/MWh'),
    ],
    lastTime: (now) => lastStarted(now, FIVE_MINUTES_MS),
    row: (t, loc) => {
      const bus = asBus(loc);
      return [
        t,
        t + FIVE_MINUTES_MS,
        scedTimestamp(t),
        'REAL_TIME_SCED',
        bus.name,
        'Electrical Bus',
        busLmp(t, bus),
      ];
    },
  },
  {
    ...intervalDataset,
    id: DATASET_IDS.load,
    name: 'ERCOT Load',
    description:
      'Actual system-wide electricity demand in the ERCOT region, in megawatts, at 5-minute resolution.',
    cadence: '5_MINUTES',
    stepMs: FIVE_MINUTES_MS,
    columns: [...intervalColumns('5-minute'), num('load', 'System load', 'MW')],
    lastTime: (now) => lastStarted(now, FIVE_MINUTES_MS),
    row: (t) => [t, t + FIVE_MINUTES_MS, loadAt(t)],
  },
  {
    ...intervalDataset,
    id: DATASET_IDS.loadByWeatherZone,
    name: 'ERCOT Load by Weather Zone',
    description:
      'Hourly ERCOT load split across the eight weather zones, with the system total (the sum of the zones), in megawatts.',
    cadence: '1_HOUR',
    stepMs: HOUR_MS,
    columns: [
      ...intervalColumns('hourly'),
      ...Object.entries(ZONE_DESCRIPTIONS).map(([name, d]) => num(name, `Load of the ${d}`, 'MW')),
      num('total', 'Sum of the weather zones', 'MW'),
    ],
    lastTime: (now) => lastStarted(now, HOUR_MS),
    row: (t) => [t, t + HOUR_MS, ...weatherZoneValues(t)],
  },
  {
    ...intervalDataset,
    id: DATASET_IDS.fuelMix,
    name: 'ERCOT Fuel Mix',
    description:
      'Generation by fuel type every 5 minutes, in megawatts. The fuels add up to ERCOT load of the same interval; power storage is negative while batteries charge.',
    cadence: '5_MINUTES',
    stepMs: FIVE_MINUTES_MS,
    columns: [
      ...intervalColumns('5-minute'),
      num('coal_and_lignite', 'Coal and lignite generation', 'MW'),
      num('hydro', 'Hydro generation', 'MW'),
      num('nuclear', 'Nuclear generation (Comanche Peak and South Texas Project)', 'MW'),
      num('power_storage', 'Battery storage net output (negative while charging)', 'MW'),
      num('solar', 'Solar generation', 'MW'),
      num('wind', 'Wind generation', 'MW'),
      num('natural_gas', 'Natural gas generation', 'MW'),
      num('other', 'Other generation (biomass, landfill gas, …)', 'MW'),
    ],
    lastTime: (now) => lastStarted(now, FIVE_MINUTES_MS),
    row: (t) => {
      const m = fuelMixAt(t);
      return [t, t + FIVE_MINUTES_MS, m.coal, m.hydro, m.nuclear, m.storage, m.solar, m.wind, m.gas, m.other];
    },
  },
  {
    ...intervalDataset,
    id: DATASET_IDS.loadForecast,
    name: 'ERCOT Load Forecast by Forecast Zone',
    description:
      'Seven-day hourly load forecast for the four ERCOT forecast zones and the system. A new forecast is published every hour at half past; each covers the next 168 hours, so one hour has up to 168 forecasts.',
    cadence: '1_HOUR',
    stepMs: HOUR_MS,
    publishTimeColumn: 'publish_time_utc',
    columns: [
      ...intervalColumns('hourly'),
      ts('publish_time_utc', 'When this forecast was published (UTC)'),
      num('north', 'Forecast load of the North forecast zone', 'MW'),
      num('south', 'Forecast load of the South forecast zone', 'MW'),
      num('west', 'Forecast load of the West forecast zone', 'MW'),
      num('houston', 'Forecast load of the Houston forecast zone', 'MW'),
      num('system_total', 'Forecast system load (sum of the zones)', 'MW'),
    ],
    lastTime: forecastLastTime,
    vintages: forecastVintages,
    vintageWindow: LOAD_FORECAST_WINDOW,
    row: (t, _loc, publish) => {
      if (publish === null) throw new Error('a forecast row needs a publish time');
      return [t, t + HOUR_MS, publish, ...forecastValues(t, publish)];
    },
  },
  priceDataset({
    id: DATASET_IDS.realTimeSpp,
    name: 'ERCOT Real-Time Settlement Point Prices (15-minute)',
    description:
      'Real-time settlement point prices for every trading hub, load zone, DC tie and resource node, per 15-minute settlement interval, in $/MWh.',
    cadence: '15_MINUTES',
    stepMs: FIFTEEN_MINUTES_MS,
    columns: [
      ...intervalColumns('15-minute'),
      ...locationColumns,
      text('market', 'Market run: REAL_TIME_15_MIN'),
      num('spp', 'Settlement point price', '$/MWh'),
    ],
    lastTime: (now) => lastStarted(now, FIFTEEN_MINUTES_MS),
    row: (t, loc) => {
      const l = asLocation(loc);
      return [t, t + FIFTEEN_MINUTES_MS, l.location, l.locationType, 'REAL_TIME_15_MIN', realTimeSpp(t, l)];
    },
  }),
  priceDataset({
    id: DATASET_IDS.dayAheadSpp,
    name: 'ERCOT Day-Ahead Settlement Point Prices (hourly)',
    description:
      'Day-ahead market settlement point prices per hour for every settlement point, in $/MWh. Published at 13:00 Central for the next operating day.',
    cadence: '1_HOUR',
    stepMs: HOUR_MS,
    columns: [
      ...intervalColumns('hourly'),
      ...locationColumns,
      text('market', 'Market run: DAY_AHEAD_HOURLY'),
      num('spp', 'Settlement point price', '$/MWh'),
    ],
    lastTime: dayAheadLastTime,
    row: (t, loc) => {
      const l = asLocation(loc);
      return [t, t + HOUR_MS, l.location, l.locationType, 'DAY_AHEAD_HOURLY', dayAheadSpp(t, l)];
    },
  }),
  priceDataset({
    id: DATASET_IDS.realTimeLmp,
    name: 'ERCOT Real-Time LMP by Settlement Point',
    description:
      'Locational marginal prices from each 5-minute security-constrained economic dispatch (SCED) run, for every settlement point, in $/MWh.',
    cadence: '5_MINUTES',
    stepMs: FIVE_MINUTES_MS,
    columns: [
      ...intervalColumns('5-minute'),
      ts('sced_timestamp_utc', 'When the SCED run that produced the price executed (UTC)'),
      text('market', 'Market run: REAL_TIME_SCED'),
      ...locationColumns,
      num('lmp', 'Locational marginal price', '$/MWh'),
    ],
    lastTime: (now) => lastStarted(now, FIVE_MINUTES_MS),
    row: (t, loc) => {
      const l = asLocation(loc);
      return [
        t,
        t + FIVE_MINUTES_MS,
        scedTimestamp(t),
        'REAL_TIME_SCED',
        l.location,
        l.locationType,
        scedLmp(t, l),
      ];
    },
  }),
  {
    ...intervalDataset,
    id: DATASET_IDS.ancillaryPrices,
    name: 'ERCOT Ancillary Service Prices',
    description:
      'Day-ahead market clearing prices of the ancillary services (regulation, responsive reserves, non-spinning reserves and ECRS) per hour, in $/MW. Published at 13:00 Central for the next operating day; ECRS starts on 2023-06-10.',
    cadence: '1_HOUR',
    stepMs: HOUR_MS,
    columns: [
      ...intervalColumns('hourly'),
      text('market', 'Market run: DAM'),
      num('non_spinning_reserves', 'Non-Spinning Reserve Service clearing price', '$/MW'),
      num('regulation_down', 'Regulation Down Service clearing price', '$/MW'),
      num('regulation_up', 'Regulation Up Service clearing price', '$/MW'),
      num('responsive_reserves', 'Responsive Reserve Service clearing price', '$/MW'),
      num(
        'ercot_contingency_reserve_service',
        'ERCOT Contingency Reserve Service clearing price (from 2023-06-10)',
        '$/MW',
      ),
    ],
    lastTime: dayAheadLastTime,
    row: (t) => [t, t + HOUR_MS, 'DAM', ...ancillaryValues(t)],
  },
  {
    ...intervalDataset,
    id: DATASET_IDS.realTimeAncillaryMonitor,
    name: 'ERCOT Real-Time Ancillary Service Monitor',
    description:
      'Physical responsive capability (PRC) of the ERCOT system every 10 seconds, in megawatts: the online headroom available to arrest a frequency drop. Covers the last 30 days.',
    cadence: 'IRREGULAR',
    stepMs: AS_MONITOR_STEP_MS,
    timeIndexColumn: 'time_utc',
    columns: [ts('time_utc', 'Time of the sample (UTC)'), num('prc', 'Physical responsive capability', 'MW')],
    firstTime: (now) => lastStarted(now, AS_MONITOR_STEP_MS) - 30 * DAY_MS,
    lastTime: (now) => lastStarted(now, AS_MONITOR_STEP_MS),
    row: (t) => [t, prcAt(t)],
  },
];

// Every row has one cell per column, as the engine relies on: checked by catalog.test.ts rather
// than here, where it ran every dataset's row code in every tab, worker and server at load, on
// the first screen's main thread (bench catalog-load).

export const DATASETS: readonly DatasetDef[] = [
  ...definitions,
  ...RENEWABLE_DATASETS,
  ...DISCLOSURE_DATASETS,
].sort((a, b) => (a.id < b.id ? -1 : 1));

const BY_ID = new Map(DATASETS.map((d) => [d.id, d]));

export function getDataset(id: string): DatasetDef | undefined {
  return BY_ID.get(id);
}

/** `all_columns` entries of the wire form. */
function wireColumns(columns: readonly ColumnDef[]): DatasetColumn[] {
  return columns.map((c) => ({
    name: c.name,
    type: c.type,
    is_numeric: c.type === 'DOUBLE PRECISION',
    is_datetime: c.type === 'TIMESTAMP',
    description: c.description,
    unit: c.unit,
  }));
}

/** The Dataset object of contract §5 as of `now`. */
export function datasetMetadata(def: DatasetDef, now: Millis): Dataset {
  const first = def.firstTime(now);
  const last = def.lastTime(now);
  const earliest = formatUtc(first);
  const latest = formatUtc(last);
  const primary = [
    def.timeIndexColumn,
    def.subseriesColumn,
    ...(def.extraKeyColumns ?? []),
    def.publishTimeColumn,
  ].filter((c): c is NonNullable<typeof c> => c !== null);
  return {
    id: def.id,
    source: 'ercot',
    name: def.name,
    description: def.description,
    cadence: def.cadence,
    earliestData: earliest,
    latestData: latest,
    earliest_available_time_utc: earliest,
    latest_available_time_utc: latest,
    time_index_column: def.timeIndexColumn,
    subseries_index_column: def.subseriesColumn,
    publish_time_column: def.publishTimeColumn,
    primary_key_columns: primary,
    data_timezone: 'US/Central',
    all_columns: wireColumns(def.columns),
    number_of_rows_approximate: estimateRows(def, now),
  };
}
