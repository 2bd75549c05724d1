/**
 * The catalog's wide and sparse shapes (decision 0026): the 60-day SCED generation resource
 * disclosure (a subseries of resources, 30 columns) and the shadow prices of binding constraints
 * (a subseries of constraint/contingency pairs with rows only while they bind).
 */
import { DATASET_IDS } from '@/contract';
import { DAY_MS, FIVE_MINUTES_MS, HOUR_MS } from '@/time';
import { DATA_START } from './climate';
import { intervalColumns, num, text, ts } from './columnDefs';
import { genResourceRow, genResources, resourceAttribute } from './genResources';
import { scedTimestamp } from './prices';
import { dayAheadLastTime, lastStarted } from './schedule';
import {
  constraintAttribute,
  constraintBinds,
  constraints,
  DAY_AHEAD_MARKET,
  SCED_MARKET,
  type ShadowField,
  type ShadowMarket,
  shadowPriceCells,
} from './shadowPrices';
import type { ColumnDef, DatasetDef, Millis } from './types';

/** ERCOT publishes SCED disclosures 60 days after the operating day. */
const DISCLOSURE_DELAY_MS = 60 * DAY_MS;

/** Fields the disclosure's definitions share. */
const base = {
  timeIndexColumn: 'interval_start_utc',
  publishTimeColumn: null,
  vintages: null,
  firstTime: (): Millis => DATA_START,
} as const;

type ShadowColumn = readonly [ShadowField, ColumnDef];

const constraintColumns: ShadowColumn[] = [
  ['constraintId', text('constraint_id', 'ERCOT identifier of the constraint')],
  [
    'constraintName',
    text(
      'constraint_name',
      'Name of the constraint: a transmission element or a generic transmission constraint',
    ),
  ],
  [
    'contingency',
    text(
      'contingency_name',
      'Contingency under which the constraint binds (BASE CASE: with every element in service)',
    ),
  ],
];
const stationColumns: ShadowColumn[] = [
  ['fromStation', text('from_station', 'Substation at the from end of the monitored element')],
  ['toStation', text('to_station', 'Substation at the to end of the monitored element')],
  ['fromKv', num('from_station_kv', 'Voltage at the from station', 'kV')],
  ['toKv', num('to_station_kv', 'Voltage at the to station', 'kV')],
];
const shadowPriceColumn: ShadowColumn = [
  'shadowPrice',
  num('shadow_price', 'Shadow price: cost of one more MW through the constraint', '$/MWh'),
];

interface ShadowPriceSpec {
  id: string;
  name: string;
  description: string;
  market: ShadowMarket;
  cadence: DatasetDef['cadence'];
  stepMs: Millis;
  intervalLength: string;
  /** SCED runs carry the time they executed; the day-ahead market does not. */
  scedTimestamp: boolean;
  lastTime: DatasetDef['lastTime'];
  /** Columns after the interval columns (and the SCED timestamp), in the hosted order. */
  columns: readonly ShadowColumn[];
}

/**
 * A shadow-price dataset: rows of the (constraint, contingency) pairs that bind in `market`, keyed
 * by constraint name and contingency. Columns that are properties of the pair filter by member.
 */
function shadowPriceDataset(spec: ShadowPriceSpec): DatasetDef {
  const { market, stepMs } = spec;
  const fields = spec.columns.map(([field]) => field);
  const fieldOf = new Map(spec.columns.map(([field, column]) => [column.name, field]));
  const head = [
    ...intervalColumns(spec.intervalLength),
    ...(spec.scedTimestamp ? [ts('sced_timestamp_utc', 'When the SCED run executed (UTC)')] : []),
  ];
  return {
    ...base,
    id: spec.id,
    name: spec.name,
    description: spec.description,
    cadence: spec.cadence,
    stepMs,
    subseriesColumn: 'constraint_name',
    extraKeyColumns: ['contingency_name'],
    get locations() {
      return constraints();
    },
    columns: [...head, ...spec.columns.map(([, column]) => column)],
    lastTime: spec.lastTime,
    rowExists: (t, member) => constraintBinds(t, member, market),
    memberAttribute: (column) => {
      const field = fieldOf.get(column);
      return field && constraintAttribute(field);
    },
    row: spec.scedTimestamp
      ? (t, member) => [t, t + stepMs, scedTimestamp(t), ...shadowPriceCells(t, member, market, fields)]
      : (t, member) => [t, t + stepMs, ...shadowPriceCells(t, member, market, fields)],
  };
}

