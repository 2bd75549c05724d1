import { priceKeys } from '@/api/prices/keys';
import { queryKeys } from '@/api/query/keys';
import { datasetKeys } from '@/api/datasets/keys';
import { usageKeys } from '@/api/usage/keys';
import { recordedSource } from './historySources';
import type { ViewKind } from './types';

const PARAMS = { start_time: '2025-07-15T05:00:00Z', end_time: '2025-07-16T05:00:00Z' };

/** A page reader that counts its reads. */
function pageOf(kind: ViewKind | null) {
  const reader = Object.assign(() => (reader.reads++, kind), { reads: 0 });
  return reader;
}

describe('which queries the history records', () => {
  it("reads no page for a query never recorded: a live page's new rows, metadata, usage", () => {
    for (const key of [queryKeys.liveNew('ercot_load', PARAMS), datasetKeys.list({}), usageKeys.all, []]) {
      const page = pageOf('today');
      expect(recordedSource(key, page), JSON.stringify(key)).toBeNull();
      expect(page.reads, JSON.stringify(key)).toBe(0);
    }
  });

  it('reads the page only where it decides: a live day on /today, a snapshot on the price map', () => {
    const live = queryKeys.live('ercot_load', PARAMS);
    expect(recordedSource(live, pageOf('today'))?.type).toBe('live');
    expect(recordedSource(live, pageOf('query'))).toBeNull();
    const snapshot = priceKeys.snapshot({
      dataset: 'ercot_lmp_by_settlement_point',
      column: 'lmp',
      time: PARAMS.start_time,
    });
    expect(recordedSource(snapshot, pageOf('priceMap'))?.type).toBe('snapshot');
    expect(recordedSource(snapshot, pageOf('today'))).toBeNull();
    // The query builder's own query is recorded wherever it runs, without a look at the page.
    const table = pageOf(null);
    expect(recordedSource(queryKeys.table('ercot_load', PARAMS), table)?.type).toBe('table');
    expect(table.reads).toBe(0);
  });
});
