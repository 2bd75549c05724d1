/**
 * An SQL result as the shared VirtualTable reads it: one column per result column (repeated names
 * made unique, since the table keys columns by id), numbers at the query builder's precision,
 * timestamps as ISO text.
 */
import type { VirtualTableColumn } from '@/components/VirtualTable';
import type { TableRows } from '@/components/tableRows';
import { formatCellNumber } from '@/lib/format';
import type { SqlColumn, SqlRows } from '@/sql/types';
import { isNumericType, isTimestampType } from './sqlTypes';

/** Ids for columns whose names may repeat (`SELECT a, a`): the second is `a_2`. */
function uniqueIds(columns: readonly SqlColumn[]): string[] {
  const seen = new Set<string>();
  return columns.map((c) => {
    let id = c.name;
    for (let n = 2; seen.has(id); n++) id = `${c.name}_${n}`;
    seen.add(id);
    return id;
  });
}

export function resultColumns(columns: readonly SqlColumn[]): VirtualTableColumn[] {
  const ids = uniqueIds(columns);
  return columns.map((c, i) => ({
    id: ids[i] ?? c.name,
    header: c.name,
    unit: c.unit,
    numeric: isNumericType(c.type),
  }));
}

/**
 * Whether a timestamp column holds UTC instants, by its name: an `_utc` column, or an expression
 * DuckDB named after `_utc` columns only (`min(interval_start_utc)`, `interval_start_utc + …`). One
 * that reads a `_local` wall clock too, or an alias (`AS first`), cannot be told and is not marked.
 */
const isUtcName = (name: string): boolean => /_utc\b/.test(name) && !/_local\b/.test(name);

/**
 * A timestamp cell (epoch ms) as ISO text. DuckDB's TIMESTAMP has no zone: a UTC instant
 * (`isUtcName`) is marked `Z`, any other (a `_local` wall clock, an alias) is written as it reads.
 */
export function formatSqlTimestamp(ms: number, column: SqlColumn): string {
  const iso = new Date(ms).toISOString();
  const text = iso.endsWith('.000Z') ? iso.slice(0, -5) : iso.slice(0, -1);
  return isUtcName(column.name) ? `${text}Z` : text;
}

export function formatSqlCell(
  value: number | string | boolean | null,
  column: SqlColumn | undefined,
): string {
  if (value === null || column === undefined) return '';
  if (typeof value === 'number') {
    if (isTimestampType(column.type)) return Number.isFinite(value) ? formatSqlTimestamp(value, column) : '';
    return formatCellNumber(value, column.unit);
  }
  return String(value);
}

/** The rows of a result held in the page: every row is there, read cell by cell for those in view. */
export function resultTableRows(result: SqlRows): TableRows {
  return {
    count: result.rowCount,
    text: (row, column) => formatSqlCell(result.value(row, column), result.columns[column]),
    fullText: (row, column) => {
      const value = result.value(row, column);
      const type = result.columns[column]?.type ?? '';
      return typeof value === 'number' && !isTimestampType(type) ? String(value) : undefined;
    },
    result,
  };
}
