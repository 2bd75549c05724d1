/**
 * Planning the filter (contract §6.2): from the query string or the path. A filter on the location
 * column picks the locations to walk, a comparison on the time index narrows the time range, and
 * any other filter becomes a predicate on generated rows.
 */
import type { FilterOperator } from '@/contract';
import type { ColumnDef, DatasetDef, Millis } from '@/mock/data/types';
import { compileFilter, resolveOperator } from '../filter';
import { invalid } from '../rejection';
import { parseTimestamp, type Zone } from '@/time';
import { columnIndex, columnNotFound } from './columns';
import type { RawQueryParams } from './queryParams';
import type { QueryPlan } from './queryPlan';
import { intersect, type TimeRange } from './timeRange';

/** What the filter decides: the locations to walk, a row predicate, and the time range it narrows. */
type FilterPlan = Pick<QueryPlan, 'locations' | 'rowFilter' | 'lo' | 'hi'>;

/** The filter's column, value and operator, from the path or the query string; undefined without one. */
function filterOf(
  raw: RawQueryParams,
): { column: string; value: string; operator: FilterOperator } | undefined {
  if (raw.pathFilter) return { column: raw.pathFilter.column, value: raw.pathFilter.value, operator: '=' };
  const column = raw.filterColumn?.trim() === '' ? undefined : raw.filterColumn?.trim();
  const value = raw.filterValue;
  if (column !== undefined && value === undefined) {
    throw invalid('filter_column requires filter_value; give both or neither.');
  }
  if (column === undefined && value !== undefined && value !== '') {
    throw invalid('filter_value requires filter_column; give both or neither.');
  }
  if (column === undefined || value === undefined) return undefined;
  return { column, value, operator: resolveOperator(raw.filterOperator) };
}

export function planFilter(def: DatasetDef, raw: RawQueryParams, zone: Zone, range: TimeRange): FilterPlan {
  const plan: FilterPlan = { locations: def.locations, rowFilter: null, lo: range.lo, hi: range.hi };
  const filter = filterOf(raw);
  if (!filter) return plan;
  const { column: name, value, operator } = filter;
  const index = columnIndex(def, name);
  const column = def.columns[index] ?? columnNotFound(def, name);
  const predicate = compileFilter(column, operator, value, zone);
  if (name === def.subseriesColumn && def.locations) {
    // A subseries filter picks grid columns: other members are never touched.
    plan.locations = def.locations.filter((l) => predicate(l.name));
  } else if (def.locations && def.memberAttribute?.(name)) {
    const attribute = def.memberAttribute(name);
    plan.locations = def.locations.filter((m) => attribute !== undefined && predicate(attribute(m)));
  } else if (name === def.timeIndexColumn && operator !== '!=' && operator !== 'in') {
    [plan.lo, plan.hi] = intersect(plan.lo, plan.hi, operator, compileInstant(value, zone, column));
  } else {
    plan.rowFilter = (row) => predicate(row[index] ?? null);
  }
  return plan;
}

function compileInstant(value: string, zone: Zone, column: ColumnDef): Millis {
  const ts = parseTimestamp(value);
  // compileFilter has already rejected a value that is not a timestamp.
  if (!ts)
    throw invalid(`filter_value '${value}' is not a valid timestamp for the datetime column ${column.name}.`);
  return zone.instant(ts);
}
