import { getDataset } from '@/mock/data/catalog';
import type { DatasetDef, Millis } from '@/mock/data/types';
import { CancelTicker, isQueryCancelled, NEVER_CANCELLED, QueryCancelled, type CancelCheck } from './cancel';
import { Rejection } from './rejection';
import { runQuery } from './runQuery';
import { forecastHourly, load5, NOW as TEST_NOW, prices15 } from './testDatasets';

const NOW: Millis = Date.UTC(2025, 5, 15, 12);

function dataset(id: string): DatasetDef {
  const def = getDataset(id);
  if (!def) throw new Error(`no dataset ${id}`);
  return def;
}

/** A check that says stop from its (n+1)-th question on, and counts the questions. */
function stopAfter(n: number): { check: CancelCheck; asked: () => number } {
  let calls = 0;
  return { check: () => ++calls > n, asked: () => calls };
}

function cancelledBy(def: DatasetDef, query: string, n: number): { error: unknown; asked: number } {
  const { check, asked } = stopAfter(n);
  try {
    runQuery(def, query, NOW, null, check);
  } catch (error) {
    return { error, asked: asked() };
  }
  throw new Error(`${def.id}?${query} finished although cancelled`);
}

describe('a cancelled query stops', () => {
  it.each([
    // A filter nothing passes: the whole history is walked row by row.
    ['ercot_load', 'filter_column=load&filter_operator=>&filter_value=1e9&page_size=10'],
    // time=latest with a filter nothing passes: the backwards search for the latest row.
    ['ercot_load', 'time=latest&filter_column=load&filter_operator=>&filter_value=1e9'],
    // A month of every location, resampled to one median per location (the series fast path).
    [
      'ercot_lmp_by_settlement_point',
      'start_time=2025-05-01&end_time=2025-06-01&resample_frequency=1month&resample_function=median',
    ],
    // The same with a row filter: the row-by-row resampler.
    [
      'ercot_lmp_by_settlement_point',
      'start_time=2025-05-01&end_time=2025-06-01&resample_frequency=1month&resample_function=median&filter_column=lmp&filter_operator=>&filter_value=100000',
    ],
    // Deep offset of a filtered walk: every skipped row is generated.
    [
      'ercot_lmp_by_settlement_point',
      'start_time=2025-05-01&end_time=2025-05-08&filter_column=lmp&filter_operator=>&filter_value=-1000&page=2000',
    ],
  ])('%s?%s throws QueryCancelled at the first check that says stop', (id, query) => {
    const { error, asked } = cancelledBy(dataset(id), query, 3);
    expect(error).toBeInstanceOf(QueryCancelled);
    expect(isQueryCancelled(error)).toBe(true);
    expect(error).not.toBeInstanceOf(Rejection);
    // Asked three times with "go on", then once with "stop": nothing ran past the fourth check.
    expect(asked).toBe(4);
  });

  it('is told apart from other errors', () => {
    expect(isQueryCancelled(new QueryCancelled())).toBe(true);
    expect(isQueryCancelled(new Error('boom'))).toBe(false);
    expect(isQueryCancelled(new Rejection('wrong_type', 'x'))).toBe(false);
    expect(isQueryCancelled('QueryCancelled')).toBe(false);
  });
});

describe('a check that never says stop changes nothing', () => {
  const cases: [DatasetDef, string][] = [
    [load5, 'page_size=700&filter_column=load&filter_operator=>&filter_value=40000'],
    [prices15, 'resample_frequency=1d&resample_function=median&order=desc&page_size=50'],
    [prices15, 'resample_frequency=1h&filter_column=spp&filter_operator=<&filter_value=40&page=3'],
    [forecastHourly, 'time=latest&page_size=20'],
    [forecastHourly, 'resample_frequency=30min&page_size=300&page=2'],
  ];
  it.each(cases.map(([def, query]) => [def.id, query, def] as const))('%s ?%s', (_, query, def) => {
    const plain = runQuery(def, query, TEST_NOW);
    expect(runQuery(def, query, TEST_NOW, null, NEVER_CANCELLED)).toEqual(plain);
    const { check } = stopAfter(Number.POSITIVE_INFINITY);
    expect(runQuery(def, query, TEST_NOW, null, check)).toEqual(plain);
  });
});

describe('CancelTicker', () => {
  it('asks the check once per few thousand units of work, and throws when it says stop', () => {
    let asked = 0;
    let stop = false;
    const ticker = new CancelTicker(() => {
      asked++;
      return stop;
    });
    for (let i = 0; i < 8191; i++) ticker.tick();
    expect(asked).toBe(0);
    ticker.tick();
    expect(asked).toBe(1);
    stop = true;
    expect(() => ticker.tick(8192)).toThrow(QueryCancelled);
  });
});
