import { priceKeys } from '@/api/prices/keys';
import { queryKeys } from '@/api/query/keys';
import { compareSeriesKeys } from '@/compare/seriesKeys';
import { datasetKeys } from '@/api/datasets/keys';
import { usageKeys } from '@/api/usage/keys';
import { mayRecord, recordedSource } from './historySources';
import { VIEW_KINDS } from './types';

const PARAMS = { start_time: '2025-07-15T05:00:00Z', end_time: '2025-07-16T05:00:00Z' };

describe('which queries the history may record', () => {
  const keys: (readonly unknown[])[] = [
    queryKeys.table('ercot_load', PARAMS),
    queryKeys.rows('ercot_load', PARAMS),
    queryKeys.live('ercot_load', PARAMS),
    queryKeys.liveNew('ercot_load', PARAMS),
    compareSeriesKeys.all,
    [...compareSeriesKeys.all, 'ercot_load', PARAMS],
    priceKeys.snapshot({ dataset: 'ercot_lmp_by_settlement_point', column: 'lmp', time: PARAMS.start_time }),
    priceKeys.all,
    datasetKeys.list({}),
    usageKeys.all,
    ['elsewhere', 'ercot_load', 'table', PARAMS],
    [],
  ];

  it('passes every key some page records (the recorder reads the page only for those)', () => {
    for (const key of keys) {
      const recorded = [null, ...VIEW_KINDS].some((page) => recordedSource(key, page) !== null);
      if (recorded) expect(mayRecord(key), JSON.stringify(key)).toBe(true);
    }
  });

  it("turns away a live page's new rows, metadata and usage at their key", () => {
    expect(mayRecord(queryKeys.liveNew('ercot_load', PARAMS))).toBe(false);
    expect(mayRecord(datasetKeys.list({}))).toBe(false);
    expect(mayRecord(usageKeys.all)).toBe(false);
    expect(mayRecord([])).toBe(false);
  });
});
