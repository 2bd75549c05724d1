import type { DatasetUpdate, Order } from '@/contract';
import { datasetUpdates } from '../data/updates';
import { intInRange, oneOf } from '../engine/params';
import { datasetOf } from './datasets';
import { formatParams, listResponse, singlePageMeta } from './responders';
import { defineRoute } from './route';

const UPDATE_FIELDS = [
  'id',
  'dataset',
  'time_utc',
  'num_rows_inserted',
  'num_rows_updated',
  'is_backfill',
] as const satisfies readonly (keyof DatasetUpdate)[];

const ORDER_VALUES = ['asc', 'desc'] as const satisfies readonly Order[];
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

/** Contract §7: publication runs of the last 7 days, newest first unless `order=asc`. */
export const datasetUpdatesRoute = defineRoute('datasetUpdates', (ctx) => {
  const format = formatParams(ctx.query);
  const limitParam = ctx.query.integer('limit');
  const rawOrder = ctx.query.string('order');
  ctx.query.assertValid();
  const def = datasetOf(ctx);
  const order = oneOf('order', rawOrder, ORDER_VALUES, 'desc');
  const limit = intInRange('limit', limitParam ?? DEFAULT_LIMIT, 1, MAX_LIMIT);
  const resolved = format.resolve();

  // One record beyond the limit tells whether more exist, without building all 60,000 runs of a 10-s dataset.
  const ordered = datasetUpdates(def, ctx.now, { order, limit: limit + 1 });
  const rows = ordered.slice(0, limit);
  return listResponse(resolved, {
    filenameBase: def.id,
    columns: UPDATE_FIELDS,
    rows: rows,
    meta: singlePageMeta(rows.length, { limit, hasNextPage: ordered.length > limit }),
  });
});
