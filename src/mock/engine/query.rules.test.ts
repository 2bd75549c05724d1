import type { CellValue } from '@/contract';
import { getDataset } from '@/mock/data/catalog';
import type { DatasetDef } from '@/mock/data/types';
import { SCAN_TOO_LARGE } from './execute';
import { Rejection } from './rejection';
import { bucketer, parseFrequency } from './resample/frequency';
import { runQuery } from './runQuery';
import { resolveZone } from './time';
import {
  DAY,
  forecastHourly,
  forecastVintages,
  HOUR,
  irregular10s,
  load5,
  loadValue,
  MINUTE,
  NOW,
  priceValue,
  PRICE_LOCATIONS,
  prices15,
  START,
  wide5,
} from './testDatasets';

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', '+00:00');

function problemOf(
  def: DatasetDef,
  query: string,
  path: { column: string; value: string } | null = null,
): Rejection {
  try {
    runQuery(def, query, NOW, path);
  } catch (e) {
    if (e instanceof Rejection) return e;
    throw e;
  }
  throw new Error(`expected ${query} to be refused`);
}

function col(def: DatasetDef, query: string, name: string): CellValue[] {
  const r = runQuery(def, query, NOW);
  const i = r.columns.findIndex((c) => c.name === name);
  if (i < 0) throw new Error(`no column ${name}`);
  return r.rows.map((row) => row[i] ?? null);
}

