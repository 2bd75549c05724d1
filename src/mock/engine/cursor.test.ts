import fc from 'fast-check';
import type { CellValue } from '@/contract';
import type { DatasetDef } from '@/mock/data/types';
import { Rejection } from './rejection';
import { runQuery } from './runQuery';
import { forecastHourly, HOUR, load5, NOW, prices15, START } from './testDatasets';

/**
 * Cursors resume at a walk position (issue 10 item 4): every cursor page must hold exactly the rows
 * of the offset page with the same number, however the walk gets there (filter, resampling by
 * series or row by row, upsampling, vintages, `order=desc`, `time=latest`), and a page ending in
 * the middle of a grid index or a bucket must not lose or repeat a row.
 */

const qs = (params: Record<string, string>): string => new URLSearchParams(params).toString();
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', '+00:00');

function invalid(def: DatasetDef, query: string): string {
  try {
    runQuery(def, query, NOW);
  } catch (e) {
    if (e instanceof Rejection && e.kind === 'invalid' && typeof e.detail === 'string') return e.detail;
    throw e;
  }
  throw new Error('expected a 400');
}

interface Walk {
  def: DatasetDef;
  params: Record<string, string>;
}

const window = (def: DatasetDef, from: number, steps: number): Record<string, string> => {
  const start = def.firstTime(NOW) + from * def.stepMs;
  return { start_time: iso(start), end_time: iso(start + steps * def.stepMs) };
};

/** Walks that end pages inside grid indices (locations, vintages) and inside buckets (groups). */
const walkArb: fc.Arbitrary<Walk> = fc
  .record({
    kind: fc.constantFrom(
      'prices filtered',
      'prices by series',
      'prices by type, filtered',
      'prices upsampled',
      'forecast vintages',
      'forecast resampled',
      'forecast upsampled',
      'forecast latest',
      'load latest filtered',
      'load daily',
    ),
    from: fc.nat({ max: 5000 }),
    steps: fc.integer({ min: 1, max: 200 }),
    order: fc.constantFrom('asc', 'desc'),
    cut: fc.integer({ min: 10, max: 60 }),
    timezone: fc.constantFrom('UTC', 'market'),
  })
  .map(({ kind, from, steps, order, cut, timezone }): Walk => {
    const spp = { filter_column: 'spp', filter_operator: '>', filter_value: String(cut) };
    const base = { order, timezone };
    switch (kind) {
      case 'prices filtered':
        return { def: prices15, params: { ...base, ...window(prices15, from, steps), ...spp } };
      case 'prices by series':
        return {
          def: prices15,
          params: {
            ...base,
            ...window(prices15, from, steps * 4),
            resample_frequency: '1h',
            resample_function: 'max',
          },
        };
      case 'prices by type, filtered':
        return {
          def: prices15,
          params: {
            ...base,
            ...window(prices15, from, steps * 4),
            ...spp,
            resample_frequency: '2h',
            resample_by: 'location_type,market',
            resample_function: 'median',
          },
        };
      case 'prices upsampled':
        return {
          def: prices15,
          params: {
            ...base,
            ...window(prices15, from, steps),
            resample_frequency: '5min',
            resample_function: 'first',
          },
        };
      case 'forecast vintages':
        return { def: forecastHourly, params: { ...base, ...window(forecastHourly, from % 1500, steps) } };
      case 'forecast resampled':
        return {
          def: forecastHourly,
          params: { ...base, ...window(forecastHourly, from % 1500, steps), resample_frequency: '3h' },
        };
      case 'forecast upsampled':
        return {
          def: forecastHourly,
          params: {
            ...base,
            ...window(forecastHourly, from % 1500, Math.ceil(steps / 4)),
            resample_frequency: '20min',
            resample_function: 'last',
          },
        };
      case 'forecast latest':
        return { def: forecastHourly, params: { ...base, time: 'latest' } };
      case 'load latest filtered':
        return {
          def: load5,
          params: {
            ...base,
            time: 'latest',
            filter_column: 'load',
            filter_operator: '<',
            filter_value: '40000',
          },
        };
      case 'load daily':
        return {
          def: load5,
          params: {
            ...base,
            ...window(load5, from * 12, steps * 100),
            resample_frequency: '1d',
            resample_function: 'sum',
          },
        };
    }
    throw new Error(kind);
  });