export const DISCLOSURE_DATASETS: readonly DatasetDef[] = [
  {
    ...base,
    id: DATASET_IDS.scedGenResource60Day,
    name: 'ERCOT 60-Day SCED Generation Resource Disclosure',
    description:
      'Every generation resource in every 5-minute SCED run: type, QSE, telemetered status and output, base point, operating limits, ancillary service responsibilities and its energy offer curve. ERCOT publishes this disclosure 60 days after the operating day, so data ends 60 days before now.',
    cadence: '5_MINUTES',
    stepMs: FIVE_MINUTES_MS,
    subseriesColumn: 'resource_name',
    get locations() {
      return genResources();
    },
    columns: [
      ...intervalColumns('5-minute'),
      ts('sced_timestamp_utc', 'When the SCED run executed (UTC)'),
      text('qse', 'Qualified scheduling entity that represents the resource'),
      text('dme', 'Decision making entity that controls the resource'),
      text('resource_name', 'Name of the generation resource'),
      text(
        'resource_type',
        'ERCOT resource type: CCGT90, CCLE90, SCGT90, GSREH, GSSUP, GSNONR, CLLIG, NUC, WIND, PVGR, PWRSTR, HYDRO, RENEW',
      ),
      text('telemetered_resource_status', 'Status telemetered by the resource: ON, OFF, OUT'),
      num('output_schedule', 'Output schedule submitted by the QSE (self-scheduled resources only)', 'MW'),
      num('hsl', 'High sustained limit', 'MW'),
      num('hasl', 'High ancillary service limit', 'MW'),
      num('hdl', 'High dispatch limit', 'MW'),
      num('lsl', 'Low sustained limit', 'MW'),
      num('lasl', 'Low ancillary service limit', 'MW'),
      num('ldl', 'Low dispatch limit', 'MW'),
      num('base_point', 'Base point: the output SCED dispatched', 'MW'),
      num('telemetered_net_output', 'Telemetered net output', 'MW'),
      num('as_responsibility_for_regup', 'Regulation Up responsibility', 'MW'),
      num('as_responsibility_for_regdown', 'Regulation Down responsibility', 'MW'),
      num('as_responsibility_for_rrs', 'Responsive Reserve responsibility', 'MW'),
      num('as_responsibility_for_nonspin', 'Non-Spinning Reserve responsibility', 'MW'),
      num('as_responsibility_for_ecrs', 'ERCOT Contingency Reserve responsibility', 'MW'),
      num('sced1_curve_mw1', 'Energy offer curve, point 1: quantity', 'MW'),
      num('sced1_curve_price1', 'Energy offer curve, point 1: price', '$/MWh'),
      num('sced1_curve_mw2', 'Energy offer curve, point 2: quantity', 'MW'),
      num('sced1_curve_price2', 'Energy offer curve, point 2: price', '$/MWh'),
      num('sced1_curve_mw3', 'Energy offer curve, point 3: quantity', 'MW'),
      num('sced1_curve_price3', 'Energy offer curve, point 3: price', '$/MWh'),
      num('min_gen_cost', 'Minimum energy cost offered (thermal resources)', '$/h'),
      num('start_up_hot_offer', 'Hot start-up cost offered (thermal resources)', '$'),
    ],
    publicationDelayMs: DISCLOSURE_DELAY_MS,
    lastTime: (now) => lastStarted(now - DISCLOSURE_DELAY_MS, FIVE_MINUTES_MS),
    memberAttribute: resourceAttribute,
    row: genResourceRow,
  },
  shadowPriceDataset({
    id: DATASET_IDS.shadowPricesSced,
    name: 'ERCOT SCED Shadow Prices',
    description:
      'Transmission constraints that bound a 5-minute SCED run, one row per constraint and contingency, with the shadow price ($/MWh of relief) and the flow against the limit. Only binding constraints are listed: intervals without congestion have no rows.',
    market: SCED_MARKET,
    cadence: '5_MINUTES',
    stepMs: FIVE_MINUTES_MS,
    intervalLength: '5-minute',
    scedTimestamp: true,
    lastTime: (now) => lastStarted(now, FIVE_MINUTES_MS),
    columns: [
      ...constraintColumns,
      ['limitingFacility', text('limiting_facility', 'Element whose rating limits the constraint')],
      shadowPriceColumn,
      ['maxShadowPrice', num('max_shadow_price', 'Cap on the shadow price for this constraint', '$/MWh')],
      ['limit', num('limit', 'Limit of the constraint', 'MW')],
      ['value', num('value', 'Flow on the constraint', 'MW')],
      ['violation', num('violated_mw', 'Flow above the limit', 'MW')],
      ...stationColumns,
      ['cctStatus', text('cct_status', 'Competitive constraint test status: COMP or NONCOMP')],
    ],
  }),
  shadowPriceDataset({
    id: DATASET_IDS.shadowPricesDam,
    name: 'ERCOT Day-Ahead Market Shadow Prices',
    description:
      'Transmission constraints that bound the day-ahead market, per hour, one row per constraint and contingency, with the shadow price. Published with the day-ahead market at 13:00 Central for the next operating day. Only binding constraints are listed: hours without congestion have no rows.',
    market: DAY_AHEAD_MARKET,
    cadence: '1_HOUR',
    stepMs: HOUR_MS,
    intervalLength: 'hourly',
    scedTimestamp: false,
    lastTime: dayAheadLastTime,
    columns: [
      ...constraintColumns,
      ['limit', num('constraint_limit', 'Limit of the constraint', 'MW')],
      ['value', num('constraint_value', 'Flow on the constraint', 'MW')],
      ['violation', num('violation_amount', 'Flow above the limit', 'MW')],
      shadowPriceColumn,
      ...stationColumns,
    ],
  }),
];