describe('§6.1 time', () => {
  it.each([
    ['2024-03-01', Date.UTC(2024, 2, 1)],
    ['2024-03-01T06:30', Date.UTC(2024, 2, 1, 6, 30)],
    ['2024-03-01 06:30:15', Date.UTC(2024, 2, 1, 6, 30, 15)],
    ['2024-03-01T06:30:15.999', Date.UTC(2024, 2, 1, 6, 30, 15, 999)],
    ['2024-03-01T06:30Z', Date.UTC(2024, 2, 1, 6, 30)],
    ['2024-03-01T00:30-06:00', Date.UTC(2024, 2, 1, 6, 30)],
    ['2024-03-01T00:30:00-0600', Date.UTC(2024, 2, 1, 6, 30)],
  ])('accepts start_time=%s', (text, ms) => {
    const first = col(load5, `start_time=${encodeURIComponent(text)}&page_size=1`, 'interval_start_utc')[0];
    expect(first).toBe(iso(Math.ceil(ms / (5 * MINUTE)) * 5 * MINUTE));
  });

  it.each(['yesterday', '2024-13-01', '2024-02-30', '2024-03-01T25:00', '2024/03/01', '2024-03-01T06:00+5'])(
    'answers 422 naming the parameter for start_time=%s',
    (text) => {
      const p = problemOf(load5, `start_time=${encodeURIComponent(text)}`);
      expect(p.kind).toBe('wrong_type');
      expect(p.detail).toEqual([expect.objectContaining({ loc: ['query', 'start_time'], input: text })]);
    },
  );

  it('collects one 422 entry per bad parameter', () => {
    const p = problemOf(load5, 'end_time=x&page=abc&limit=1.5');
    expect(p.kind).toBe('wrong_type');
    expect(Array.isArray(p.detail) && p.detail.map((d) => d.loc[1])).toEqual(['limit', 'page', 'end_time']);
  });

  it('reads a value without offset in the query timezone', () => {
    const first = col(
      load5,
      'start_time=2024-03-01T00:00&timezone=market&page_size=1',
      'interval_start_utc',
    )[0];
    expect(first).toBe('2024-03-01T06:00:00+00:00');
  });

  it('treats start_time as inclusive and end_time as exclusive', () => {
    const starts = col(
      load5,
      'start_time=2024-02-01T00:00Z&end_time=2024-02-01T00:15Z',
      'interval_start_utc',
    );
    expect(starts).toEqual([
      '2024-02-01T00:00:00+00:00',
      '2024-02-01T00:05:00+00:00',
      '2024-02-01T00:10:00+00:00',
    ]);
  });

  it.each(['start_time=2024-02-02&end_time=2024-02-01', 'start_time=2024-02-01&end_time=2024-02-01'])(
    '400 when %s',
    (q) => {
      const p = problemOf(load5, q);
      expect(p.kind).toBe('invalid');
      expect(p.detail).toMatch(/start_time/);
    },
  );

  it.each([
    ['=', ['2024-02-01T00:00:00+00:00']],
    ['>', ['2024-02-01T00:05:00+00:00']],
    ['>=', ['2024-02-01T00:00:00+00:00']],
    ['<', ['2024-01-31T23:55:00+00:00']],
    ['<=', ['2024-02-01T00:00:00+00:00']],
  ])('time with time_comparison %s', (op, expected) => {
    const order = op.startsWith('<') ? 'desc' : 'asc';
    const q = `time=2024-02-01T00:00Z&time_comparison=${encodeURIComponent(op)}&order=${order}&page_size=1`;
    expect(col(load5, q, 'interval_start_utc')).toEqual(expected);
  });

  it('time=latest gives the latest time-index value among the rows that pass the filter', () => {
    expect(col(load5, 'time=latest', 'interval_start_utc')).toEqual([iso(load5.lastTime(NOW))]);
    const rows = runQuery(prices15, 'time=latest', NOW).rows;
    expect(rows.map((r) => r[2])).toEqual(['A_HUB', 'B_LATE', 'LZ_X']);
    expect(
      col(prices15, 'time=latest&filter_column=location&filter_value=C_OLD', 'interval_start_utc'),
    ).toEqual([iso(Date.UTC(2024, 1, 1, 6) - 15 * MINUTE)]);
    const high = col(load5, 'time=latest&filter_column=load&filter_value=84990&filter_operator=gt', 'load');
    expect(high).toHaveLength(1);
    expect(Number(high[0])).toBeGreaterThan(84_990);
  });

  it.each(['time=latest&start_time=2024-02-01', 'time=2024-02-01&end_time=2024-03-01'])('400 for %s', (q) => {
    expect(problemOf(load5, q).detail).toMatch(/time cannot be combined with start_time or end_time/);
  });

  it('400 for an unknown timezone or time_comparison', () => {
    expect(problemOf(load5, 'timezone=Mars/Olympus').detail).toMatch(/timezone 'Mars\/Olympus'/);
    expect(problemOf(load5, 'time=2024-02-01&time_comparison=~').detail).toMatch(/time_comparison/);
  });

  it('inserts _local twins before each _utc column, with DST per row', () => {
    const r = runQuery(load5, 'timezone=market&start_time=2024-03-10T07:55Z&end_time=2024-03-10T08:05Z', NOW);
    expect(r.columns.map((c) => c.name)).toEqual([
      'interval_start_local',
      'interval_start_utc',
      'interval_end_local',
      'interval_end_utc',
      'load',
    ]);
    expect(r.dataTimezone).toBe('US/Central');
    expect(r.rows.map((row) => row[0])).toEqual(['2024-03-10T01:55:00-06:00', '2024-03-10T03:00:00-05:00']);
    expect(r.rows[0]?.[2]).toBe('2024-03-10T03:00:00-05:00');
    const forecast = runQuery(forecastHourly, 'timezone=Asia/Kolkata&page_size=1', NOW);
    expect(forecast.columns.map((c) => c.name).slice(4, 6)).toEqual([
      'publish_time_local',
      'publish_time_utc',
    ]);
    expect(forecast.rows[0]?.[4]).toBe('2024-01-01T11:00:00+05:30');
  });

  it('keeps UTC output (no twins) by default', () => {
    const r = runQuery(load5, 'page_size=1', NOW);
    expect(r.columns.map((c) => c.name)).toEqual(['interval_start_utc', 'interval_end_utc', 'load']);
    expect(r.dataTimezone).toBe('UTC');
    expect(r.rows[0]?.[0]).toBe('2024-01-01T06:00:00+00:00');
  });
});