function pageOf(
  w: Walk,
  extra: Record<string, string>,
): { rows: CellValue[][]; cursor: string | null; more: boolean } {
  const r = runQuery(w.def, qs({ ...w.params, ...extra }), NOW);
  return { rows: r.rows, cursor: r.meta.cursor, more: r.meta.hasNextPage === true };
}

describe('cursor pages', { timeout: 120_000 }, () => {
  it('equal the offset pages of the same number, and together the whole result', () => {
    fc.assert(
      fc.property(
        walkArb,
        fc.integer({ min: 1, max: 13 }),
        fc.option(fc.integer({ min: 1, max: 120 })),
        (w, pageSize, limit) => {
          const paging: Record<string, string> = { page_size: String(pageSize) };
          if (limit !== null) paging.limit = String(limit);
          const whole = pageOf(w, { page_size: '50000' }).rows.slice(0, limit ?? undefined);
          const walked: CellValue[][] = [];
          let cursor = '';
          for (let n = 1; n <= 400; n++) {
            const byCursor = pageOf(w, { ...paging, cursor });
            const byOffset = pageOf(w, { ...paging, page: String(n) });
            expect(byCursor.rows).toEqual(byOffset.rows);
            expect(byCursor.more).toBe(byOffset.more);
            walked.push(...byCursor.rows);
            if (byCursor.cursor === null) break;
            cursor = byCursor.cursor;
          }
          expect(walked).toEqual(whole.slice(0, walked.length));
          if (walked.length < 400 * pageSize) expect(walked).toEqual(whole);
        },
      ),
      { numRuns: 120 },
    );
  });

  it.each<[string, DatasetDef, Record<string, string>]>([
    [
      'a filtered walk',
      prices15,
      { ...window(prices15, 100, 2000), filter_column: 'spp', filter_operator: '>', filter_value: '30' },
    ],
    [
      'a filtered walk, desc',
      load5,
      {
        ...window(load5, 0, 8000),
        filter_column: 'load',
        filter_operator: '<',
        filter_value: '60000',
        order: 'desc',
      },
    ],
    ['a resampled walk by series', prices15, { ...window(prices15, 0, 8000), resample_frequency: '1h' }],
    [
      'a filtered resampled walk, desc',
      prices15,
      {
        ...window(prices15, 0, 4000),
        resample_frequency: '30min',
        filter_column: 'spp',
        filter_operator: '<',
        filter_value: '50',
        order: 'desc',
      },
    ],
    [
      'a walk over vintages',
      forecastHourly,
      { start_time: iso(START), end_time: iso(START + 40 * 24 * HOUR) },
    ],
  ])('at depth 1,001 equal page=1001 for %s', (_label, def, params) => {
    const paging = { ...params, page_size: '3' };
    let cursor = '';
    for (let n = 1; n <= 1000; n++) {
      const next = runQuery(def, qs({ ...paging, cursor }), NOW).meta.cursor;
      expect(next).not.toBeNull();
      cursor = next ?? '';
    }
    const deep = runQuery(def, qs({ ...paging, cursor }), NOW);
    const offset = runQuery(def, qs({ ...paging, page: '1001' }), NOW);
    expect(deep.rows).toHaveLength(3);
    expect(deep.rows).toEqual(offset.rows);
    expect(deep.meta.hasNextPage).toBe(offset.meta.hasNextPage);
  });
});

describe('cursor tokens', () => {
  const base = qs({ ...window(load5, 0, 100), page_size: '7' });

  it('are opaque base64url text', () => {
    const c = runQuery(load5, `${base}&cursor=`, NOW).meta.cursor ?? '';
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    ['an offset-only cursor of the old c1 format', btoa('c1.00000000.a').replace(/=+$/, '')],
    ['garbage', 'not a cursor!'],
    ['a position that is not a number', btoa('c2.00000000.7.zz!.0')],
  ])('refuse %s with 400', (_label, token) => {
    expect(invalid(load5, `${base}&cursor=${encodeURIComponent(token)}`)).toMatch(/cursor is invalid/);
  });

  it('refuse a cursor of another query, even with the same fingerprint length and position', () => {
    const c = runQuery(load5, `${base}&cursor=`, NOW).meta.cursor ?? '';
    expect(invalid(load5, `${base}&filter_column=load&filter_value=1&cursor=${c}`)).toMatch(
      /cursor is invalid/,
    );
    expect(invalid(prices15, `${base}&cursor=${c}`)).toMatch(/cursor is invalid/);
  });
});
