/**
 * The audit of contract §7: per market day of the last 30 complete market days, the numbers a
 * query from market midnight to market midnight returns.
 */
import type { DatasetAuditRecord } from '@/contract';
import { marketDateOf, marketDayIndex, marketMidnightOfDay } from '@/time';
import { countRows } from './counting';
import type { DatasetDef, Millis } from './types';

const AUDIT_DAYS = 30;

export function datasetAudit(def: DatasetDef, now: Millis): DatasetAuditRecord[] {
  const today = marketDayIndex(now);
  const records: DatasetAuditRecord[] = [];
  for (let day = today - 1; day >= today - AUDIT_DAYS; day--) {
    const start = marketMidnightOfDay(day);
    const c = countRows(def, start, marketMidnightOfDay(day + 1), now);
    records.push({
      market_date: marketDateOf(start),
      number_of_datapoints: c.rows,
      number_of_unique_time_index_values: c.timeValues,
      number_of_unique_subseries_index_values: c.subseriesValues,
    });
  }
  return records;
}