describe('§6.2 filter', () => {
  const window = 'start_time=2024-01-15&end_time=2024-01-16';
  it.each([
    ['=', 'eq', (v: number) => v === 40],
    ['!=', 'ne', (v: number) => v !== 40],
    ['>', 'gt', (v: number) => v > 40],
    ['>=', 'gte', (v: number) => v >= 40],
    ['<', 'lt', (v: number) => v < 40],
    ['<=', 'lte', (v: number) => v <= 40],
  ])('numeric %s (alias %s)', (op, alias, keep) => {
    const expected = [];
    for (let t = Date.UTC(2024, 0, 15); t < Date.UTC(2024, 0, 16); t += 15 * MINUTE) {
      for (const loc of PRICE_LOCATIONS) {
        if (t < loc.firstSeen || (loc.retiredAt !== null && t >= loc.retiredAt)) continue;
        const v = priceValue(t, loc);
        if (keep(v)) expected.push(v);
      }
    }
    for (const o of [op, alias]) {
      const q = `${window}&filter_column=spp&filter_value=40&filter_operator=${encodeURIComponent(o)}&page_size=50000`;
      expect(col(prices15, q, 'spp')).toEqual(expected);
    }
  });

  it('in takes a comma list and picks only those locations', () => {
    const q = `${window}&filter_column=location&filter_value=LZ_X,A_HUB&filter_operator=in&page_size=50000`;
    const locs = col(prices15, q, 'location');
    expect(new Set(locs)).toEqual(new Set(['A_HUB', 'LZ_X']));
    expect(locs).toHaveLength(96 * 2);
  });

  it('compares strings exactly and case-sensitively', () => {
    expect(col(prices15, `${window}&filter_column=location&filter_value=a_hub`, 'location')).toEqual([]);
    expect(
      col(
        prices15,
        `${window}&filter_column=location_type&filter_value=Load Zone&page_size=1000`,
        'location',
      ),
    ).toHaveLength(96);
  });

  it('compares instants on datetime columns', () => {
    const q = 'filter_column=interval_end_utc&filter_value=2024-02-01T00:00:00-06:00';
    expect(col(load5, q, 'interval_start_utc')).toEqual(['2024-02-01T05:55:00+00:00']);
  });

  it('never matches nulls, even with !=', () => {
    const day = 'start_time=2024-01-02&end_time=2024-01-05&page_size=50000';
    const all = col(load5, day, 'load');
    const ne = col(load5, `${day}&filter_column=load&filter_value=-1&filter_operator=!=`, 'load');
    expect(all.filter((v) => v === null).length).toBeGreaterThan(0);
    expect(ne).toEqual(all.filter((v) => v !== null));
  });

  it.each([
    ['filter_column=load', /filter_column requires filter_value/],
    ['filter_value=3', /filter_value requires filter_column/],
    ['filter_column=load&filter_value=abc', /filter_value 'abc' is not a number/],
    ['filter_column=load&filter_value=3&filter_operator=like', /filter_operator 'like'/],
    ['filter_column=interval_start_utc&filter_value=soon', /not a valid timestamp/],
    ['filter_column=nope&filter_value=3', /^Column nope not found in dataset test_load$/],
  ])('400 for %s', (q, message) => {
    const p = problemOf(load5, q);
    expect(p.kind).toBe('invalid');
    expect(p.detail).toMatch(message);
  });

  it('ignores filter_operator alone', () => {
    expect(runQuery(load5, 'filter_operator=gt&page_size=2', NOW).rows).toHaveLength(2);
  });

  it('the path route filters with =, and refuses filter_column/filter_value in its query string', () => {
    const r = runQuery(prices15, `${window}&page_size=1000`, NOW, { column: 'location', value: 'B_LATE' });
    expect(r.rows).toEqual([]);
    const a = runQuery(prices15, `${window}&page_size=1000&filter_operator=gt`, NOW, {
      column: 'location',
      value: 'LZ_X',
    });
    expect(new Set(a.rows.map((row) => row[2]))).toEqual(new Set(['LZ_X']));
    expect(problemOf(prices15, 'filter_value=x', { column: 'location', value: 'A_HUB' }).detail).toMatch(
      /path/,
    );
    expect(problemOf(prices15, '', { column: 'bogus', value: 'A_HUB' }).detail).toBe(
      'Column bogus not found in dataset test_prices',
    );
  });
});

describe('§6.3 columns and order', () => {
  it('puts the time-index columns first, then the named columns in order, without duplicates', () => {
    const r = runQuery(prices15, 'columns=spp,location,spp,interval_start_utc&page_size=1', NOW);
    expect(r.columns.map((c) => c.name)).toEqual([
      'interval_start_utc',
      'interval_end_utc',
      'spp',
      'location',
    ]);
    expect(runQuery(irregular10s, 'columns=prc&page_size=1', NOW).columns.map((c) => c.name)).toEqual([
      'time_utc',
      'prc',
    ]);
  });

  it('400 for an unknown column', () => {
    expect(problemOf(prices15, 'columns=spp,price').detail).toBe(
      'Column price not found in dataset test_prices',
    );
  });

  it('orders by time, then location, then publish time; desc reverses all of it', () => {
    const asc = runQuery(
      forecastHourly,
      'start_time=2024-02-01&end_time=2024-02-02&page_size=1000',
      NOW,
    ).rows;
    expect(asc).toHaveLength(24 * 6);
    expect(asc.slice(0, 2).map((r) => r[2])).toEqual([
      '2024-01-31T18:30:00+00:00',
      '2024-01-31T19:30:00+00:00',
    ]);
    const desc = runQuery(
      forecastHourly,
      'start_time=2024-02-01&end_time=2024-02-02&page_size=1000&order=desc',
      NOW,
    ).rows;
    expect(desc).toEqual([...asc].reverse());
    const locs = runQuery(prices15, 'start_time=2024-01-10&page_size=3', NOW).rows.map((r) => r[2]);
    expect(locs).toEqual(['A_HUB', 'C_OLD', 'LZ_X']);
  });

  it('400 for another order', () => {
    expect(problemOf(load5, 'order=up').detail).toMatch(/order 'up'.*asc or desc/);
  });
});

