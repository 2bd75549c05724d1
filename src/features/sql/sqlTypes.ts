/**
 * Reading DuckDB's type names and writing identifiers: what the examples, the chart and the table
 * need to know about a column without asking the engine.
 */

/** DuckDB's numeric types: integers of every width (signed or not), floats and decimals. */
const NUMERIC_TYPE =
  /^(U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)|FLOAT|REAL|DOUBLE|DECIMAL(\(\d+,\s*\d+\))?)$/;
/** Zone-less timestamps only: the session never makes a TIMESTAMP WITH TIME ZONE (it needs ICU). */
const TIMESTAMP_TYPE = /^TIMESTAMP(_S|_MS|_NS)?$/;

export function isNumericType(type: string): boolean {
  return NUMERIC_TYPE.test(type.toUpperCase());
}

export function isTimestampType(type: string): boolean {
  return TIMESTAMP_TYPE.test(type.toUpperCase());
}

/** Words a bare column name would be read as; quoted when a column is named so. */
const RESERVED = new Set([
  'all', 'and', 'any', 'as', 'asc', 'between', 'by', 'case', 'cast', 'check', 'column', 'create',
  'default', 'desc', 'distinct', 'do', 'else', 'end', 'except', 'false', 'fetch', 'for', 'from',
  'grant', 'group', 'having', 'in', 'intersect', 'into', 'is', 'join', 'limit', 'not', 'null',
  'offset', 'on', 'or', 'order', 'pivot', 'select', 'table', 'then', 'to', 'true', 'union',
  'unique', 'unpivot', 'user', 'using', 'when', 'where', 'window', 'with',
]); // prettier-ignore

/** A name as SQL reads it: bare when it is a plain lower-case word, else double-quoted. */
export function sqlIdentifier(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) && !RESERVED.has(name) ? name : `"${name.replaceAll('"', '""')}"`;
}
