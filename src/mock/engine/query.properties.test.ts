import fc from 'fast-check';
import { DATASET_IDS, type CellValue } from '@/contract';
import { getDataset } from '@/mock/data/catalog';
import type { DatasetDef, RawCell, SeriesMember } from '@/mock/data/types';
import { SCAN_TOO_LARGE } from './execute';
import { toCsv } from '../handlers/encode';
import { runQuery } from './runQuery';
import { forecastHourly, irregular10s, load5, loadValue, MINUTE, NOW, prices15, START } from './testDatasets';

const RUNS = { numRuns: 100 };
const ZONES = ['UTC', 'market', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe'];

interface Query {
  def: DatasetDef;
  params: Record<string, string>;
}

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', '+00:00');
const qs = (params: Record<string, string>): string => new URLSearchParams(params).toString();

/** A random valid query over a small window of one of the synthetic datasets. */
const queryArb: fc.Arbitrary<Query> = fc
  .record({
    which: fc.constantFrom(load5, prices15, forecastHourly, irregular10s),
    startSteps: fc.nat({ max: 1_000_000 }),
    lengthSteps: fc.integer({ min: 1, max: 60 }),
    order: fc.constantFrom('asc', 'desc'),
    timezone: fc.constantFrom(...ZONES),
    filter: fc.option(
      fc.record({
        op: fc.constantFrom('=', '!=', '>', '>=', '<', '<=', 'gt', 'lte'),
        cut: fc.integer({ min: 0, max: 100 }),
      }),
    ),
    location: fc.option(fc.subarray(['A_HUB', 'B_LATE', 'C_OLD', 'LZ_X'], { minLength: 1 })),
    resample: fc.option(fc.constantFrom('1h', '30min', '1d', '5 minutes', '1w', '2h')),
    fn: fc.constantFrom(
      'mean',
      'sum',
      'min',
      'max',
      'count',
      'median',
      'first',
      'last',
      'stddev',
      'variance',
    ),
  })
  .map(({ which, startSteps, lengthSteps, order, timezone, filter, location, resample, fn }) => {
    const def = which;
    const first = def.firstTime(NOW);
    const steps = Math.floor((def.lastTime(NOW) - first) / def.stepMs);
    const start = first + (startSteps % steps) * def.stepMs;
    const params: Record<string, string> = {
      start_time: iso(start),
      end_time: iso(start + lengthSteps * def.stepMs * (def === prices15 ? 1 : 3)),
      order,
      timezone,
    };
    const valueColumn =
      def === load5 ? 'load' : def === prices15 ? 'spp' : def === forecastHourly ? 'north' : 'prc';
    if (filter) {
      const [lo, span] =
        def === prices15
          ? [15, 45]
          : def === load5
            ? [35_000, 50_000]
            : def === forecastHourly
              ? [40_000, 30_000]
              : [2000, 8000];
      params.filter_column = valueColumn;
      params.filter_value = String(lo + (span * filter.cut) / 100);
      params.filter_operator = filter.op;
    } else if (location && def === prices15) {
      params.filter_column = 'location';
      params.filter_value = location.join(',');
      params.filter_operator = 'in';
    }
    if (resample) {
      params.resample_frequency = resample;
      params.resample_function = fn;
    }
    return { def, params };
  });

const pagingArb = fc.record({
  pageSize: fc.integer({ min: 1, max: 40 }),
  limit: fc.option(fc.integer({ min: 1, max: 150 })),
});

function all(q: Query, extra: Record<string, string> = {}): CellValue[][] {
  return runQuery(q.def, qs({ ...q.params, page_size: '50000', ...extra }), NOW).rows;
}

// Each property walks every page of up to 100 random queries (some one row per page, over forecast
// vintages): seconds of work that a busy 2-core CI machine can stretch past the default 20 s.
describe('properties of random valid queries', { timeout: 180_000 }, () => {
  it('offset pages, concatenated, equal the unpaged result cut at limit; cursor pages equal offset pages', () => {
    fc.assert(
      fc.property(queryArb, pagingArb, (q, { pageSize, limit }) => {
        const expected = all(q).slice(0, limit ?? undefined);
        const paging = { page_size: String(pageSize), ...(limit === null ? {} : { limit: String(limit) }) };
        const offsetRows: CellValue[][] = [];
        for (let page = 1; ; page++) {
          const r = runQuery(q.def, qs({ ...q.params, ...paging, page: String(page) }), NOW);
          offsetRows.push(...r.rows);
          expect(r.rows.length).toBeLessThanOrEqual(pageSize);
          if (!r.meta.hasNextPage) break;
          expect(r.rows).toHaveLength(pageSize);
        }
        expect(offsetRows).toEqual(expected);
        const cursorRows: CellValue[][] = [];
        let cursor = '';
        for (;;) {
          const r = runQuery(q.def, qs({ ...q.params, ...paging, cursor }), NOW);
          cursorRows.push(...r.rows);
          expect(r.meta.cursor === null).toBe(!r.meta.hasNextPage);
          if (r.meta.cursor === null) break;
          cursor = r.meta.cursor;
        }
        expect(cursorRows).toEqual(expected);
        if (limit !== null) expect(cursorRows.length).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 60 },
    );
  });

  it('order=desc is the exact reverse of order=asc', () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        expect(all(q, { order: 'desc' })).toEqual(all(q, { order: 'asc' }).reverse());
      }),
      RUNS,
    );
  });

  it('every row lies in the time bounds and satisfies the filter', () => {
    fc.assert(
      fc.property(
        queryArb.filter((q) => q.params.resample_frequency === undefined),
        (q) => {
          const r = runQuery(q.def, qs({ ...q.params, page_size: '50000', timezone: 'UTC' }), NOW);
          const names = r.columns.map((c) => c.name);
          const lo = Date.parse(q.params.start_time ?? '');
          const hi = Date.parse(q.params.end_time ?? '');
          const timeAt = names.indexOf(q.def.timeIndexColumn);
          const op = q.params.filter_operator ?? '=';
          const at = names.indexOf(q.params.filter_column ?? '');
          for (const row of r.rows) {
            const t = Date.parse(String(row[timeAt]));
            expect(t >= lo && t < hi).toBe(true);
            if (at < 0) continue;
            const cell = row[at] ?? null;
            const value = q.params.filter_value ?? '';
            if (op === 'in') {
              expect(value.split(',')).toContain(cell);
              continue;
            }
            expect(typeof cell).toBe('number');
            const v = Number(value);
            const c = Number(cell);
            const ok = {
              '=': c === v,
              '!=': c !== v,
              '>': c > v,
              '>=': c >= v,
              '<': c < v,
              '<=': c <= v,
              gt: c > v,
              lte: c <= v,
            }[op];
            expect(ok).toBe(true);
          }
        },
      ),
      RUNS,
    );
  });

  it('the sum of hourly sums equals the sum of the 5-minute values', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1500 }),
        fc.integer({ min: 1, max: 48 }),
        fc.constantFrom(...ZONES),
        (h, hours, timezone) => {
          const start = START + h * 3_600_000 + 25 * MINUTE;
          const end = start + hours * 3_600_000;
          const q = { start_time: iso(start), end_time: iso(end), timezone, page_size: '50000' };
          const hourly = runQuery(
            load5,
            qs({ ...q, resample_frequency: '1h', resample_function: 'sum' }),
            NOW,
          ).rows;
          const total = hourly.reduce<number>((s, row) => s + Number(row.at(-1) ?? 0), 0);
          let expected = 0;
          for (let t = start; t < end; t += 5 * MINUTE) expected += loadValue(t) ?? 0;
          expect(total).toBeCloseTo(expected, 4);
        },
      ),
      RUNS,
    );
  });

  it('CSV and JSON carry the same rows', () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        const r = runQuery(q.def, qs({ ...q.params, page_size: '200' }), NOW);
        const lines = toCsv(
          r.columns.map((c) => c.name),
          r.rows,
        )
          .trimEnd()
          .split('\n');
        expect(lines[0]).toBe(r.columns.map((c) => c.name).join(','));
        expect(lines.slice(1)).toEqual(
          r.rows.map((row) => row.map((c) => (c === null ? '' : String(c))).join(',')),
        );
      }),
      RUNS,
    );
  });

  it('every _local value is its _utc twin written in the zone (checked with Intl)', () => {
    fc.assert(
      fc.property(
        queryArb.filter((q) => q.params.timezone !== 'UTC'),
        (q) => {
          const r = runQuery(q.def, qs({ ...q.params, page_size: '100' }), NOW);
          const zone = q.params.timezone === 'market' ? 'US/Central' : (q.params.timezone ?? 'UTC');
          const format = new Intl.DateTimeFormat('sv-SE', {
            timeZone: zone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            hourCycle: 'h23',
          });
          r.columns.forEach((c, i) => {
            if (!c.name.endsWith('_local')) return;
            expect(r.columns[i + 1]?.name).toBe(c.name.replace(/_local$/, '_utc'));
            for (const row of r.rows) {
              const local = String(row[i]);
              const utc = String(row[i + 1]);
              expect(Date.parse(local)).toBe(Date.parse(utc));
              expect(local.slice(0, 19)).toBe(format.format(Date.parse(utc)).replace(' ', 'T'));
            }
          });
        },
      ),
      RUNS,
    );
  });
});