describe('§6.4 publish time', () => {
  const day = 'start_time=2024-02-01&end_time=2024-02-02&page_size=1000';
  it('latest keeps the newest vintage per interval', () => {
    const r = runQuery(forecastHourly, `${day}&publish_time=latest`, NOW).rows;
    expect(r).toHaveLength(24);
    expect(r[0]?.[2]).toBe(iso(Date.UTC(2024, 1, 1) - 30 * MINUTE));
  });

  it('latest_report keeps only the rows of the single newest vintage', () => {
    const r = runQuery(forecastHourly, 'publish_time=latest_report&page_size=1000', NOW).rows;
    const newest = Date.UTC(2024, 2, 15, 11, 30);
    expect(r.map((row) => row[2])).toEqual(Array(6).fill(iso(newest)));
  });

  it('a timestamp keeps that vintage, or nothing', () => {
    const r = runQuery(forecastHourly, `publish_time=2024-02-01T03:30Z&page_size=1000`, NOW).rows;
    expect(r.map((row) => row[0])).toEqual([4, 5, 6, 7, 8, 9].map((h) => iso(Date.UTC(2024, 1, 1, h))));
    expect(runQuery(forecastHourly, 'publish_time=2024-02-01T03:31Z', NOW).rows).toEqual([]);
  });

  it('publish_time_start is inclusive, publish_time_end exclusive', () => {
    const q = `${day}&publish_time_start=2024-02-01T03:30Z&publish_time_end=2024-02-01T05:30Z`;
    const pubs = new Set(col(forecastHourly, q, 'publish_time_utc'));
    expect(pubs).toEqual(new Set([iso(Date.UTC(2024, 1, 1, 3, 30)), iso(Date.UTC(2024, 1, 1, 4, 30))]));
  });

  it.each(['publish_time=latest', 'publish_time_start=2024-01-01', 'publish_time_end=2024-01-01'])(
    '400 on a dataset without a publish column (%s)',
    (q) => {
      expect(problemOf(load5, q).detail).toMatch(/publish time column; test_load has none/);
    },
  );

  it('422 for a publish_time that is neither a keyword nor a timestamp', () => {
    expect(problemOf(forecastHourly, 'publish_time=newest').kind).toBe('wrong_type');
  });
});

