import { toColumnar } from '@/lib/columnar';
import { buildChartGroups, fullerColumn, gapsOver, typicalStep } from './chartGroups';

const T0 = Date.parse('2025-07-14T00:00:00Z');
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const published = (ms: number) => `published ${iso(ms)}`;

describe('buildChartGroups', () => {
  it('draws the newest vintage of each interval as the latest forecast, and counts every publish time', () => {
    // Two intervals, three vintages; the actual (gen) is null in the newest vintage only.
    const names = ['interval_start_utc', 'publish_time_utc', 'stppf', 'gen'];
    const rows = [
      [iso(T0), iso(T0 - 3 * HOUR), 100, 1],
      [iso(T0), iso(T0 - 2 * HOUR), 200, 1],
      [iso(T0), iso(T0 - HOUR), 300, null],
      [iso(T0 + HOUR), iso(T0 - 3 * HOUR), 110, 1],
      [iso(T0 + HOUR), iso(T0 - HOUR), 310, null],
    ];
    const data = { pages: [toColumnar(names, rows)], rows: rows.length, capped: false };
    const cols = { time: 'interval_start_utc', group: null, publish: 'publish_time_utc' };
    const forecast = buildChartGroups(data, { ...cols, value: 'stppf' }, published);
    const latest = forecast.groups.find((g) => g.latest);
    expect(latest?.name).toBe('stppf · latest forecast per interval');
    // The newest reading of each interval, not the first row of it.
    expect(latest?.points).toEqual([
      { x: T0, y: 300 },
      { x: T0 + HOUR, y: 310 },
    ]);
    expect(forecast.vintages).toBe(3);
    // The publish times are the rows', whether or not they hold the drawn column.
    const actual = buildChartGroups(data, { ...cols, value: 'gen' }, published);
    expect(actual.vintages).toBe(3);
    expect(actual.rowsWithoutValue).toBe(2);
  });

  it('does not call repeated rows without a publish time vintages: it draws their highest value and counts them', () => {
    // A constraint binding under two contingencies at 00:00, one at 01:00.
    const names = ['interval_start_utc', 'constraint_name', 'contingency_name', 'shadow_price'];
    const rows = [
      [iso(T0), 'ODEHV_MOSSW_1', 'DGRSMOS5', 173.64],
      [iso(T0), 'ODEHV_MOSSW_1', 'XODE89', 672.73],
      [iso(T0 + HOUR), 'ODEHV_MOSSW_1', 'DGRSMOS5', 150],
      [iso(T0), 'CROCKETT_TR1', 'BASE', 12],
    ];
    const data = { pages: [toColumnar(names, rows)], rows: rows.length, capped: false };
    const built = buildChartGroups(
      data,
      { time: 'interval_start_utc', value: 'shadow_price', group: 'constraint_name', publish: null },
      published,
    );
    expect(built.vintages).toBe(0);
    expect(built.groups.map((g) => g.name)).toEqual(['CROCKETT_TR1', 'ODEHV_MOSSW_1']);
    expect(built.groups.some((g) => g.latest)).toBe(false);
    expect(built.groups[1]?.points).toEqual([
      { x: T0, y: 672.73 },
      { x: T0 + HOUR, y: 150 },
    ]);
    expect(built.repeatedTimes).toBe(1);
  });

  it('counts the series whose rows all lack a value, which get no line', () => {
    const names = ['interval_start_utc', 'resource_name', 'output_schedule', 'telemetered_net_output'];
    const rows = [
      [iso(T0), 'CPSES_UNIT1', 1200, 1190],
      [iso(T0), 'WIND_A', null, 80],
      [iso(T0), 'SOLAR_B', null, 40],
      [iso(T0 + HOUR), 'WIND_A', null, 85],
    ];
    const data = { pages: [toColumnar(names, rows)], rows: rows.length, capped: false };
    const built = buildChartGroups(
      data,
      { time: 'interval_start_utc', value: 'output_schedule', group: 'resource_name', publish: null },
      published,
    );
    expect(built.groups.map((g) => g.name)).toEqual(['CPSES_UNIT1']);
    expect(built.rowsWithoutValue).toBe(3);
    expect(built.seriesWithoutValue).toBe(2);
    // The chart's default column gives way to one that has values in most rows.
    expect(fullerColumn(data, 'output_schedule', ['output_schedule', 'telemetered_net_output'])).toBe(
      'telemetered_net_output',
    );
    expect(fullerColumn(data, 'telemetered_net_output', ['output_schedule', 'telemetered_net_output'])).toBe(
      'telemetered_net_output',
    );
  });
});

describe('the chart’s gaps', () => {
  it('finds the data’s step and the gaps wider than two and a half of it', () => {
    const min = 60_000;
    const binding = { points: [0, 5, 10, 40, 45, 90].map((m) => ({ x: m * min, y: 1 })) };
    const steady = { points: [0, 5, 10, 15].map((m) => ({ x: m * min, y: 1 })) };
    expect(typicalStep([binding, steady])).toBe(5 * min);
    expect(gapsOver([binding, steady], 12.5 * min)).toBe(2);
    expect(typicalStep([{ points: [{ x: 0, y: 1 }] }])).toBeNull();
  });
});