/**
 * The catalog's own shapes, not only the synthetic ones: hourly reports whose past rows carry
 * actuals and future rows nulls, wide by-region columns, a 5-minute system series and a subseries
 * of buses that are not pricing locations.
 */
const REAL_NOW = Date.UTC(2025, 6, 15, 20, 7, 13);
const realDef = (id: string): DatasetDef => {
  const def = getDataset(id);
  if (!def) throw new Error(`no ${id}`);
  return def;
};
const solarReport = realDef(DATASET_IDS.solarActualAndForecast);
const windByRegion = realDef(DATASET_IDS.windByGeoRegion);
const lambda = realDef(DATASET_IDS.systemLambda);
const lmpByBus = realDef(DATASET_IDS.lmpByBus);
const BUS_NAMES = (lmpByBus.locations ?? []).map((b) => b.name);

const realQueryArb: fc.Arbitrary<Query> = fc
  .record({
    def: fc.constantFrom(solarReport, windByRegion, lambda, lmpByBus),
    hoursBack: fc.integer({ min: -100, max: 20_000 }),
    length: fc.integer({ min: 1, max: 6 }),
    order: fc.constantFrom('asc', 'desc'),
    publish: fc.constantFrom('all', 'latest', 'latest_report'),
    filter: fc.option(fc.integer({ min: 0, max: 100 })),
    buses: fc.subarray(BUS_NAMES.slice(0, 40), { minLength: 1, maxLength: 4 }),
  })
  .map(({ def, hoursBack, length, order, publish, filter, buses }) => {
    const hourly = def.stepMs === 3_600_000;
    const start = Math.floor(REAL_NOW / 3_600_000) * 3_600_000 - hoursBack * 3_600_000;
    // Hourly reports: a few hours (each has up to 216 vintages); 5-minute data: a few intervals.
    const span = hourly ? length * 3_600_000 : length * 5 * MINUTE;
    const params: Record<string, string> = { start_time: iso(start), end_time: iso(start + span), order };
    if (hourly && publish !== 'all') params.publish_time = publish;
    if (def === lmpByBus) {
      params.filter_column = 'location';
      params.filter_operator = 'in';
      params.filter_value = buses.join(',');
    } else if (filter !== null) {
      const [column, scale] = def === lambda ? ['system_lambda', 80] : ['gen_system_wide', 30_000];
      params.filter_column = column;
      params.filter_operator = '>=';
      params.filter_value = String((scale * filter) / 100);
    }
    return { def, params };
  });