describe('§6.5 resampling', () => {
  it.each(['1h', '1 h', '60min', '60 minutes', '1HOUR', '1 Hours'])('accepts the spelling %s', (f) => {
    const q = `resample_frequency=${encodeURIComponent(f)}&resample_function=count&page_size=2&start_time=2024-01-02`;
    expect(runQuery(load5, q, NOW).rows.map((r) => r[0])).toEqual([
      iso(Date.UTC(2024, 0, 2)),
      iso(Date.UTC(2024, 0, 2, 1)),
    ]);
  });

  it.each(['0h', 'h', '1.5h', '1 fortnight', '1  h', '-1h'])('400 naming the grammar for %s', (f) => {
    expect(problemOf(load5, `resample_frequency=${encodeURIComponent(f)}`).detail).toMatch(
      /<n><unit> or <n> <unit>/,
    );
  });

  it.each(['1000000000h', '100000000month', '101year'])(
    '400 for a bucket longer than ISO timestamps can write: %s',
    (f) => {
      const problem = problemOf(load5, `resample_frequency=${f}&start_time=2024-01-02`);
      expect(problem.kind).toBe('invalid');
      expect(problem.detail).toMatch(/resample_frequency .* at most 100 years/);
    },
  );

  it('400 when resample_by names a bucket column, which resampled rows already carry', () => {
    const problem = problemOf(
      load5,
      'resample_frequency=1h&resample_by=interval_end_utc&start_time=2024-01-02',
    );
    expect(problem.kind).toBe('invalid');
    expect(problem.detail).toMatch(/^resample_by cannot include interval_end_utc/);
  });

  it('aligns minute and hour buckets to the epoch', () => {
    const q = 'resample_frequency=7min&start_time=2024-01-02T00:03Z&page_size=1&resample_function=count';
    const start = Math.floor(Date.UTC(2024, 0, 2, 0, 3) / (7 * MINUTE)) * 7 * MINUTE;
    const r = runQuery(load5, q, NOW).rows[0];
    expect(r?.slice(0, 2)).toEqual([iso(start), iso(start + 7 * MINUTE)]);
  });

  it('makes day buckets from local midnight: 23 hours on spring-forward', () => {
    const q =
      'resample_frequency=1d&timezone=market&start_time=2024-03-09&end_time=2024-03-12&resample_function=count';
    const r = runQuery(load5, q, NOW).rows;
    expect(r.map((row) => row[0])).toEqual([
      '2024-03-09T00:00:00-06:00',
      '2024-03-10T00:00:00-06:00',
      '2024-03-11T00:00:00-05:00',
    ]);
    expect(r[1]?.[3]).toBe('2024-03-11T05:00:00+00:00');
    const nonNull = (from: number, to: number): number => {
      let n = 0;
      for (let t = from; t < to; t += 5 * MINUTE) if (loadValue(t) !== null) n++;
      return n;
    };
    expect(r[1]?.[4]).toBe(nonNull(Date.UTC(2024, 2, 10, 6), Date.UTC(2024, 2, 11, 5)));
  });

  it('makes week buckets start on Monday and month buckets on the 1st, in the zone', () => {
    const w = runQuery(load5, 'resample_frequency=1w&timezone=market&page_size=2', NOW).rows;
    expect(w.map((r) => r[0])).toEqual(['2024-01-01T00:00:00-06:00', '2024-01-08T00:00:00-06:00']);
    const m = runQuery(load5, 'resample_frequency=1month&timezone=market', NOW).rows;
    expect(m.map((r) => r[0])).toEqual([
      '2024-01-01T00:00:00-06:00',
      '2024-02-01T00:00:00-06:00',
      '2024-03-01T00:00:00-06:00',
    ]);
    const y = runQuery(load5, 'resample_frequency=1year', NOW).rows;
    expect(y.map((r) => r.slice(0, 2))).toEqual([['2024-01-01T00:00:00+00:00', '2025-01-01T00:00:00+00:00']]);
  });

  const hourValues = (): number[] => {
    const out: number[] = [];
    for (let t = Date.UTC(2024, 0, 3, 5); t < Date.UTC(2024, 0, 3, 6); t += 5 * MINUTE) {
      const v = loadValue(t);
      if (v !== null) out.push(v);
    }
    return out;
  };
  const sorted = (v: number[]): number[] => [...v].sort((a, b) => a - b);
  const mean = (v: number[]): number => v.reduce((s, x) => s + x, 0) / v.length;
  const variance = (v: number[]): number => v.reduce((s, x) => s + (x - mean(v)) ** 2, 0) / (v.length - 1);
  it.each([
    ['mean', mean],
    ['sum', (v: number[]) => v.reduce((s, x) => s + x, 0)],
    ['min', (v: number[]) => Math.min(...v)],
    ['max', (v: number[]) => Math.max(...v)],
    ['count', (v: number[]) => v.length],
    [
      'median',
      (v: number[]) => {
        const s = sorted(v);
        const m = s.length >> 1;
        return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
      },
    ],
    ['first', (v: number[]) => v[0] ?? 0],
    ['last', (v: number[]) => v[v.length - 1] ?? 0],
    ['stddev', (v: number[]) => Math.sqrt(variance(v))],
    ['variance', variance],
  ])('%s over an hour', (fn, expected) => {
    for (const order of ['asc', 'desc']) {
      const q = `resample_frequency=1h&resample_function=${fn}&start_time=2024-01-03T05:00Z&end_time=2024-01-03T06:00Z&order=${order}`;
      const got = runQuery(load5, q, NOW).rows;
      expect(got).toHaveLength(1);
      expect(got[0]?.[2]).toBeCloseTo(expected(hourValues()), 6);
    }
  });

  it('gives null for sample stddev/variance below two values, and 400 for an unknown function', () => {
    const q = 'resample_frequency=5min&resample_function=stddev&page_size=1';
    expect(runQuery(load5, q, NOW).rows[0]?.[2]).toBeNull();
    expect(problemOf(load5, 'resample_frequency=1h&resample_function=mode').detail).toMatch(
      /resample_function 'mode'/,
    );
  });

  it('groups by the subseries by default and outputs the numeric columns', () => {
    const r = runQuery(prices15, 'resample_frequency=1d&start_time=2024-01-10&end_time=2024-01-11', NOW);
    expect(r.columns.map((c) => c.name)).toEqual([
      'interval_start_utc',
      'interval_end_utc',
      'location',
      'spp',
    ]);
    expect(r.rows.map((row) => row[2])).toEqual(['A_HUB', 'C_OLD', 'LZ_X']);
    const loc = PRICE_LOCATIONS[0];
    if (!loc) throw new Error('no location');
    let sum = 0;
    for (let t = Date.UTC(2024, 0, 10); t < Date.UTC(2024, 0, 11); t += 15 * MINUTE)
      sum += priceValue(t, loc);
    expect(r.rows[0]?.[3]).toBeCloseTo(sum / 96, 9);
  });

  it('resample_by picks the groups; unknown → 400', () => {
    const r = runQuery(
      prices15,
      'resample_frequency=1d&start_time=2024-01-10&end_time=2024-01-11&resample_by=location_type',
      NOW,
    );
    expect(r.rows.map((row) => row[2])).toEqual(['Load Zone', 'Resource Node', 'Trading Hub']);
    expect(problemOf(prices15, 'resample_frequency=1d&resample_by=zone').detail).toBe(
      'Column zone not found in dataset test_prices',
    );
  });

  it('groups forecasts by publish time unless publish_time is latest', () => {
    const base = 'resample_frequency=1d&start_time=2024-02-01&end_time=2024-02-02';
    const all = runQuery(forecastHourly, base, NOW);
    expect(all.columns.map((c) => c.name)).toEqual([
      'interval_start_utc',
      'interval_end_utc',
      'publish_time_utc',
      'north',
      'total',
    ]);
    const vintages = new Set<number>();
    for (let h = 0; h < 24; h++)
      for (const p of forecastVintages(Date.UTC(2024, 1, 1, h), NOW)) vintages.add(p);
    expect(all.rows).toHaveLength(vintages.size);
    const latest = runQuery(forecastHourly, `${base}&publish_time=latest`, NOW);
    expect(latest.columns.map((c) => c.name)).toEqual([
      'interval_start_utc',
      'interval_end_utc',
      'north',
      'total',
    ]);
    expect(latest.rows).toHaveLength(1);
  });

  it('keeps only the named numeric columns, and the time index is always interval_start_utc', () => {
    const r = runQuery(
      forecastHourly,
      'resample_frequency=1d&publish_time=latest&columns=total&page_size=1',
      NOW,
    );
    expect(r.columns.map((c) => c.name)).toEqual(['interval_start_utc', 'interval_end_utc', 'total']);
    const m = runQuery(irregular10s, 'resample_frequency=1min&resample_function=count&page_size=1', NOW);
    expect(m.columns.map((c) => c.name)).toEqual(['interval_start_utc', 'interval_end_utc', 'prc']);
    expect(m.rows[0]?.[2]).toBe(3); // the series starts at :30 of its first minute
    expect(
      runQuery(irregular10s, 'resample_frequency=1min&resample_function=count&page=2&page_size=1', NOW)
        .rows[0]?.[2],
    ).toBe(6);
  });

  it('upsamples by repeating each value into the finer buckets it covers', () => {
    const r = runQuery(
      prices15,
      'resample_frequency=5min&filter_column=location&filter_value=A_HUB&page_size=6',
      NOW,
    ).rows;
    const loc = PRICE_LOCATIONS[0];
    if (!loc) throw new Error('no location');
    expect(r.map((row) => row[3])).toEqual([
      ...Array<number>(3).fill(priceValue(START, loc)),
      ...Array<number>(3).fill(priceValue(START + 15 * MINUTE, loc)),
    ]);
    expect(r.map((row) => row[0]).slice(0, 2)).toEqual([iso(START), iso(START + 5 * MINUTE)]);
  });

  it('applies filters and bounds to source rows before bucketing', () => {
    const q =
      'resample_frequency=1h&resample_function=count&start_time=2024-01-03T05:20Z&end_time=2024-01-03T06:00Z';
    const expected = [0, 1, 2, 3, 4, 5, 6, 7].filter(
      (i) => loadValue(Date.UTC(2024, 0, 3, 5, 20) + i * 5 * MINUTE) !== null,
    );
    expect(runQuery(load5, q, NOW).rows[0]?.[2]).toBe(expected.length);
    const hi = runQuery(load5, `${q}&filter_column=load&filter_value=85000&filter_operator=>=`, NOW).rows;
    expect(hi).toEqual([]);
  });
});

