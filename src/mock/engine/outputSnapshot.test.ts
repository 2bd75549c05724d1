/**
 * The engine's speed-ups (value cache, streaming resampler, cheaper generators) must not change a
 * single output value. These checksums were taken from the straightforward implementation before
 * any of them; each covers thousands of generated rows or resampled cells, so any drift in any
 * digit of any value shows up here.
 */
import { DATASETS, getDataset } from '@/mock/data/catalog';
import type { DatasetDef, Millis, RawCell } from '@/mock/data/types';
import { runQuery } from './runQuery';
import { load5, prices15, NOW as TEST_NOW, START as TEST_START } from './testDatasets';

const DAY = 86_400_000;
const NOW: Millis = Date.UTC(2025, 5, 15, 12);

/** FNV-1a over the JSON text: shortest round-trip numbers, so equal digests mean equal bits. */
function digest(value: unknown): string {
  const text = JSON.stringify(value);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${text.length}:${h.toString(16)}`;
}

function dataset(id: string): DatasetDef {
  const def = getDataset(id);
  if (!def) throw new Error(`no dataset ${id}`);
  return def;
}

/** Rows of a dataset at a spread of grid times (and a spread of locations and vintages). */
function sampleRows(def: DatasetDef): RawCell[][] {
  const first = def.firstTime(NOW);
  const last = def.lastTime(NOW);
  const steps = Math.floor((last - first) / def.stepMs);
  const out: RawCell[][] = [];
  for (let i = 0; i < 3000; i++) {
    // A stride prime to everything so times land on every hour, weekday and season.
    const t = first + ((i * 7919 + Math.floor(i / 7)) % (steps + 1)) * def.stepMs;
    const locs = def.locations?.filter((l) => l.firstSeen <= t && (l.retiredAt === null || t < l.retiredAt));
    const loc = locs && locs.length > 0 ? (locs[(i * 31) % locs.length] ?? null) : null;
    if (def.locations && loc === null) continue;
    const pubs = def.vintages ? def.vintages(t, NOW) : [null];
    const pub = pubs[(i * 13) % Math.max(1, pubs.length)] ?? null;
    if (def.vintages && pub === null) continue;
    out.push(def.row(t, loc, pub));
  }
  return out;
}

const iso = (ms: Millis): string => new Date(ms).toISOString();
const Y = Date.UTC(2024, 0, 1);
const range = (lo: Millis, days: number): string => `start_time=${iso(lo)}&end_time=${iso(lo + days * DAY)}`;
const LMP = 'ercot_lmp_by_settlement_point';
const FUNCTIONS = ['mean', 'sum', 'min', 'max', 'count', 'median', 'first', 'last', 'stddev', 'variance'];

/** Resampling in every shape the engine distinguishes: functions, orders, zones, groupings, paging. */
const QUERIES: [string, string][] = [
  ...FUNCTIONS.flatMap((fn): [string, string][] => [
    [
      LMP,
      `filter_column=location&filter_value=HB_NORTH&${range(Y, 40)}&resample_frequency=1h&resample_function=${fn}&page_size=50000`,
    ],
    [
      LMP,
      `filter_column=location&filter_value=HB_NORTH,LZ_WEST,HB_PAN&filter_operator=in&${range(Y + 100 * DAY, 9)}&resample_frequency=1d&resample_function=${fn}&order=desc&timezone=market&page_size=50000`,
    ],
    [
      'ercot_fuel_mix',
      `${range(Y + 60 * DAY, 20)}&resample_frequency=7h&resample_function=${fn}&page_size=50000`,
    ],
  ]),
  [LMP, `${range(Y + 200 * DAY, 1)}&resample_frequency=1h&page_size=50000`],
  [LMP, `${range(Y + 200 * DAY, 1)}&resample_frequency=1h&resample_by=location_type&page_size=50000`],
  [
    LMP,
    `${range(Y + 200 * DAY, 1)}&resample_frequency=15min&resample_by=market&resample_function=variance&order=desc&page=3&page_size=7`,
  ],
  [
    LMP,
    `filter_column=location&filter_value=HB_HOUSTON&${range(Y + 66 * DAY, 3)}&resample_frequency=1min&resample_function=last&page_size=50000`,
  ],
  [
    LMP,
    `filter_column=location&filter_value=HB_HOUSTON&${range(Y, 120)}&resample_frequency=1month&resample_function=stddev&timezone=America/New_York`,
  ],
  [
    LMP,
    `filter_column=lmp&filter_operator=>&filter_value=40&${range(Y + 180 * DAY, 1)}&resample_frequency=2h&resample_function=median&page_size=5000`,
  ],
  [
    'ercot_spp_real_time_15_min',
    `${range(Y + 300 * DAY, 2)}&resample_frequency=1d&timezone=market&page_size=50000`,
  ],
  [
    'ercot_spp_day_ahead_hourly',
    `filter_column=location&filter_value=HB_BUSAVG&${range(Y, 366)}&resample_frequency=1w&resample_function=max&order=desc`,
  ],
  ['ercot_load', `${range(Y, 366)}&resample_frequency=1h&resample_function=variance&page=2&page_size=4000`],
  ['ercot_load', `${range(Y, 30)}&resample_frequency=1d&resample_function=median&timezone=market`],
  [
    'ercot_load_by_weather_zone',
    `${range(Y, 90)}&resample_frequency=1d&resample_function=sum&timezone=market`,
  ],
  [
    'ercot_as_prices',
    `${range(Y - 230 * DAY, 400)}&resample_frequency=1month&resample_function=mean&timezone=market`,
  ],
  ['ercot_load_forecast_by_forecast_zone', `${range(Y + 10 * DAY, 2)}&resample_frequency=1d&page_size=5000`],
  [
    'ercot_load_forecast_by_forecast_zone',
    `${range(Y + 10 * DAY, 3)}&resample_frequency=6h&publish_time=latest&resample_function=first`,
  ],
  [
    'ercot_real_time_as_monitor',
    `start_time=2025-06-01T00:00:00Z&end_time=2025-06-03T00:00:00Z&resample_frequency=5min&resample_function=min&page_size=1000`,
  ],
  [LMP, `${range(Y + 5 * DAY, 1)}&page=40&page_size=500`],
  ['ercot_fuel_mix', `${range(Y + 5 * DAY, 3)}&order=desc&timezone=market&page_size=2000`],
];

describe('generated values and engine output stay bit-identical', () => {
  it.each(DATASETS.map((d) => d.id))('rows of %s', (id) => {
    expect(digest(sampleRows(dataset(id)))).toMatchSnapshot();
  });

  it.each(QUERIES)('query %s %s', (id, params) => {
    const r = runQuery(dataset(id), params, NOW);
    expect(r.rows.length).toBeGreaterThan(0);
    expect(digest([r.rows, r.meta, r.columns])).toMatchSnapshot();
  });

  // The synthetic datasets have null values, a late starter and a retiree.
  it.each(FUNCTIONS)('synthetic datasets, %s', (fn) => {
    const q = (def: DatasetDef, params: string): unknown => {
      const r = runQuery(def, `${params}&resample_function=${fn}&page_size=50000`, TEST_NOW);
      return r.rows;
    };
    const window = `start_time=${iso(TEST_START)}&end_time=${iso(TEST_START + 60 * DAY)}`;
    const rows = [
      q(load5, `${window}&resample_frequency=1h`),
      q(load5, `${window}&resample_frequency=1d&timezone=market&order=desc`),
      q(prices15, `${window}&resample_frequency=1h`),
      q(prices15, `${window}&resample_frequency=2d&resample_by=location_type&order=desc`),
      q(prices15, `${window}&resample_frequency=5min&timezone=Asia/Kolkata`),
    ];
    expect(digest(rows)).toMatchSnapshot();
  });
});