const realAll = (q: Query, extra: Record<string, string> = {}): CellValue[][] =>
  runQuery(q.def, qs({ ...q.params, page_size: '50000', ...extra }), REAL_NOW).rows;

describe('properties of random queries over the catalog’s new shapes', { timeout: 180_000 }, () => {
  it('cursor pages equal offset pages, which equal the unpaged result cut at limit', () => {
    fc.assert(
      fc.property(realQueryArb, pagingArb, (q, { pageSize, limit }) => {
        const expected = realAll(q).slice(0, limit ?? undefined);
        const paging = { page_size: String(pageSize), ...(limit === null ? {} : { limit: String(limit) }) };
        const offsetRows: CellValue[][] = [];
        for (let page = 1; ; page++) {
          const r = runQuery(q.def, qs({ ...q.params, ...paging, page: String(page) }), REAL_NOW);
          offsetRows.push(...r.rows);
          if (!r.meta.hasNextPage) break;
        }
        expect(offsetRows).toEqual(expected);
        const cursorRows: CellValue[][] = [];
        let cursor = '';
        for (;;) {
          const r = runQuery(q.def, qs({ ...q.params, ...paging, cursor }), REAL_NOW);
          cursorRows.push(...r.rows);
          if (r.meta.cursor === null) break;
          cursor = r.meta.cursor;
        }
        expect(cursorRows).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('order=desc is the exact reverse of order=asc, and every row satisfies the filter', () => {
    fc.assert(
      fc.property(realQueryArb, (q) => {
        const asc = realAll(q, { order: 'asc' });
        expect(realAll(q, { order: 'desc' })).toEqual([...asc].reverse());
        const names = runQuery(q.def, qs({ ...q.params, page_size: '1' }), REAL_NOW).columns.map(
          (c) => c.name,
        );
        const at = names.indexOf(q.params.filter_column ?? '');
        if (at < 0) return;
        for (const row of asc) {
          const cell = row[at] ?? null;
          if (q.params.filter_operator === 'in') expect(q.params.filter_value?.split(',')).toContain(cell);
          else expect(Number(cell)).toBeGreaterThanOrEqual(Number(q.params.filter_value));
        }
      }),
      RUNS,
    );
  });

  it('pages the official client’s LMP-by-bus day alike by cursor and by offset (limit 500, page size 100)', () => {
    const params = { start_time: '2023-01-01', end_time: '2023-01-02', limit: '500', page_size: '100' };
    const byOffset: CellValue[][] = [];
    for (let page = 1; page <= 5; page++)
      byOffset.push(...runQuery(lmpByBus, qs({ ...params, page: String(page) }), REAL_NOW).rows);
    const byCursor: CellValue[][] = [];
    let cursor = '';
    for (;;) {
      const r = runQuery(lmpByBus, qs({ ...params, cursor }), REAL_NOW);
      byCursor.push(...r.rows);
      if (r.meta.cursor === null) break;
      cursor = r.meta.cursor;
    }
    expect(byOffset).toHaveLength(500);
    expect(byCursor).toEqual(byOffset);
  });
});

/*
 * The wide and sparse shapes of the real catalog (decision 0026): a subseries other than
 * `location`, text filters, rows that exist only while a constraint binds. Windows are short and
 * the 620-resource disclosure is always narrowed, so every page of every query stays cheap.
 */
const REAL_FROM = Date.UTC(2024, 0, 1);
const real = (id: string): DatasetDef => {
  const def = getDataset(id);
  if (!def) throw new Error(`no ${id}`);
  return def;
};
const genResources = real('ercot_sced_gen_resource_60_day');
const scedShadow = real('ercot_shadow_prices_sced');
const damShadow = real('ercot_shadow_prices_dam');
const SOME_RESOURCES = [0, 97, 311, 500].map((i) => genResources.locations?.[i]?.name ?? '');
const SOME_CONSTRAINTS = ['WESTEX', 'ODEHV_MOSSW_1', 'HOUSTON_IMP', 'NUECES_VICT_1', 'NOT_A_CONSTRAINT'];

const FILTERS: Record<string, readonly Record<string, string>[]> = {
  [genResources.id]: [
    { filter_column: 'resource_name', filter_operator: 'in', filter_value: SOME_RESOURCES.join(',') },
    { filter_column: 'resource_name', filter_operator: '=', filter_value: SOME_RESOURCES[1] ?? '' },
    { filter_column: 'resource_type', filter_operator: '=', filter_value: 'NUC' },
    { filter_column: 'resource_type', filter_operator: 'in', filter_value: 'HYDRO,RENEW' },
  ],
  [scedShadow.id]: [
    {},
    { filter_column: 'constraint_name', filter_operator: 'in', filter_value: SOME_CONSTRAINTS.join(',') },
    { filter_column: 'contingency_name', filter_operator: '=', filter_value: 'BASE CASE' },
    { filter_column: 'shadow_price', filter_operator: '>', filter_value: '20' },
  ],
  [damShadow.id]: [
    {},
    { filter_column: 'constraint_name', filter_operator: '=', filter_value: 'ODEHV_MOSSW_1' },
    { filter_column: 'shadow_price', filter_operator: '<=', filter_value: '15' },
  ],
};

const sparseArb: fc.Arbitrary<Query> = fc
  .record({
    def: fc.constantFrom(genResources, scedShadow, damShadow),
    startSteps: fc.nat({ max: 100_000 }),
    lengthSteps: fc.integer({ min: 1, max: 24 }),
    filterIndex: fc.nat(),
    order: fc.constantFrom('asc', 'desc'),
    resample: fc.option(fc.constantFrom('15min', '1h', '1d')),
    fn: fc.constantFrom('mean', 'count', 'first', 'last', 'max'),
  })
  .map(({ def, startSteps, lengthSteps, filterIndex, order, resample, fn }) => {
    const filters = FILTERS[def.id] ?? [{}];
    const span = Math.floor((def.lastTime(REAL_NOW) - REAL_FROM) / def.stepMs);
    const start = REAL_FROM + (startSteps % span) * def.stepMs;
    const params: Record<string, string> = {
      start_time: iso(start),
      end_time: iso(start + lengthSteps * def.stepMs),
      order,
      ...filters[filterIndex % filters.length],
    };
    if (resample) {
      params.resample_frequency = resample;
      params.resample_function = fn;
    }
    return { def, params };
  });

const realRows = (q: Query, extra: Record<string, string> = {}): CellValue[][] =>
  runQuery(q.def, qs({ ...q.params, page_size: '50000', ...extra }), REAL_NOW).rows;

describe('properties of queries over the wide and sparse datasets', { timeout: 180_000 }, () => {
  it('offset and cursor pages concatenate to the whole result; hasNextPage is exact', () => {
    fc.assert(
      fc.property(sparseArb, pagingArb, (q, { pageSize, limit }) => {
        const expected = realRows(q).slice(0, limit ?? undefined);
        const paging = { page_size: String(pageSize), ...(limit === null ? {} : { limit: String(limit) }) };
        const offsetRows: CellValue[][] = [];
        for (let page = 1; ; page++) {
          const r = runQuery(q.def, qs({ ...q.params, ...paging, page: String(page) }), REAL_NOW);
          offsetRows.push(...r.rows);
          if (!r.meta.hasNextPage) break;
          expect(r.rows).toHaveLength(pageSize);
        }
        expect(offsetRows).toEqual(expected);
        const cursorRows: CellValue[][] = [];
        let cursor = '';
        for (;;) {
          const r = runQuery(q.def, qs({ ...q.params, ...paging, cursor }), REAL_NOW);
          cursorRows.push(...r.rows);
          if (r.meta.cursor === null) break;
          cursor = r.meta.cursor;
        }
        expect(cursorRows).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('order=desc reverses order=asc, and every row meets the text or numeric filter', () => {
    fc.assert(
      fc.property(sparseArb, (q) => {
        const asc = realRows(q, { order: 'asc' });
        expect(realRows(q, { order: 'desc' })).toEqual([...asc].reverse());
        if (q.params.resample_frequency || !q.params.filter_column) return;
        const names = runQuery(q.def, qs({ ...q.params, page_size: '1' }), REAL_NOW).columns.map(
          (c) => c.name,
        );
        const at = names.indexOf(q.params.filter_column);
        const value = q.params.filter_value ?? '';
        for (const row of asc) {
          const cell = row[at];
          const ok = {
            in: () => value.split(',').includes(String(cell)),
            '=': () => String(cell) === value,
            '>': () => Number(cell) > Number(value),
            '<=': () => Number(cell) <= Number(value),
          }[q.params.filter_operator ?? '='];
          expect(ok?.()).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('a sparse dataset has rows exactly where a constraint binds and the filter matches', () => {
    fc.assert(
      fc.property(
        sparseArb.filter((q) => q.def !== genResources && !q.params.resample_frequency),
        (q) => {
          const rows = realRows(q, { order: 'asc' });
          const lo = Date.parse(q.params.start_time ?? '');
          const hi = Date.parse(q.params.end_time ?? '');
          const {
            filter_column: column,
            filter_operator: operator = '=',
            filter_value: value = '',
          } = q.params;
          const at = q.def.columns.findIndex((c) => c.name === column);
          const tests: Record<string, (cell: RawCell) => boolean> = {
            in: (cell) => value.split(',').includes(String(cell)),
            '=': (cell) => String(cell) === value,
            '>': (cell) => Number(cell) > Number(value),
            '<=': (cell) => Number(cell) <= Number(value),
          };
          const matches = (cell: RawCell): boolean => tests[operator]?.(cell) ?? false;
          // The rows as the generator alone gives them: every binding pair's row, filtered by its cell.
          let expected = 0;
          for (let t = lo; t < hi && t <= q.def.lastTime(REAL_NOW); t += q.def.stepMs)
            for (const m of q.def.locations ?? [])
              if (
                q.def.rowExists?.(t, m) &&
                (column === undefined || matches(q.def.row(t, m, null)[at] ?? null))
              )
                expected++;
          expect(rows).toHaveLength(expected);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('time=latest is the last interval where the filter finds a binding constraint', () => {
    for (const [def, filter] of [
      [scedShadow, {}],
      [scedShadow, { filter_column: 'constraint_name', filter_value: 'HOUSTON_IMP' }],
      [damShadow, { filter_column: 'contingency_name', filter_value: 'BASE CASE' }],
    ] as const) {
      const r = runQuery(def, qs({ time: 'latest', page_size: '50000', ...filter }), REAL_NOW);
      const names = r.columns.map((c) => c.name);
      const starts = new Set(r.rows.map((row) => row[0]));
      expect(starts.size).toBe(1);
      const t = Date.parse(String(r.rows[0]?.[0]));
      const matches = (m: SeriesMember): boolean => {
        if (!('filter_column' in filter)) return true;
        const row = def.row(t, m, null);
        return row[names.indexOf(filter.filter_column)] === filter.filter_value;
      };
      for (let later = t + def.stepMs; later <= def.lastTime(REAL_NOW); later += def.stepMs) {
        expect((def.locations ?? []).some((m) => def.rowExists?.(later, m) && matches(m))).toBe(false);
      }
    }
  });

  it('refuses a year of the disclosure with the contract message and allows a day of it', () => {
    const day = runQuery(
      genResources,
      qs({ start_time: '2024-03-01', end_time: '2024-03-02', page_size: '10' }),
      REAL_NOW,
    );
    expect(day.meta.hasNextPage).toBe(true);
    expect(() =>
      runQuery(
        genResources,
        qs({ start_time: '2024-01-01', end_time: '2025-01-01', page_size: '10' }),
        REAL_NOW,
      ),
    ).toThrow(SCAN_TOO_LARGE);
  });
});