describe('§6.6 pagination', () => {
  it.each([
    ['page_size=0', /page_size must be between 1 and 50000/],
    ['page_size=50001', /page_size must be between 1 and 50000/],
    ['page=0', /page must be at least 1/],
    ['limit=0', /limit must be at least 1/],
    ['cursor=garbage', /cursor is invalid/],
  ])('400 for %s', (q, message) => {
    expect(problemOf(load5, q).detail).toMatch(message);
  });

  it('cuts offset pages at limit and says hasNextPage exactly', () => {
    const p1 = runQuery(load5, 'page_size=3&limit=7', NOW);
    const p3 = runQuery(load5, 'page_size=3&limit=7&page=3', NOW);
    const p4 = runQuery(load5, 'page_size=3&limit=6&page=2', NOW);
    expect(p1.meta).toEqual({ page: 1, limit: 7, page_size: 3, hasNextPage: true, cursor: null });
    expect(p3.rows).toHaveLength(1);
    expect(p3.meta.hasNextPage).toBe(false);
    expect(p4.meta.hasNextPage).toBe(false);
    expect(runQuery(load5, 'page_size=3&limit=7&page=9', NOW).rows).toEqual([]);
  });

  it('walks a cursor to the end, and refuses it for another query or dataset', () => {
    const base = 'start_time=2024-01-05&end_time=2024-01-05T01:00Z&page_size=5';
    const first = runQuery(load5, `${base}&cursor=`, NOW);
    expect(first.meta.cursor).toEqual(expect.any(String));
    const second = runQuery(load5, `${base}&cursor=${first.meta.cursor ?? ''}&page=7`, NOW);
    const third = runQuery(load5, `${base}&cursor=${second.meta.cursor ?? ''}`, NOW);
    expect(third.meta).toMatchObject({ hasNextPage: false, cursor: null });
    expect([...first.rows, ...second.rows, ...third.rows]).toEqual(
      runQuery(load5, 'start_time=2024-01-05&end_time=2024-01-05T01:00Z', NOW).rows,
    );
    expect(problemOf(load5, `${base}&order=desc&cursor=${first.meta.cursor ?? ''}`).detail).toMatch(
      /cursor is invalid/,
    );
    expect(problemOf(irregular10s, `${base}&cursor=${first.meta.cursor ?? ''}`).detail).toMatch(
      /cursor is invalid/,
    );
  });
});

