/**
 * SQL over the results the page fetched (issue 29, docs/decisions/0024-sql-in-the-page.md): the
 * shapes the engine (src/sql/engine), the SQL page (src/features/sql) and the pages that open
 * their results in SQL (query builder, Compare) share. Nothing here loads DuckDB: this module is
 * types and constants only, safe for any page to import.
 */
import type { ApiRequest } from '@/api/apiRequest';
import type { DatasetQueryParams } from '@/contract';

/**
 * Where a table's rows come from: what a link carries to build the table again.
 * - `query`: every row of a dataset query (walked by cursor, like an export), with the API's
 *   parameters as the page sent them, paging left out.
 * - `sql`: a result saved as a table (`CREATE TABLE name AS <sql>`) over tables listed before it.
 */
export type SqlTableSource =
  { kind: 'query'; dataset: string; params: DatasetQueryParams } | { kind: 'sql'; sql: string };

/** A table by name and source: the unit of a link, of "Open in SQL" and of a rebuild. */
export interface SqlTableSpec {
  name: string;
  source: SqlTableSource;
}

/** A column as DuckDB holds it. */
export interface SqlColumn {
  name: string;
  /** DuckDB's type name: `TIMESTAMP`, `DOUBLE`, `VARCHAR`, `BIGINT`, … */
  type: string;
  /** The dataset's unit for a column loaded from a dataset (`$/MWh`, `MW`), else null. */
  unit: string | null;
}

export type SqlTableStatus =
  | { state: 'loading'; rows: number; estimate: number | null }
  | { state: 'ready' }
  | { state: 'failed'; message: string }
  | { state: 'cancelled' };

/** A table of the SQL session, as the tables panel lists it. */
export interface SqlTable {
  name: string;
  source: SqlTableSource;
  columns: readonly SqlColumn[];
  rowCount: number;
  status: SqlTableStatus;
  /** The API requests that made it (the key never in them): its provenance, for the panel and sidecars. */
  requests: readonly ApiRequest[];
  /** The pages a dataset query was read in (one HTTP request each), once it is loaded. */
  pages?: number;
}

/** Rows held in the page, read cell by cell (a result, or one batch of a streamed result). */
export interface SqlRows {
  columns: readonly SqlColumn[];
  rowCount: number;
  /**
   * A cell: numbers (BIGINT as a number when it fits), TIMESTAMP as epoch ms (UTC for an instant,
   * the wall clock read as UTC for a `_local` column), text, booleans; null for SQL NULL.
   */
  value(row: number, column: number): number | string | boolean | null;
}

/** What a statement returned, held in the page up to the row cap. */
export interface SqlResult extends SqlRows {
  sql: string;
  /** The statement gave more rows than the cap: only the first `rowCount` are held. */
  truncated: boolean;
  elapsedMs: number;
}

/** A failed statement, as DuckDB said it, with the position it marked (1-based) when it marked one. */
export interface SqlErrorInfo {
  /** DuckDB's class of error: `Parser Error`, `Binder Error`, `Catalog Error`, `Out of Memory Error`, … */
  kind: string;
  message: string;
  line: number | null;
  column: number | null;
}

/** A table's name: lower-case SQL identifier, so it never needs quoting. */
export const SQL_TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Rows a result holds in the page before it says so and offers an export of the rest. */
export const SQL_ROW_CAPS = [10_000, 100_000, 1_000_000] as const;
export type SqlRowCap = (typeof SQL_ROW_CAPS)[number];
export const DEFAULT_SQL_ROW_CAP: SqlRowCap = 100_000;
