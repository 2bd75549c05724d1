/**
 * How a column of an SQL result is written to a file, from DuckDB's type and the page's naming
 * rule for times (docs/decisions/0024-sql-in-the-page.md): a TIMESTAMP is a UTC instant, unless its
 * name ends in `_local`, when it is a wall clock (the market's, as the API gave it). Integers stay
 * integers (INT64 in Parquet), DECIMAL and floating types are doubles, DATE is a date; anything
 * else (TIME, INTERVAL, nested values) is written as the text the page shows.
 */
import type { ParquetColumnKind } from '@/api/exports/parquetFile';
import type { SqlColumn } from '../types';

export function sqlColumnKind(column: SqlColumn): ParquetColumnKind {
  const type = column.type.toUpperCase();
  if (type.startsWith('TIMESTAMP')) return column.name.endsWith('_local') ? 'wallClock' : 'timestamp';
  if (type === 'DATE') return 'date';
  if (type === 'BOOLEAN') return 'boolean';
  if (/^U?(TINYINT|SMALLINT|INTEGER|BIGINT)$/.test(type)) return 'int64';
  if (type === 'DOUBLE' || type === 'FLOAT' || type.startsWith('DECIMAL')) return 'double';
  return 'string';
}