describe('scan guard and cost', () => {
  it('refuses more than 10,000,000 candidate rows with the exact sentence', () => {
    const p = problemOf(wide5, 'start_time=2024-01-01&end_time=2024-01-20');
    expect(p.kind).toBe('too_large');
    expect(p.detail).toBe(SCAN_TOO_LARGE);
    // A value filter does not shrink the candidates; a location filter does.
    expect(problemOf(wide5, 'filter_column=lmp&filter_value=1000&filter_operator=>').detail).toBe(
      SCAN_TOO_LARGE,
    );
    expect(runQuery(wide5, 'start_time=2024-01-01&end_time=2024-01-10&page_size=1', NOW).rows).toHaveLength(
      1,
    );
  });

  it('lets a limit bound the rows a plain walk reads, but not a filtered or resampled one', () => {
    // The whole range is far past the guard; the first 100 rows are read and no more.
    const first = runQuery(wide5, 'limit=100&page_size=50', NOW);
    expect(first.rows).toHaveLength(50);
    expect(first.meta.hasNextPage).toBe(true);
    expect(runQuery(wide5, 'limit=100', NOW).rows).toHaveLength(100);
    // A value filter or resampling may read every candidate to find 100 rows: refused as before.
    expect(problemOf(wide5, 'limit=100&filter_column=lmp&filter_value=1000&filter_operator=>').detail).toBe(
      SCAN_TOO_LARGE,
    );
    expect(problemOf(wide5, 'limit=100&resample_frequency=1h').detail).toBe(SCAN_TOO_LARGE);
    // A limit past the guard is no bound at all.
    expect(problemOf(wide5, 'limit=20000000').detail).toBe(SCAN_TOO_LARGE);
  });

  it('counts what a time=latest search may read: every candidate with a value filter', () => {
    const counted = (id: string): { def: DatasetDef; rows: () => number } => {
      const def = getDataset(id);
      if (!def) throw new Error(id);
      let n = 0;
      return { def: { ...def, row: (t, m, p) => (n++, def.row(t, m, p)) }, rows: () => n };
    };
    // The 60-day disclosure, searched back for a base point no unit reaches: refused before any row
    // is made (it made ten million, 36 s of work, before it was refused).
    const disclosure = counted('ercot_sced_gen_resource_60_day');
    const impossible = 'time=latest&filter_column=base_point&filter_operator=>&filter_value=1e9';
    expect(problemOf(disclosure.def, impossible).detail).toBe(SCAN_TOO_LARGE);
    expect(disclosure.rows()).toBe(0);
    // Shadow prices bind in few cells: the search walks back through the empty ones and counts them.
    const sced = counted('ercot_shadow_prices_sced');
    expect(runQuery(sced.def, 'time=latest', NOW).rows.length).toBeGreaterThan(0);
    // Within the guard, a search that finds nothing ends with an empty answer, not a refusal.
    const none = 'time=latest&filter_column=shadow_price&filter_operator=>&filter_value=1e9';
    expect(runQuery(sced.def, none, NOW).rows).toEqual([]);
  });

  it('answers a deep page of one location without touching the others', () => {
    const calls = { n: 0 };
    const counted: DatasetDef = {
      ...wide5,
      row: (t, loc, p) => {
        calls.n++;
        return wide5.row(t, loc, p);
      },
    };
    const q = 'filter_column=location&filter_value=N1234&page=200&page_size=500&order=desc';
    const r = runQuery(counted, q, NOW);
    expect(r.rows).toHaveLength(500);
    expect(calls.n).toBe(501);
    const t = wide5.lastTime(NOW) - 199 * 500 * 5 * MINUTE;
    expect(r.rows[0]?.slice(0, 3)).toEqual([iso(t), iso(t + 5 * MINUTE), 'N1234']);
    calls.n = 0;
    runQuery(counted, 'start_time=2024-03-01&page=30&page_size=1000', NOW);
    expect(calls.n).toBe(1001);
  });

  it('formats 100k local timestamps across a DST change', () => {
    const q = 'timezone=America/New_York&page_size=50000&start_time=2024-03-10T05:00Z&end_time=2024-03-11';
    const pages = [runQuery(wide5, q, NOW), runQuery(wide5, `${q}&page=2`, NOW)];
    expect(pages[0]?.rows[0]?.slice(0, 2)).toEqual([
      '2024-03-10T00:00:00-05:00',
      '2024-03-10T05:00:00+00:00',
    ]);
    expect(pages[1]?.rows.at(-1)?.slice(0, 2)).toEqual([
      '2024-03-10T05:05:00-04:00',
      '2024-03-10T09:05:00+00:00',
    ]);
  });
});

