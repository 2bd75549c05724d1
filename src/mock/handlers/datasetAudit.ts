import type { DatasetAuditRecord } from '@/contract';
import { datasetAudit } from '../data/audit';
import { datasetOf } from './datasets';
import { formatParams, listResponse, singlePageMeta } from './responders';
import { defineRoute } from './route';

const AUDIT_FIELDS = [
  'market_date',
  'number_of_datapoints',
  'number_of_unique_time_index_values',
  'number_of_unique_subseries_index_values',
] as const satisfies readonly (keyof DatasetAuditRecord)[];

/** Contract §7: the last 30 complete market days, newest first. */
export const datasetAuditRoute = defineRoute('datasetAudit', (ctx) => {
  const format = formatParams(ctx.query);
  ctx.query.assertValid();
  const def = datasetOf(ctx);
  const resolved = format.resolve();
  const rows = datasetAudit(def, ctx.now);
  return listResponse(resolved, {
    filenameBase: def.id,
    columns: AUDIT_FIELDS,
    rows: rows,
    meta: singlePageMeta(rows.length),
  });
});