it('a whole day of every dataset has the expected number of rows', () => {
  const day = 'start_time=2024-02-10&end_time=2024-02-11&page_size=50000';
  expect(runQuery(load5, day, NOW).rows).toHaveLength(288);
  expect(runQuery(prices15, day, NOW).rows).toHaveLength(96 * 2);
  expect(runQuery(forecastHourly, day, NOW).rows).toHaveLength(24 * 6);
  expect(
    runQuery(
      irregular10s,
      `start_time=${encodeURIComponent(iso(NOW - DAY))}&end_time=${encodeURIComponent(iso(NOW - DAY + HOUR))}`,
      NOW,
    ).rows,
  ).toHaveLength(360);
});

it('a US/Central market day is 25 hours long on fall-back, and a week starts on Monday', () => {
  const zone = resolveZone('market');
  const day = bucketer(parseFrequency('1d'), zone)(Date.UTC(2024, 10, 3, 12));
  expect([iso(day.start), iso(day.end)]).toEqual(['2024-11-03T05:00:00+00:00', '2024-11-04T06:00:00+00:00']);
  const week = bucketer(parseFrequency('1 week'), zone)(Date.UTC(2024, 10, 3, 12));
  expect([zone.formatLocal(week.start), zone.formatLocal(week.end)]).toEqual([
    '2024-10-28T00:00:00-05:00',
    '2024-11-04T00:00:00-06:00',
  ]);
  // 01:30 happens twice that night; a wall time without offset reads as the first one.
  expect(zone.formatLocal(zone.fromWall(Date.UTC(2024, 10, 3, 1, 30)))).toBe('2024-11-03T01:30:00-05:00');
});
